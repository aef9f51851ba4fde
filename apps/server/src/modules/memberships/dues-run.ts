import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { membershipValue } from '../account/index.js';
import { dateKeyIn, daysUntil, type DuesNoticeKind } from '@chamber/contract';
import { contacts, type Database, duesNotices, membershipPlans, memberships } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import { duesMail, isAutomatic } from './dues-mail.js';
import * as q from './queries.js';
import { startScheduledPlans } from './scheduled-plans.js';

/** Memberships moved to grace or lapse per transaction: short locks, steady progress. */
const BATCH = 500;
/** Mails sent side by side by one run (each holds a database connection while it sends). */
const MAIL_SENDERS = 4;

export interface DuesRunReport {
  today: string;
  grace: number;
  lapsed: number;
  reminders: number;
  autoChargeNotices: number;
  mailed: number;
}

/**
 * The daily dues work (the dues job runs it): memberships past their paid-through date enter
 * grace, those past the grace period lapse, and the mails due today are queued and then sent.
 *
 * Each mail is a dues_notices row, written in the transaction of the change that calls for it
 * (or, for reminders, on its own) with ON CONFLICT DO NOTHING, so it is queued exactly once
 * however many processes run this, and however often; sending takes one unsent row at a time
 * with FOR UPDATE SKIP LOCKED and marks it in the same transaction. A run killed halfway
 * leaves changes made and mails queued, never half of one: the next run carries on.
 */
export async function runDues(
  db: Database,
  clock: Clock,
  mail: MailDelivery,
): Promise<DuesRunReport> {
  const today = dateKeyIn(clock.now(), await q.chamberTimeZone(db));
  const settings = await q.getSettings(db);
  const now = clock.now();
  await startScheduledPlans(db, clock);
  const { grace, lapsed } = await advanceStanding(db, clock);

  const days = settings.reminderDays.length > 0 ? settings.reminderDays : [];
  const maxDay = Math.max(0, ...days);
  // dueReminderDay (packages/contract) in SQL: the nearest reminder day not yet passed.
  const reminders = days.length
    ? await db.execute(sql`
        insert into ${duesNotices} (membership_id, kind, paid_through, days_before, sent_at)
        select m.id, 'renewal_reminder', m.paid_through, d.day, ${now}
        from ${memberships} m
        cross join lateral (
          select min(x)::smallint as day from unnest(${`{${days.join(',')}}`}::smallint[]) x
          where x >= m.paid_through - ${today}::date
        ) d
        where m.status = 'active' and m.paid_through >= ${today}::date
          and m.paid_through <= ${today}::date + ${maxDay}::int
          and d.day is not null
          and not (m.auto_renew and m.card_last4 is not null)
        on conflict do nothing`)
    : { rowCount: 0 };
  const autoCharge = await db.execute(sql`
    insert into ${duesNotices} (membership_id, kind, paid_through, days_before, sent_at)
    select m.id, 'auto_charge_notice', m.paid_through, ${settings.autoChargeNoticeDays}::smallint, ${now}
    from ${memberships} m
    where m.status = 'active' and m.auto_renew and m.card_last4 is not null
      and m.paid_through >= ${today}::date
      and m.paid_through <= ${today}::date + ${settings.autoChargeNoticeDays}::int
    on conflict do nothing`);

  const mailed = await mailQueuedNotices(db, clock, mail);
  return {
    today,
    grace,
    lapsed,
    reminders: reminders.rowCount ?? 0,
    autoChargeNotices: autoCharge.rowCount ?? 0,
    mailed,
  };
}

/**
 * Grace and lapse by the chamber's calendar day (the first part of `runDues`): memberships past
 * their paid-through date enter grace, those past the grace period lapse, each with its history
 * event, the contact's standing and its mail queued (sent by `mailQueuedNotices`). The demo
 * data calls it on its own to bring its members' histories up to a day.
 */
export async function advanceStanding(
  db: Database,
  clock: Clock,
): Promise<{ grace: number; lapsed: number }> {
  const today = dateKeyIn(clock.now(), await q.chamberTimeZone(db));
  const settings = await q.getSettings(db);
  const now = clock.now();
  let grace = 0;
  let lapsed = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const result = await tx.execute<{ status: 'grace' | 'lapsed' }>(sql`
        with due as (
          select m.id from ${memberships} m
          where m.status in ('active', 'grace') and m.paid_through < ${today}::date
            and (m.status = 'active' or m.paid_through + ${settings.graceDays}::int < ${today}::date)
          order by m.paid_through
          limit ${BATCH}
          for update skip locked
        ), changed as (
          update ${memberships} m
          set status = (case when m.paid_through + ${settings.graceDays}::int >= ${today}::date
                             then 'grace' else 'lapsed' end)::membership_status,
              updated_at = ${now}
          from due where m.id = due.id
          returning m.id, m.contact_id, m.plan_id, m.paid_through, m.status
        ), history as (
          insert into membership_events (membership_id, kind, detail, at)
          select id, status::text::membership_event_kind, jsonb_build_object('paidThrough', paid_through), ${now}
          from changed
        ), notices as (
          insert into ${duesNotices} (membership_id, kind, paid_through, days_before, sent_at)
          select id, status::text::dues_notice_kind, paid_through, 0, ${now} from changed
          on conflict do nothing
        ), standing as (
          -- contactStanding (view.ts) in SQL: lapsed is 'standard', 'failed', listed per setting;
          -- grace keeps the plan's level and reads 'pending'.
          update ${contacts} c
          set membership_tier = case when ch.status = 'lapsed' then 'standard'::membership_tier else p.level end,
              payment_status = (case when ch.status = 'lapsed' then 'failed' else 'pending' end)::payment_status,
              listed = (ch.status <> 'lapsed' or ${settings.lapsedListing === 'basic'}),
              updated_at = ${now}
          from changed ch join ${membershipPlans} p on p.id = ch.plan_id
          where c.id = ch.contact_id
        )
        select status from changed`);
      return result.rows;
    });
    grace += moved.filter((r) => r.status === 'grace').length;
    lapsed += moved.filter((r) => r.status === 'lapsed').length;
    if (moved.length < BATCH) break;
  }
  return { grace, lapsed };
}

const nextPlan = alias(membershipPlans, 'renewal_plan');

/**
 * Sends every queued dues mail, one row at a time in each of a few senders: the row is locked
 * (another sender or process skips it), the mail sent, the row marked, then committed. A
 * process that dies after sending but before committing sends that one mail again on the next
 * run; none is ever lost. Stops at the first mail that cannot be sent (the mail server is down)
 * and throws, so the job is retried.
 */
export async function mailQueuedNotices(
  db: Database,
  clock: Clock,
  mail: MailDelivery,
): Promise<number> {
  const settings = await q.getSettings(db);
  const timeZone = await q.chamberTimeZone(db);
  // Each sender holds its row's transaction while it sends: the chamber's identity is read
  // once here, not once a mail on another connection (senders waiting on each other's
  // connections would stall a small pool).
  const delivery = await mail.pinned();
  let sent = 0;
  let failed = false;
  // A few senders side by side, each as another process would be (SKIP LOCKED keeps them on
  // different rows): one mail at a time spends most of its time waiting on the mail server,
  // and thousands of reminders due on one day took minutes that way.
  const sender = async () => {
    try {
      while (!failed && (await sendOne()));
    } catch (err) {
      failed = true;
      throw err;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: MAIL_SENDERS }, sender));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
  return sent;

  /** Sends (or drops) the oldest queued mail; false when none is left. */
  async function sendOne(): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          notice: duesNotices,
          m: memberships,
          email: contacts.email,
          firstName: contacts.firstName,
          businessName: contacts.businessName,
          planName: membershipPlans.name,
          planCents: membershipPlans.priceCents,
          nextName: nextPlan.name,
          nextCents: nextPlan.priceCents,
        })
        .from(duesNotices)
        .innerJoin(memberships, eq(memberships.id, duesNotices.membershipId))
        .innerJoin(contacts, eq(contacts.id, memberships.contactId))
        .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
        .leftJoin(nextPlan, eq(nextPlan.id, memberships.nextPlanId))
        .where(isNull(duesNotices.mailedAt))
        .orderBy(duesNotices.sentAt)
        .limit(1)
        .for('update', { of: duesNotices, skipLocked: true });
      if (!row) return false;
      const n = row.notice;
      if (row.email && stillTrue(n.kind, row.m.status, row.m.autoRenew)) {
        const year =
          n.kind === 'renewal_reminder'
            ? await membershipValue(tx, row.m.contactId, clock.now())
            : null;
        await delivery.send((chamber) => ({
          to: row.email!,
          auto: isAutomatic(n.kind),
          ...duesMail(chamber, {
            kind: n.kind,
            firstName: row.firstName,
            businessName: row.businessName,
            planName: row.planName,
            renewalPlanName: row.nextName ?? row.planName,
            renewalCents: row.nextCents ?? row.planCents,
            currency: settings.currency,
            paidThrough: n.paidThrough,
            // The days left as the mail goes out, in the chamber's days: the reminder day
            // that queued it may have passed (the portal was down, the member joined late).
            daysLeft: daysUntil(dateKeyIn(clock.now(), timeZone), n.paidThrough),
            graceDays: settings.graceDays,
            lapsedListing: settings.lapsedListing,
            cardBrand: row.m.cardBrand,
            cardLast4: row.m.cardLast4,
            yearSummary: year?.summary ?? null,
          }),
        }));
        sent += 1;
      }
      await tx
        .update(duesNotices)
        .set({ mailedAt: clock.now() })
        .where(
          and(
            eq(duesNotices.membershipId, n.membershipId),
            eq(duesNotices.kind, n.kind),
            eq(duesNotices.paidThrough, n.paidThrough),
            eq(duesNotices.daysBefore, n.daysBefore),
          ),
        );
      return true;
    });
    return done;
  }
}

/**
 * A mail queued earlier that no longer fits is dropped, not sent: a reminder for a membership
 * renewed or lapsed meanwhile, a grace notice for one already restored, the confirmation of
 * automatic renewal turned off again.
 */
function stillTrue(kind: DuesNoticeKind, status: string, autoRenew: boolean): boolean {
  switch (kind) {
    case 'auto_renew_on':
      return autoRenew && (status === 'active' || status === 'grace');
    case 'renewal_reminder':
    case 'auto_charge_notice':
      return status === 'active';
    case 'charge_failed':
      return status === 'active' || status === 'grace';
    case 'grace':
      return status === 'grace';
    case 'lapsed':
      return status === 'lapsed';
  }
}
