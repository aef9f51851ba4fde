import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { chambers, contacts, deals, type Executor, users } from '@chamber/db';

export type DealRow = typeof deals.$inferSelect;
export type DealValues = Omit<typeof deals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A contact with its login, as the members module's tag rule reads them. */
const ownerColumns = {
  contact: contacts,
  user: { id: users.id, role: users.role, status: users.status },
};

/** Listed contacts whose login, if any, is active: the directory's members. */
const inDirectory = and(
  eq(contacts.listed, true),
  or(isNull(users.id), eq(users.status, 'active')),
);

/**
 * Deals of members in the directory whose last day is not before `today`, newest first. The
 * tier rule is the caller's (the contract's tierFeatures), so it is written once.
 */
export function listCurrentDeals(db: Executor, today: string) {
  return db
    .select({ deal: deals, ...ownerColumns })
    .from(deals)
    .innerJoin(contacts, eq(contacts.id, deals.contactId))
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(and(inDirectory, or(isNull(deals.validUntil), gte(deals.validUntil, today))))
    .orderBy(desc(deals.createdAt), desc(deals.id));
}

/** Members in the directory who keep coupon codes on their listing, newest codes first. */
export function listCouponHolders(db: Executor) {
  return db
    .select(ownerColumns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(and(inDirectory, sql`cardinality(${contacts.couponCodes}) > 0`))
    .orderBy(desc(contacts.couponCodesChangedAt), contacts.id);
}

export async function findOwner(db: Executor, contactId: string) {
  const [row] = await db
    .select(ownerColumns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.primaryUserId))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}

export function listingDeals(db: Executor, contactId: string) {
  return db
    .select()
    .from(deals)
    .where(eq(deals.contactId, contactId))
    .orderBy(desc(deals.createdAt), desc(deals.id));
}

export async function findDeal(db: Executor, id: string): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row;
}

export async function insertDeal(db: Executor, values: DealValues, now: Date): Promise<DealRow> {
  const [row] = await db
    .insert(deals)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateDeal(
  db: Executor,
  id: string,
  values: Omit<DealValues, 'contactId'>,
  now: Date,
): Promise<DealRow> {
  const [row] = await db
    .update(deals)
    .set({ ...values, updatedAt: now })
    .where(eq(deals.id, id))
    .returning();
  return row!;
}

export async function deleteDeal(db: Executor, id: string): Promise<void> {
  await db.delete(deals).where(eq(deals.id, id));
}

/** The chamber's time zone: its calendar days are the deals' days. */
export async function chamberTimeZone(db: Executor): Promise<string> {
  const [row] = await db.select({ timezone: chambers.timezone }).from(chambers).limit(1);
  return row?.timezone ?? 'America/Denver';
}
