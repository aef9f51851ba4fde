import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { Compose } from '../../lib/mail/delivery.js';
import { type MailOutbox, queueMail } from '../../lib/mail/outbox.js';
import { renderMail } from '../../lib/mail/templates.js';

/** The outbox's kind of the approvals digest. */
export const APPROVALS_DIGEST_MAIL = 'approvals-digest';

/** At most one digest in this long. */
export const DIGEST_EVERY_MS = 60 * 60_000;

export interface DigestParams {
  userId: string;
}

/** One thing waiting for staff: a job post (or a change to a live one), or a new member who paid. */
export interface Waiting {
  kind: 'job_post' | 'new_member';
  id: string;
  name: string;
  since: Date;
}

/**
 * What waits for staff's approval now: job posts submitted and waiting, live job posts whose
 * poster's change waits ('changes waiting'), and memberships paid
 * and waiting for staff's approval (the chamber approves new members), oldest first.
 */
export async function waitingForApproval(db: Executor): Promise<Waiting[]> {
  const result = await db.execute<{
    kind: Waiting['kind'];
    id: string;
    name: string;
    since: Date;
  }>(sql`
    select 'job_post' as kind, j.id, j.title || ' (' ||
        coalesce(nullif(c.business_name, ''), trim(c.first_name || ' ' || c.last_name)) || ')' as name,
        coalesce(j.submitted_at, j.updated_at) as since
      from job_posts j join contacts c on c.id = j.contact_id
      where j.status = 'pending'
    union all
    select 'job_post', j.id, j.title || ' (' ||
        coalesce(nullif(c.business_name, ''), trim(c.first_name || ' ' || c.last_name)) ||
        ', changes waiting)',
        coalesce(j.change_submitted_at, j.updated_at)
      from job_posts j join contacts c on c.id = j.contact_id
      where j.status = 'approved' and j.pending_change is not null
    union all
    select 'new_member', m.id,
        coalesce(nullif(c.business_name, ''), trim(c.first_name || ' ' || c.last_name)),
        m.updated_at
      from memberships m join contacts c on c.id = m.contact_id
      where m.status = 'pending' and m.paid_through is not null
    order by since, id`);
  return result.rows.map((r) => ({ ...r, since: new Date(r.since) }));
}

/**
 * Queues the approvals digest to each active admin when something began waiting since the
 * last digest and the last went an hour ago or more (or never): at most one an hour, none
 * when nothing new waits. The last digest is its newest row in the outbox. Run by the
 * `approvals-digest` job; safe to repeat and to run in two processes at once (one lock).
 */
export async function queueApprovalsDigest(
  db: Database,
  clock: Clock,
): Promise<{ queued: number; waiting: number }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${APPROVALS_DIGEST_MAIL}))`);
    const last = await tx.execute<{ at: Date | null }>(
      sql`select max(created_at) as at from mail_outbox where kind = ${APPROVALS_DIGEST_MAIL}`,
    );
    const lastAt = last.rows[0]?.at ? new Date(last.rows[0].at) : null;
    if (lastAt && now.getTime() - lastAt.getTime() < DIGEST_EVERY_MS) {
      return { queued: 0, waiting: 0 };
    }
    const waiting = await waitingForApproval(tx);
    const fresh = waiting.filter((w) => !lastAt || w.since > lastAt);
    if (fresh.length === 0) return { queued: 0, waiting: waiting.length };
    const staff = await tx.execute<{ id: string }>(
      sql`select id from users where role = 'admin' and status = 'active' order by created_at, id`,
    );
    for (const { id } of staff.rows) {
      await queueMail(tx, now, APPROVALS_DIGEST_MAIL, { userId: id } satisfies DigestParams);
    }
    return { queued: staff.rows.length, waiting: waiting.length };
  });
}

/** The digest, composed when its turn comes from what waits then, with a link to each list. */
export function registerApprovalsDigest(db: Database, outbox: MailOutbox): void {
  outbox.register(APPROVALS_DIGEST_MAIL, (p) => composeDigest(db, p as unknown as DigestParams));
}

async function composeDigest(db: Database, { userId }: DigestParams): Promise<Compose | null> {
  const admin = await db.execute<{ email: string; first_name: string }>(
    sql`select email, first_name from users where id = ${userId} and role = 'admin' and status = 'active'`,
  );
  const to = admin.rows[0];
  if (!to) return null;
  const waiting = await waitingForApproval(db);
  if (waiting.length === 0) return null;
  const posts = waiting.filter((w) => w.kind === 'job_post');
  const members = waiting.filter((w) => w.kind === 'new_member');
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (chamber) => {
    const list = (tab: string, extra = '') => `${chamber.publicUrl}/admin?tab=${tab}${extra}`;
    const sections = [
      ...(posts.length
        ? [
            `${count(posts.length, 'job post waits', 'job posts wait')} for approval (${list('jobs')}):\n${posts.map((w) => `• ${w.name}`).join('\n')}`,
          ]
        : []),
      ...(members.length
        ? [
            `${count(members.length, 'new member waits', 'new members wait')} for approval (${list('memberships', '&list=pending')}):\n${members.map((w) => `• ${w.name}`).join('\n')}`,
          ]
        : []),
    ];
    const subject = `Waiting for approval: ${count(waiting.length, 'item', 'items')}`;
    return {
      to: to.email,
      ...renderMail(chamber, {
        subject,
        preview: sections[0]!.split('\n')[0]!,
        greeting: `Hi ${to.first_name || 'there'},`,
        paragraphs: sections,
        action: {
          label: posts.length ? 'Review job posts' : 'Review new members',
          url: posts.length ? list('jobs') : list('memberships', '&list=pending'),
        },
        note: 'This digest comes at most once an hour, when something new waits.',
      }),
    };
  };
}
