import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { membershipValue } from '../account/index.js';
import { dateKeyIn, daysUntil, type DuesNoticeKind } from '@chamber/contract';
import {
  contacts,
  type Database,
  duesNotices,
  mailOutbox,
  membershipPlans,
  memberships,
} from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { DUES_NOTICE_MAIL, duesMail, isAutomatic } from './dues-mail.js';
import { billingRecipients } from '../members/index.js';
import * as q from './queries.js';
import { startScheduledPlans } from './scheduled-plans.js';

/** Memberships moved to grace or lapse per transaction: short locks, steady progress. */
const BATCH = 500;

export interface DuesRunReport {
  today: string;
  grace: number;
  lapsed: number;
  reminders: number;
  autoChargeNotices: number;
}

/**
 * The daily dues work (the dues job runs it): memberships past their paid-through date enter
 * grace, those past the grace period lapse, and the mails due today are queued.
 *
 * Each mail is a dues_notices row, written in the transaction of the change that calls for it
 * (or, for reminders, on its own) with ON CONFLICT DO NOTHING, so it is queued exactly once
 * however many processes run this, and however often; the same statement writes the outbox
 * row of each notice it inserted, and the outbox sends it (`registerDuesMail`). A run killed
 * halfway leaves changes made and mails queued, never half of one: the next run carries on.
 */
export async function runDues(db: Database, clock: Clock): Promise<DuesRunReport> {
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
        with inserted as (
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
          on conflict do nothing
          returning id
        )
        ${mailsOf(now)}`)
    : { rowCount: 0 };
  const autoCharge = await db.execute(sql`
    with inserted as (
      insert into ${duesNotices} (membership_id, kind, paid_through, days_before, sent_at)
      select m.id, 'auto_charge_notice', m.paid_through, ${settings.autoChargeNoticeDays}::smallint, ${now}
      from ${memberships} m
      where m.status = 'active' and m.auto_renew and m.card_last4 is not null
        and m.paid_through >= ${today}::date
        and m.paid_through <= ${today}::date + ${settings.autoChargeNoticeDays}::int
      on conflict do nothing
      returning id
    )
    ${mailsOf(now)}`);

  return {
    today,
    grace,
    lapsed,
    reminders: reminders.rowCount ?? 0,
    autoChargeNotices: autoCharge.rowCount ?? 0,
  };
}

/**
 * Grace and lapse by the chamber's calendar day (the first part of `runDues`): memberships past
 * their paid-through date enter grace, those past the grace period lapse, each with its history
 * event, the contact's standing and its mail queued (in the outbox, by the same statement). The demo
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
        ), inserted as (
          insert into ${duesNotices} (membership_id, kind, paid_through, days_before, sent_at)
          select id, status::text::dues_notice_kind, paid_through, 0, ${now} from changed
          on conflict do nothing
          returning id
        ), mails as (
          ${mailsOf(now)}
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
 * The outbox rows of the notices a statement's `inserted` CTE just wrote (`returning id`):
 * one dues mail each, in the same statement, so a notice is never without its mail.
 */
const mailsOf = (now: Date) => sql`
  insert into ${mailOutbox} (kind, params, next_attempt_at, created_at)
  select ${DUES_NOTICE_MAIL}, jsonb_build_object('noticeId', id), ${now}, ${now} from inserted`;

/**
 * The dues mails, through the portal's outbox: a notice's mail is composed from the notice
 * when its turn comes (the membership as it is then, the days truly left), dropped if it no
 * longer fits or was mailed already, and the notice is marked mailed once it went.
 */
export function registerDuesMail(db: Database, clock: Clock, outbox: MailOutbox): void {
  outbox.register(
    DUES_NOTICE_MAIL,
    (p) => composeNotice(db, clock, String(p.noticeId)),
    async (p) => {
      await db
        .update(duesNotices)
        .set({ mailedAt: clock.now() })
        .where(and(eq(duesNotices.id, String(p.noticeId)), isNull(duesNotices.mailedAt)));
    },
  );
}

/** A dues notice's mail, or null when it is gone, mailed already or no longer true. */
async function composeNotice(db: Database, clock: Clock, id: string): Promise<Compose | null> {
  const [row] = await db
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
    .where(eq(duesNotices.id, id));
  if (!row) return null;
  const n = row.notice;
  // The business's billing and primary people, or those staff chose (the members module's rule).
  const to = await billingRecipients(db, row.m.contactId, 'dues');
  const email = to.length > 0 ? to.map((r) => r.email).join(', ') : row.email;
  if (n.mailedAt || !email || !stillTrue(n.kind, row.m.status, row.m.autoRenew)) return null;
  const [settings, timeZone] = await Promise.all([q.getSettings(db), q.chamberTimeZone(db)]);
  const year =
    n.kind === 'renewal_reminder' ? await membershipValue(db, row.m.contactId, clock.now()) : null;
  return (chamber) => ({
    to: email,
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
      // The days left as the mail goes out, in the chamber's days: the reminder day that
      // queued it may have passed (the portal was down, the member joined late).
      daysLeft: daysUntil(dateKeyIn(clock.now(), timeZone), n.paidThrough),
      graceDays: settings.graceDays,
      lapsedListing: settings.lapsedListing,
      cardBrand: row.m.cardBrand,
      cardLast4: row.m.cardLast4,
      yearSummary: year?.summary ?? null,
    }),
  });
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
