import { sql } from 'drizzle-orm';
import type { Executor } from '@chamber/db';
import { compactUtc } from '../calendars/index.js';

/**
 * The cockpit's figures (Admin → Today, How the chamber is doing), read straight from the
 * records: memberships and their terms, invoices and payments, events and registrations, job
 * posts and the mail outbox. Days are the chamber's calendar days, handed in as `YYYY-MM-DD`.
 */

const int = (v: unknown) => Number(v ?? 0);

/** The overview's figures that only change with the data version (see `overviewCounts`). */
export interface KeptCounts {
  currency: string;
  current: number;
  grace: number;
  renewals: { withinDays: number; count: number; amountCents: number }[];
  paymentCount: number;
  paymentCents: number;
  refundCents: number;
  jobPosts: number;
  newMembers: number;
}

/**
 * The overview's counts that read only what raises the data version (memberships and plans,
 * payments, job posts, the chamber's settings), in one statement: over 50,000 memberships
 * they take tens of milliseconds, so the cockpit keeps them per data version and day.
 */
export async function overviewCounts(
  db: Executor,
  today: string,
  windows: readonly number[],
): Promise<KeptCounts> {
  const monthStart = `${today.slice(0, 8)}01`;
  const renewalColumns = windows.map(
    (days) => sql`
      count(*) filter (where m.paid_through <= ${today}::date + ${days}::int)::int as ${sql.raw(`due_${days}`)},
      coalesce(sum(coalesce(np.price_cents, p.price_cents))
        filter (where m.paid_through <= ${today}::date + ${days}::int), 0)::bigint as ${sql.raw(`due_cents_${days}`)}`,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select ${sql.join(renewalColumns, sql`, `)}
      from memberships m
      join membership_plans p on p.id = m.plan_id
      left join membership_plans np on np.id = m.next_plan_id
      where m.status in ('active', 'grace') and m.paid_through >= ${today}::date
        and m.paid_through <= ${today}::date + ${Math.max(...windows)}::int
    )
    select
      (select currency from membership_settings where id = 1) as currency,
      (select count(*) from memberships where status in ('active', 'grace'))::int as current,
      (select count(*) from memberships where status = 'grace')::int as grace,
      (select count(*) from memberships
        where status = 'pending' and paid_through is not null)::int as new_members,
      (select count(*) from payments where kind = 'payment'
        and received_on >= ${monthStart}::date and received_on <= ${today}::date)::int as payment_count,
      (select coalesce(sum(amount_cents), 0) from payments where kind = 'payment'
        and received_on >= ${monthStart}::date and received_on <= ${today}::date)::bigint as payment_cents,
      (select coalesce(sum(amount_cents), 0) from payments where kind = 'refund'
        and received_on >= ${monthStart}::date and received_on <= ${today}::date)::bigint as refund_cents,
      (select count(*) from job_posts where status = 'pending'
        or status = 'approved' and pending_change is not null)::int as job_posts,
      due.*
    from due`);
  const row = result.rows[0]!;
  return {
    currency: String(row.currency ?? 'USD'),
    current: int(row.current),
    grace: int(row.grace),
    renewals: windows.map((days) => ({
      withinDays: days,
      count: int(row[`due_${days}`]),
      amountCents: int(row[`due_cents_${days}`]),
    })),
    paymentCount: int(row.payment_count),
    paymentCents: int(row.payment_cents),
    refundCents: int(row.refund_cents),
    jobPosts: int(row.job_posts),
    newMembers: int(row.new_members),
  };
}

/** The overview's figures read on every request (see `liveCounts`). */
export interface LiveCounts {
  openCount: number;
  openCents: number;
  overdue: number;
  failedMail: number;
}

/**
 * The counts whose tables do not raise the data version (invoices, the mail outbox), read
 * fresh each time: open invoices through their status index, failed mail through its partial
 * index.
 */
export async function liveCounts(db: Executor, today: string): Promise<LiveCounts> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select count(*)::int as open_count, coalesce(sum(total_cents), 0)::bigint as open_cents,
      (count(*) filter (where due_on < ${today}::date))::int as overdue,
      (select count(*) from mail_outbox where state = 'failed')::int as failed_mail
    from invoices where status = 'open' and kind = 'invoice'`);
  const row = result.rows[0]!;
  return {
    openCount: int(row.open_count),
    openCents: int(row.open_cents),
    overdue: int(row.overdue),
    failedMail: int(row.failed_mail),
  };
}

/**
 * Occurrence keys (compact UTC, which sorts as time) from `from` to `to`, to the second and
 * both ends in: a range the seats' keys are compared by as text, before any key is turned
 * into a time. The exact bounds are applied to the start after.
 */
const keysBetween = (from: Date, to: Date) =>
  sql`and s.occurrence_key >= ${compactUtc(from)} and s.occurrence_key <= ${compactUtc(to)}`;

/** An occurrence's start: a single event's start time, or the series occurrence its key names. */
const occurrenceStart = sql`case when s.occurrence_key = '' then e.start_time
  else to_timestamp(s.occurrence_key, 'YYYYMMDD"T"HH24MISS"Z"')::timestamp at time zone 'UTC' end`;

export type UpcomingRow = {
  event_id: string;
  occurrence_key: string;
  title: string;
  starts_at: Date;
  taken: number;
  capacity: number | null;
  waiting: number;
};

/**
 * The next events from `from` to `to`, soonest first: single events, whether anyone has
 * registered or not, and the occurrences of series that have registrations.
 */
export async function upcomingEvents(db: Executor, from: Date, to: Date, limit: number) {
  const result = await db.execute<UpcomingRow>(sql`
    select * from (
      select e.id as event_id, '' as occurrence_key, e.title, e.start_time as starts_at,
        coalesce(s.taken, 0)::int as taken, e.capacity, coalesce(s.waiting, 0)::int as waiting
      from events e
      left join event_seats s on s.event_id = e.id and s.occurrence_key = ''
      where e.rrule is null and e.start_time >= ${from} and e.start_time < ${to}
        and e.status <> 'cancelled' and e.appointment_status <> 'cancelled'
      union all
      select e.id, s.occurrence_key, e.title, ${occurrenceStart}, s.taken, e.capacity, s.waiting
      from event_seats s join events e on e.id = s.event_id
      where s.occurrence_key <> '' and e.rrule is not null
        and e.status <> 'cancelled' and e.appointment_status <> 'cancelled'
        ${keysBetween(from, to)}
    ) o
    where o.starts_at >= ${from} and o.starts_at < ${to}
    order by o.starts_at, o.event_id
    limit ${limit}`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at) }));
}

/**
 * Who was a member on which day, from the terms paid: a membership is a member on day D when
 * a term covers D or ended within the grace days before it, unless it was cancelled on or
 * before D. `spans` is one row per term: the membership, its first day, the last day it still
 * counts (the end plus the grace days) and the day it was cancelled, if it was.
 */
const spans = (timeZone: string) => sql`
  spans as (
    select t.membership_id, t.starts_on, t.ends_on,
      t.ends_on + (select grace_days from membership_settings where id = 1)::int as counts_until,
      cx.cancelled_on
    from membership_terms t
    join memberships m on m.id = t.membership_id
    left join lateral (
      select (max(e.at) at time zone ${timeZone})::date as cancelled_on
      from membership_events e
      where e.membership_id = m.id and e.kind = 'cancelled' and m.status = 'cancelled'
    ) cx on true
  )`;

const memberOn = (day: SQL) => sql`(s.starts_on <= ${day} and s.counts_until >= ${day}
  and (s.cancelled_on is null or s.cancelled_on > ${day}))`;
type SQL = ReturnType<typeof sql>;

export type MonthRow = {
  month: string;
  joins: number;
  renewals: number;
  lapses: number;
  members: number;
};

/**
 * Per month from `firstMonth` (its first day) to the month of `today`: joins (a membership's
 * first term starts), renewals (a later term that starts after every earlier one ended, so an
 * upgrade's remainder is not one), lapses (the last day a membership counted, past grace or
 * cancelled, was the day before one in the month, and no later term took it up again), and
 * the members on the month's last day (today, for this month).
 */
export async function membersByMonth(
  db: Executor,
  timeZone: string,
  firstMonth: string,
  today: string,
): Promise<MonthRow[]> {
  const result = await db.execute<MonthRow>(sql`
    with ${spans(timeZone)},
    months as (
      select m::date as first, least((m + interval '1 month' - interval '1 day')::date, ${today}::date) as last
      from generate_series(${firstMonth}::date, ${today}::date, interval '1 month') m
    ),
    ordered as (
      select membership_id, starts_on, ends_on, counts_until, cancelled_on,
        row_number() over w as n,
        max(ends_on) over (w rows between unbounded preceding and 1 preceding) as covered_until
      from spans
      window w as (partition by membership_id order by starts_on, ends_on)
    ),
    endings as (
      -- The day after the last day a membership counted, when that day has come.
      select membership_id,
        least(max(counts_until) + 1, min(cancelled_on)) as ended_on
      from ordered group by membership_id
    )
    select to_char(mo.first, 'YYYY-MM') as month,
      (select count(*) from ordered o where o.n = 1
        and o.starts_on between mo.first and mo.last)::int as joins,
      (select count(*) from ordered o where o.n > 1 and o.starts_on > o.covered_until
        and o.starts_on between mo.first and mo.last)::int as renewals,
      (select count(*) from endings x where x.ended_on between mo.first and mo.last
        and x.ended_on <= ${today}::date)::int as lapses,
      (select count(distinct s.membership_id) from spans s where ${memberOn(sql`mo.last`)})::int as members
    from months mo
    order by mo.first`);
  return result.rows;
}

/** How many of the memberships `base` selects (over spans `s`) are members on `today`. */
export async function retention(
  db: Executor,
  timeZone: string,
  since: string,
  today: string,
): Promise<{ base: number; retained: number; firstBase: number; firstRetained: number }> {
  const yearBefore = sql`(${since}::date - interval '1 year')::date`;
  const result = await db.execute<Record<string, number>>(sql`
    with ${spans(timeZone)},
    firsts as (select membership_id, min(starts_on) as joined_on from spans group by membership_id),
    base as (select distinct s.membership_id from spans s where ${memberOn(sql`${since}::date`)}),
    first_base as (
      select membership_id from firsts
      where joined_on > ${yearBefore} and joined_on <= ${since}::date
    ),
    now_members as (select distinct s.membership_id from spans s where ${memberOn(sql`${today}::date`)})
    select
      (select count(*) from base)::int as base,
      (select count(*) from base join now_members using (membership_id))::int as retained,
      (select count(*) from first_base)::int as first_base,
      (select count(*) from first_base join now_members using (membership_id))::int as first_retained`);
  const row = result.rows[0]!;
  return {
    base: int(row.base),
    retained: int(row.retained),
    firstBase: int(row.first_base),
    firstRetained: int(row.first_retained),
  };
}

export type RevenueRow = {
  month: string;
  dues: number;
  tickets: number;
  other: number;
};

/** Money in less money given back, per month received and per source (the invoice's purpose). */
export async function revenueByMonth(
  db: Executor,
  firstMonth: string,
  today: string,
): Promise<RevenueRow[]> {
  const result = await db.execute<RevenueRow>(sql`
    with months as (
      select m::date as first, (m + interval '1 month')::date as next
      from generate_series(${firstMonth}::date, ${today}::date, interval '1 month') m
    ),
    moved as (
      select p.received_on,
        case when i.purpose in ('membership_join', 'membership_renewal', 'membership_upgrade')
          then 'dues' when i.purpose = 'event_ticket' then 'tickets' else 'other' end as source,
        case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end as cents
      from payments p join invoices i on i.id = p.invoice_id
      where p.received_on >= ${firstMonth}::date and p.received_on <= ${today}::date
    )
    select to_char(mo.first, 'YYYY-MM') as month,
      coalesce(sum(cents) filter (where source = 'dues'), 0)::bigint as dues,
      coalesce(sum(cents) filter (where source = 'tickets'), 0)::bigint as tickets,
      coalesce(sum(cents) filter (where source = 'other'), 0)::bigint as other
    from months mo
    left join moved on moved.received_on >= mo.first and moved.received_on < mo.next
    group by mo.first order by mo.first`);
  return result.rows.map((r) => ({
    month: r.month,
    dues: int(r.dues),
    tickets: int(r.tickets),
    other: int(r.other),
  }));
}

export type AttendanceRow = {
  event_id: string;
  occurrence_key: string;
  title: string;
  starts_at: Date;
  registered: number;
  checked_in: number;
};

/** Occurrences that started from `from` to `to` and had registrations: people confirmed and let in. */
export async function attendance(db: Executor, from: Date, to: Date) {
  const result = await db.execute<AttendanceRow>(sql`
    select * from (
      select s.event_id, s.occurrence_key, e.title, ${occurrenceStart} as starts_at,
        (select coalesce(sum(r.guests), 0) from event_registrations r
          where r.event_id = s.event_id and r.occurrence_key = s.occurrence_key
            and r.seat_status = 'confirmed')::int as registered,
        (select coalesce(sum(r.guests), 0) from event_registrations r
          where r.event_id = s.event_id and r.occurrence_key = s.occurrence_key
            and r.checked_in_at is not null)::int as checked_in
      from event_seats s join events e on e.id = s.event_id
      where s.occurrence_key = '' or (true ${keysBetween(from, to)})
    ) o
    where o.starts_at >= ${from} and o.starts_at < ${to} and (o.registered > 0 or o.checked_in > 0)
    order by o.starts_at, o.event_id`);
  return result.rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at) }));
}

/** Current members (active or in grace) per plan, in the plans' order. */
export async function membersByPlan(db: Executor) {
  const result = await db.execute<{ id: string; name: string; level: string; members: number }>(sql`
    select p.id, p.name, p.level,
      (select count(*) from memberships m
        where m.plan_id = p.id and m.status in ('active', 'grace'))::int as members
    from membership_plans p order by p.sort_order, p.name`);
  return result.rows;
}

/** The chamber's time zone: its calendar days are the figures' days. */
export async function chamberTimeZone(db: Executor): Promise<string> {
  const result = await db.execute<{ timezone: string }>(
    sql`select timezone from locations limit 1`,
  );
  return result.rows[0]?.timezone ?? 'America/Denver';
}

/** The chamber's currency (ISO 4217): every amount is in it. */
export async function currency(db: Executor): Promise<string> {
  const result = await db.execute<{ currency: string }>(
    sql`select currency from membership_settings where id = 1`,
  );
  return result.rows[0]?.currency ?? 'USD';
}

export type AtRiskRow = {
  membership_id: string;
  contact_id: string;
  business_name: string;
  phone: string | null;
  email: string | null;
  paid_through: string;
  events: number;
  listing: number;
  deals: number;
  job_posts: number;
  listing_views: number;
};

/**
 * Current memberships paid through today … `until`, with what their engagement score is made
 * of: events checked in at since `since` (by the member's logins or address), the listing's
 * parts filled in (description, logo, website, phone, address, opening hours), deals, job
 * posts, and the listing's views counted since the day `sinceDay`.
 */
export async function engagementOfDue(
  db: Executor,
  today: string,
  until: string,
  since: Date,
  sinceDay: string,
) {
  const result = await db.execute<AtRiskRow>(sql`
    select m.id as membership_id, c.id as contact_id,
      coalesce(nullif(c.business_name, ''), trim(c.first_name || ' ' || c.last_name)) as business_name,
      nullif(c.phone, '') as phone, nullif(c.email, '') as email,
      to_char(m.paid_through, 'YYYY-MM-DD') as paid_through,
      (select count(distinct (r.event_id, r.occurrence_key)) from event_registrations r
        where r.checked_in_at is not null and r.checked_in_at >= ${since}
          and (r.user_id in (select u.id from users u where u.contact_id = c.id)
            or (c.email is not null and lower(r.email) = lower(c.email))))::int as events,
      ((coalesce(c.bio, '') <> '')::int + (coalesce(c.avatar_url, '') <> '')::int
        + (coalesce(c.website, '') <> '')::int + (coalesce(c.phone, '') <> '')::int
        + (coalesce(c.address1, '') <> '')::int + (c.opening_hours is not null)::int) as listing,
      (select count(*) from deals d where d.contact_id = c.id)::int as deals,
      (select count(*) from job_posts j where j.contact_id = c.id
        and j.status not in ('draft'))::int as job_posts,
      (select coalesce(sum(v.count), 0) from listing_counts v where v.contact_id = c.id
        and v.kind = 'listing_view' and v.day > ${sinceDay}::date)::int as listing_views
    from memberships m join contacts c on c.id = m.contact_id
    where m.status in ('active', 'grace') and m.paid_through >= ${today}::date
      and m.paid_through <= ${until}::date
    order by m.paid_through, m.id`);
  return result.rows;
}
