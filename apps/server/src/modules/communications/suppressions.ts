import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql } from 'drizzle-orm';
import {
  type MailTopic,
  mailTopics,
  type Suppression,
  type SuppressionList,
  type UnsubscribeList,
} from '@chamber/contract';
import {
  campaignRecipients,
  type Database,
  type Executor,
  mailPreferences,
  mailSuppressions,
} from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import {
  type BouncePoller,
  type BounceReport,
  type DeliveryOutcome,
  type SuppressionReason,
  suppressionFor,
} from './bounces/index.js';

/** Which report about one mail counts when several come: a complaint, then hard, then soft. */
const weight = { soft: 1, hard: 2, complaint: 3 } as const;

/** `%q%` for ILIKE, the pattern's own characters taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The topics a mail_preferences row left, in the order of `mailTopics`. */
const topicsLeft = (row: typeof mailPreferences.$inferSelect): MailTopic[] => {
  const left: Record<MailTopic, boolean> = {
    newsletter: row.newsletterOptOut,
    announcements: row.announcementsOptOut,
    'event-news': row.eventNewsOptOut,
  };
  return mailTopics.filter((t) => left[t]);
};

const detailOf = (report: BounceReport) =>
  [report.status, report.diagnostic].filter(Boolean).join(' ').slice(0, 500);

const view = (row: typeof mailSuppressions.$inferSelect): Suppression => ({
  email: row.email,
  reason: row.reason as Suppression['reason'],
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The addresses bulk mail does not go to: what the bounce mailbox reports (a hard bounce or a
 * complaint, three soft bounces in a row) and staff's own choices, listed for staff, who may
 * lift them. Transactional mail never reads this list.
 */
export class Suppressions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The bounce mailbox's reader, when one is configured. */
    private readonly poller: () => BouncePoller | null = () => null,
  ) {}

  /**
   * A report from the bounce mailbox. The campaign mail it names (its VERP token is the
   * recipient's id) is marked bounced; then the address's history since staff last lifted a
   * suppression decides (bounces/suppression.ts). Idempotent: the reader may hand a report
   * over twice.
   */
  async record(
    report: BounceReport,
  ): Promise<{ email: string; suppressed: SuppressionReason | null }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const token = report.verpToken;
      const [mail] =
        token && isUuid(token)
          ? await tx
              .select()
              .from(campaignRecipients)
              .where(eq(campaignRecipients.id, token))
              .for('update')
          : [];
      const email = (mail?.email ?? report.recipient).toLowerCase();
      // One address's reports one at a time: two soft bounces read at once still count two.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`suppression:${email}`}))`);
      const known = mail !== undefined && (mail.state === 'sent' || mail.state === 'bounced');
      if (known) {
        const was = mail.bounceKind as keyof typeof weight | null;
        const kind = was && weight[was] > weight[report.kind] ? was : report.kind;
        await tx
          .update(campaignRecipients)
          .set({
            state: 'bounced',
            bounceKind: kind,
            bouncedAt: mail.bouncedAt ?? now,
            lastError: detailOf(report) || mail.lastError,
          })
          .where(eq(campaignRecipients.id, mail.id));
      }
      const history = await this.history(tx, email);
      // A report about mail the portal has no row for (a complaint without our token) counts once.
      if (!known) history.push(report.kind);
      const reason = suppressionFor(history);
      if (reason) {
        await tx
          .insert(mailSuppressions)
          .values({ email, reason, detail: detailOf(report), createdAt: now })
          .onConflictDoNothing();
      }
      return { email, suppressed: reason };
    });
  }

  /** What happened to the address's campaign mail since a suppression of it was last lifted. */
  private async history(tx: Executor, email: string): Promise<DeliveryOutcome[]> {
    const [lift] = await tx
      .select({ at: max(mailSuppressions.liftedAt) })
      .from(mailSuppressions)
      .where(eq(mailSuppressions.email, email));
    const rows = await tx
      .select({ state: campaignRecipients.state, kind: campaignRecipients.bounceKind })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.email, email),
          inArray(campaignRecipients.state, ['sent', 'bounced']),
          lift?.at ? sql`${campaignRecipients.sentAt} > ${lift.at}` : undefined,
        ),
      )
      .orderBy(asc(campaignRecipients.sentAt));
    return rows.map((r) =>
      r.state === 'bounced' && r.kind ? (r.kind as DeliveryOutcome) : 'delivered',
    );
  }

  /** GET /admin/suppressions: the addresses suppressed now, newest first, and the mailbox. */
  async list(query: {
    q?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<SuppressionList> {
    const where = and(
      isNull(mailSuppressions.liftedAt),
      query.q ? ilike(mailSuppressions.email, containing(query.q)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(mailSuppressions)
        .where(where)
        .orderBy(desc(mailSuppressions.createdAt), asc(mailSuppressions.email))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(mailSuppressions).where(where),
    ]);
    const total = counted?.total ?? 0;
    const hasMore = query.offset + rows.length < total;
    const status = this.poller()?.status() ?? null;
    return {
      suppressions: rows.map(view),
      truncated: hasMore,
      pagination: { total, hasMore },
      mailbox: status && {
        lastSuccessAt: status.lastSuccessAt?.toISOString() ?? null,
        lastError: status.lastError
          ? { at: status.lastError.at.toISOString(), message: status.lastError.message }
          : null,
        failuresInARow: status.failuresInARow,
        nextAttemptAt: status.nextAttemptAt?.toISOString() ?? null,
        reports: status.reports,
        ignored: status.ignored,
      },
    };
  }

  /**
   * GET /admin/unsubscribes: the addresses that left at least one topic, the latest change
   * first, with the topics they left. They still get transactional mail and the topics they
   * kept.
   */
  async unsubscribes(query: {
    q?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<UnsubscribeList> {
    const where = and(
      or(
        eq(mailPreferences.newsletterOptOut, true),
        eq(mailPreferences.announcementsOptOut, true),
        eq(mailPreferences.eventNewsOptOut, true),
      ),
      query.q ? ilike(mailPreferences.email, containing(query.q)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(mailPreferences)
        .where(where)
        .orderBy(desc(mailPreferences.updatedAt), asc(mailPreferences.email))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ total: count() }).from(mailPreferences).where(where),
    ]);
    const total = counted?.total ?? 0;
    return {
      unsubscribes: rows.map((row) => ({
        email: row.email,
        topics: topicsLeft(row),
        updatedAt: row.updatedAt.toISOString(),
      })),
      pagination: { total, hasMore: query.offset + rows.length < total },
    };
  }

  /** POST /admin/suppressions: staff stop bulk mail to an address themselves. */
  async suppress(session: Session, email: string, detail: string): Promise<Suppression> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailSuppressions)
        .values({ email, reason: 'manual', detail, createdAt: this.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('conflict', 'This address is suppressed already.');
      await this.audit(tx, session, 'suppression.add', email, null, { reason: 'manual', detail });
      return view(row);
    });
  }

  /** POST /admin/suppressions/lift: bulk mail may reach the address again; the row stays. */
  async lift(session: Session, email: string): Promise<{ lifted: true }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(mailSuppressions)
        .set({ liftedAt: this.clock.now() })
        .where(and(eq(mailSuppressions.email, email), isNull(mailSuppressions.liftedAt)))
        .returning();
      if (!row) throw new AppError('not_found', 'This address is not suppressed.');
      await this.audit(
        tx,
        session,
        'suppression.lift',
        email,
        { reason: row.reason, detail: row.detail },
        null,
      );
      return { lifted: true as const };
    });
  }

  private audit(
    tx: Executor,
    session: Session,
    action: string,
    email: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    return recordAudit(tx, {
      actorId: session.user.id,
      actorEmail: session.user.email,
      action,
      targetType: 'mail_suppression',
      targetId: email,
      targetLabel: email,
      before,
      after,
    });
  }
}
