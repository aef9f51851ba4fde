import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  dueWithinDays,
  type MembershipListName,
  type MembershipTier,
} from '@chamber/contract';
import { chambers, type Executor, memberships, membershipSettings } from '@chamber/db';
import type { MembershipRow, MembershipView, PlanRow } from './queries.js';

// Staff's lists of memberships and the dues report: the SQL that reads many memberships.

/** What a staff list shows of a membership: the columns `toMembership` reads, nothing more. */
export interface ListedView {
  membership: Pick<
    MembershipRow,
    'id' | 'status' | 'startedOn' | 'paidThrough' | 'autoRenew' | 'cardBrand' | 'cardLast4'
  >;
  plan: PlanRefRow;
  nextPlan: PlanRefRow | null;
  contact: MembershipView['contact'];
}
type PlanRefRow = Pick<PlanRow, 'id' | 'level' | 'name' | 'slug' | 'priceCents'>;

type ListedRecord = {
  total: number;
  id: string;
  status: MembershipRow['status'];
  started_on: string | null;
  paid_through: string | null;
  auto_renew: boolean;
  card_brand: string | null;
  card_last4: string | null;
  plan_id: string;
  plan_level: MembershipTier;
  plan_name: string;
  plan_slug: string;
  plan_price_cents: number;
  next_plan_id: string | null;
  next_plan_level: MembershipTier | null;
  next_plan_name: string | null;
  next_plan_slug: string | null;
  next_plan_price_cents: number | null;
  contact_id: string;
  first_name: string;
  last_name: string;
  business_name: string | null;
  email: string | null;
};

/** The days a staff list reads: the first of this month and of the next, and this year's. */
function listBounds(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    monthStart: `${year}-${pad(month)}-01`,
    nextMonthStart: month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`,
    yearStart: `${year}-01-01`,
    nextYearStart: `${year + 1}-01-01`,
  };
}

/** A list's rows, over `m` (memberships) and `c` (its contact). */
function listCondition(
  query: { list: MembershipListName; search?: string | undefined },
  today: string,
) {
  const b = listBounds(today);
  const conditions: SQL[] = [];
  switch (query.list) {
    case 'due':
      // Both bounds are dates: the partial index of current memberships answers the month.
      conditions.push(
        sql`m.status in ('active', 'grace')`,
        sql`m.paid_through >= ${b.monthStart}::date`,
        sql`m.paid_through < ${b.nextMonthStart}::date`,
      );
      break;
    case 'due30':
    case 'due60':
    case 'due90':
      // Current memberships whose paid-through date is today or within the days ahead; the
      // partial index of current memberships answers it as it answers the month.
      conditions.push(
        sql`m.status in ('active', 'grace')`,
        sql`m.paid_through >= ${today}::date`,
        sql`m.paid_through <= ${addDays(today, dueWithinDays[query.list])}::date`,
      );
      break;
    case 'grace':
    case 'lapsed':
    case 'pending':
      conditions.push(sql`m.status = ${query.list}::membership_status`);
      break;
    case 'paid':
      conditions.push(sql`exists (
        select 1 from invoices i join payments p on p.invoice_id = i.id
        where i.membership_id = m.id and p.kind = 'payment'
          and p.received_on >= ${b.yearStart}::date and p.received_on < ${b.nextYearStart}::date)`);
      break;
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(c.business_name ilike ${like}
      or (c.first_name || ' ' || c.last_name) ilike ${like}
      or c.email ilike ${like})`);
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * Staff lists (Admin → Memberships): one of the lists, searched, a page of it, with the whole
 * list's count. One statement answers both (the count is a subquery run once), and it reads
 * only the columns the list shows: a page of whole membership, plan and contact rows (plans'
 * benefit arrays twice over, every timestamp) cost the server more than the database's work.
 */
export async function listViews(
  db: Executor,
  query: {
    list: MembershipListName;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
  today: string,
): Promise<{ rows: ListedView[]; total: number }> {
  const where = listCondition(query, today);
  // Every membership has its contact (a foreign key): the count joins it only to search.
  const counted = query.search
    ? sql`memberships m join contacts c on c.id = m.contact_id`
    : sql`memberships m`;
  const result = await db.execute<ListedRecord>(sql`
    select (select count(*)::int from ${counted} where ${where}) as total,
      m.id, m.status, to_char(m.started_on, 'YYYY-MM-DD') as started_on,
      to_char(m.paid_through, 'YYYY-MM-DD') as paid_through, m.auto_renew, m.card_brand,
      m.card_last4,
      p.id as plan_id, p.level as plan_level, p.name as plan_name, p.slug as plan_slug,
      p.price_cents as plan_price_cents,
      np.id as next_plan_id, np.level as next_plan_level, np.name as next_plan_name,
      np.slug as next_plan_slug, np.price_cents as next_plan_price_cents,
      c.id as contact_id, c.first_name, c.last_name, c.business_name, c.email
    from memberships m
    join membership_plans p on p.id = m.plan_id
    left join membership_plans np on np.id = m.next_plan_id
    join contacts c on c.id = m.contact_id
    where ${where}
    order by m.paid_through, m.id
    limit ${query.limit} offset ${query.offset}`);
  const records = result.rows;
  let total = records[0]?.total;
  if (total === undefined) {
    // A page past the end has no row to carry the count.
    const counts = await db.execute<{ total: number }>(
      sql`select count(*)::int as total from ${counted} where ${where}`,
    );
    total = counts.rows[0]?.total ?? 0;
  }
  return { rows: records.map(listedView), total };
}

function listedView(r: ListedRecord): ListedView {
  return {
    membership: {
      id: r.id,
      status: r.status,
      startedOn: r.started_on,
      paidThrough: r.paid_through,
      autoRenew: r.auto_renew,
      cardBrand: r.card_brand,
      cardLast4: r.card_last4,
    },
    plan: {
      id: r.plan_id,
      level: r.plan_level,
      name: r.plan_name,
      slug: r.plan_slug,
      priceCents: r.plan_price_cents,
    },
    nextPlan:
      r.next_plan_id === null
        ? null
        : {
            id: r.next_plan_id,
            level: r.next_plan_level!,
            name: r.next_plan_name!,
            slug: r.next_plan_slug!,
            priceCents: r.next_plan_price_cents!,
          },
    contact: {
      id: r.contact_id,
      firstName: r.first_name,
      lastName: r.last_name,
      businessName: r.business_name,
      email: r.email,
    },
  };
}

/** What a staff list needs besides its rows, in one round trip: grace days and the time zone. */
export async function listContext(
  db: Executor,
): Promise<{ graceDays: number; timeZone: string } | undefined> {
  const result = await db.execute<{ grace_days: number; timezone: string | null }>(sql`
    select s.grace_days, (select l.timezone from ${chambers} l limit 1) as timezone
    from ${membershipSettings} s where s.id = 1`);
  const row = result.rows[0];
  return row && { graceDays: row.grace_days, timeZone: row.timezone ?? 'America/Denver' };
}

/**
 * Dues received in a year, by the plan each invoice was for (a join's or renewal's plan, an
 * upgrade's new plan: what its line bills, not the plan the member holds now) and the month
 * received, refunds taken off.
 */
export async function duesByPlanAndMonth(db: Executor, year: number) {
  const result = await db.execute<{
    month: string;
    plan_name: string;
    payments: number;
    amount_cents: number;
  }>(sql`
    select to_char(p.received_on, 'YYYY-MM') as month, mp.name as plan_name,
           count(*) filter (where p.kind = 'payment')::int as payments,
           sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end)::int
             as amount_cents
    from payments p
    join invoices i on i.id = p.invoice_id
    left join membership_plans billed
      on billed.id::text = coalesce(i.purpose_detail->>'planId', i.purpose_detail->>'toPlanId')
    left join memberships m on m.id = i.membership_id
    join membership_plans mp on mp.id = coalesce(billed.id, m.plan_id)
    where i.purpose in ('membership_join', 'membership_renewal', 'membership_upgrade')
      and p.received_on >= ${`${year}-01-01`}::date and p.received_on < ${`${year + 1}-01-01`}::date
    group by 1, 2 order by 1, 2`);
  return result.rows;
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: memberships.status, n: sql<number>`count(*)::int` })
    .from(memberships)
    .groupBy(memberships.status);
}
