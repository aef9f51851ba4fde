import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, dueWithinDays } from '@chamber/contract';
import type {
  DuesNoticeKind,
  InvoicePurpose,
  MembershipListName,
  JoinDetails,
  MembershipEventKind,
  MembershipTier,
  PaymentStatus,
} from '@chamber/contract';
import {
  chambers,
  contacts,
  duesNotices,
  type Executor,
  invoices,
  membershipEvents,
  membershipPlans,
  memberships,
  membershipSettings,
  membershipTerms,
  payments,
  users,
} from '@chamber/db';

export type MembershipRow = typeof memberships.$inferSelect;
export type PlanRow = typeof membershipPlans.$inferSelect;
export type SettingsRow = typeof membershipSettings.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

const nextPlans = alias(membershipPlans, 'next_plan');

/** A membership with its plans and the contact it belongs to: what every answer shows. */
export const viewColumns = {
  membership: memberships,
  plan: membershipPlans,
  nextPlan: nextPlans,
  contact: {
    id: contacts.id,
    firstName: contacts.firstName,
    lastName: contacts.lastName,
    businessName: contacts.businessName,
    email: contacts.email,
  },
};
export interface MembershipView {
  membership: MembershipRow;
  plan: PlanRow;
  nextPlan: PlanRow | null;
  contact: {
    id: string;
    firstName: string;
    lastName: string;
    businessName: string | null;
    email: string | null;
  };
}

export async function getSettings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(membershipSettings).where(eq(membershipSettings.id, 1));
  if (row) return row;
  // The migration inserts the row; a restored database without it gets the defaults.
  const [made] = await db
    .insert(membershipSettings)
    .values({ id: 1 })
    .onConflictDoNothing()
    .returning();
  return made ?? (await getSettings(db));
}

export async function updateSettings(
  db: Executor,
  values: Partial<typeof membershipSettings.$inferInsert>,
): Promise<SettingsRow> {
  await getSettings(db);
  const [row] = await db
    .update(membershipSettings)
    .set(values)
    .where(eq(membershipSettings.id, 1))
    .returning();
  return row!;
}

/** The chamber's time zone: its calendar days are the dues' days. */
export async function chamberTimeZone(db: Executor): Promise<string> {
  const [row] = await db.select({ timezone: chambers.timezone }).from(chambers).limit(1);
  return row?.timezone ?? 'America/Denver';
}

export async function listPlans(db: Executor): Promise<PlanRow[]> {
  return db.select().from(membershipPlans).orderBy(asc(membershipPlans.sortOrder));
}

export async function findPlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  return row;
}

export async function findPlanByLevel(db: Executor, level: MembershipTier) {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.level, level));
  return row;
}

function viewQuery(db: Executor) {
  return db
    .select(viewColumns)
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .leftJoin(nextPlans, eq(nextPlans.id, memberships.nextPlanId))
    .innerJoin(contacts, eq(contacts.id, memberships.contactId));
}

export async function findView(db: Executor, where: SQL): Promise<MembershipView | undefined> {
  const [row] = await viewQuery(db).where(where).limit(1);
  return row;
}

export async function membershipIdsOf(
  db: Executor,
  contactIds: string[],
): Promise<Map<string, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, contactId: memberships.contactId })
    .from(memberships)
    .where(inArray(memberships.contactId, contactIds));
  return new Map(rows.map((r) => [r.contactId, r.id]));
}

/** The membership row locked for a change in this transaction. */
export async function lockMembership(db: Executor, where: SQL): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(where).for('update').limit(1);
  return row;
}

export async function updateMembership(
  db: Executor,
  id: string,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<MembershipRow> {
  const [row] = await db.update(memberships).set(values).where(eq(memberships.id, id)).returning();
  return row!;
}

export async function insertMembership(db: Executor, values: typeof memberships.$inferInsert) {
  const [row] = await db
    .insert(memberships)
    .values(values)
    .onConflictDoNothing({ target: memberships.contactId })
    .returning();
  return row;
}

export async function insertEvent(
  db: Executor,
  values: {
    membershipId: string;
    kind: MembershipEventKind;
    detail?: Record<string, unknown>;
    actorUserId?: string | null;
    at: Date;
  },
) {
  await db.insert(membershipEvents).values({ detail: {}, ...values });
}

export async function insertTerm(db: Executor, values: typeof membershipTerms.$inferInsert) {
  await db.insert(membershipTerms).values(values);
}

/** The term that covers `day`, else the latest. */
/** Whether a term on `planId` starting after `day` is paid (a downgrade renewed early). */
export async function paidTermAfter(
  db: Executor,
  membershipId: string,
  planId: string,
  day: string,
) {
  const [row] = await db
    .select({ id: membershipTerms.id })
    .from(membershipTerms)
    .where(
      and(
        eq(membershipTerms.membershipId, membershipId),
        eq(membershipTerms.planId, planId),
        sql`${membershipTerms.startsOn} > ${day}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function currentTerm(db: Executor, membershipId: string, day: string) {
  const [row] = await db
    .select()
    .from(membershipTerms)
    .where(eq(membershipTerms.membershipId, membershipId))
    .orderBy(
      sql`(${membershipTerms.startsOn} <= ${day} and ${membershipTerms.endsOn} >= ${day}) desc`,
      desc(membershipTerms.endsOn),
      desc(membershipTerms.startsOn),
    )
    .limit(1);
  return row;
}

export async function listTerms(db: Executor, membershipId: string) {
  return db
    .select({
      planName: membershipPlans.name,
      startsOn: membershipTerms.startsOn,
      endsOn: membershipTerms.endsOn,
      invoiceNumber: invoices.number,
    })
    .from(membershipTerms)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipTerms.planId))
    .leftJoin(invoices, eq(invoices.id, membershipTerms.invoiceId))
    .where(eq(membershipTerms.membershipId, membershipId))
    .orderBy(asc(membershipTerms.startsOn), asc(membershipTerms.createdAt));
}

export async function listEvents(db: Executor, membershipId: string) {
  return db
    .select({
      kind: membershipEvents.kind,
      at: membershipEvents.at,
      detail: membershipEvents.detail,
    })
    .from(membershipEvents)
    .where(eq(membershipEvents.membershipId, membershipId))
    .orderBy(desc(membershipEvents.at));
}

/** The membership's open invoices, optionally of some purposes, oldest first. */
export async function openInvoices(
  db: Executor,
  membershipId: string,
  purposes?: InvoicePurpose[],
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.membershipId, membershipId),
        eq(invoices.status, 'open'),
        eq(invoices.kind, 'invoice'),
        purposes ? inArray(invoices.purpose, purposes) : undefined,
      ),
    )
    .orderBy(asc(invoices.createdAt));
}

/**
 * What the directory and the admin view read of a membership, kept on the contact: the tier,
 * the spec's payment status, and whether it is listed.
 */
export async function updateContactStanding(
  db: Executor,
  contactId: string,
  values: { membershipTier: MembershipTier; paymentStatus: PaymentStatus; listed: boolean },
  now: Date,
) {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(contacts.id, contactId),
        // An unchanged contact is not written: a write would discard the directory's kept pages.
        sql`(${contacts.membershipTier}, ${contacts.paymentStatus}, ${contacts.listed}) is distinct from (${values.membershipTier}::membership_tier, ${values.paymentStatus}::payment_status, ${values.listed})`,
      ),
    );
}

/** A pending login of the contact becomes active: its member is paid up and approved. */
export async function activatePendingLogin(db: Executor, contactId: string, now: Date) {
  await db
    .update(users)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.contactId, contactId), eq(users.status, 'pending')));
}

export async function findContact(db: Executor, id: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export async function setContactBusinessName(db: Executor, id: string, name: string, now: Date) {
  await db.update(contacts).set({ businessName: name, updatedAt: now }).where(eq(contacts.id, id));
}

/**
 * The details a join brings: names and phone are the login's and its contact's (a profile
 * save copies them from the login), business and address the contact's. '' clears.
 */
export async function saveJoinDetails(
  db: Executor,
  userId: string,
  contactId: string,
  details: JoinDetails,
  now: Date,
) {
  const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const login = {
    firstName: details.firstName,
    lastName: details.lastName,
    phone: orNull(details.phone),
  };
  const contact = {
    ...login,
    businessName: orNull(details.businessName),
    address1: orNull(details.address1),
    city: orNull(details.city),
    state: orNull(details.state),
    postalCode: orNull(details.postalCode),
  };
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const forLogin = defined(login);
  if (Object.keys(forLogin).length > 0) {
    await db
      .update(users)
      .set({ ...forLogin, updatedAt: now })
      .where(eq(users.id, userId));
  }
  const forContact = defined(contact);
  if (Object.keys(forContact).length > 0) {
    await db
      .update(contacts)
      .set({ ...forContact, updatedAt: now })
      .where(eq(contacts.id, contactId));
  }
}

export { contacts, invoices, memberships, membershipPlans, payments };

/** Lapsed and cancelled listings, after the chamber changed its lapsed listing rule. */
export async function relistEnded(db: Executor, listed: boolean, now: Date) {
  await db
    .update(contacts)
    .set({ listed, updatedAt: now })
    .where(
      and(
        sql`${contacts.listed} <> ${listed}`,
        sql`exists (select 1 from ${memberships} m where m.contact_id = ${contacts.id} and m.status in ('lapsed', 'cancelled'))`,
      ),
    );
}

/** A dues mail, queued: written once (the key holds it to one), mailed by the dues run. */
export async function queueNotice(db: Executor, values: typeof duesNotices.$inferInsert) {
  const rows = await db
    .insert(duesNotices)
    .values(values)
    .onConflictDoNothing()
    .returning({ kind: duesNotices.kind });
  return rows.length;
}

/** Forgets a dues mail of a kind for a paid-through date, so the next change mails it again. */
export async function forgetNotice(
  db: Executor,
  key: { membershipId: string; kind: DuesNoticeKind; paidThrough: string },
) {
  await db
    .delete(duesNotices)
    .where(
      and(
        eq(duesNotices.membershipId, key.membershipId),
        eq(duesNotices.kind, key.kind),
        eq(duesNotices.paidThrough, key.paidThrough),
      ),
    );
}

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
