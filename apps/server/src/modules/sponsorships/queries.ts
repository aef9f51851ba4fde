import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  type Executor,
  sponsorPlacementDays,
  sponsorshipPackages,
  sponsorships,
  sponsorshipSettings,
} from '@chamber/db';

export type PackageRow = typeof sponsorshipPackages.$inferSelect;
export type SaleRow = typeof sponsorships.$inferSelect;

/**
 * A sale that takes one of the package's quantity at `now`: confirmed, or held online with
 * time left on its hold.
 */
const takes = (now: Date) =>
  sql`(${sponsorships.status} = 'confirmed' or (${sponsorships.status} = 'held' and ${sponsorships.holdUntil} > ${now.toISOString()}::timestamptz))`;

/** Every package (archived too, for staff), by period then name. */
export function listPackages(db: Executor, options: { archived: boolean }) {
  return db
    .select()
    .from(sponsorshipPackages)
    .where(options.archived ? undefined : sql`${sponsorshipPackages.archivedAt} is null`)
    .orderBy(asc(sponsorshipPackages.startsOn), asc(sponsorshipPackages.name));
}

export async function findPackage(db: Executor, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(sponsorshipPackages).where(eq(sponsorshipPackages.id, id));
  return row;
}

/** The package, locked for a sale or a change in the caller's transaction. */
export async function lockPackage(db: Executor, id: string): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(sponsorshipPackages)
    .where(eq(sponsorshipPackages.id, id))
    .for('update');
  return row;
}

/** How many of each package are taken at `now`. */
export async function soldCounts(
  db: Executor,
  packageIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .select({ packageId: sponsorships.packageId, n: sql<number>`count(*)::int` })
    .from(sponsorships)
    .where(and(inArray(sponsorships.packageId, packageIds), takes(now)))
    .groupBy(sponsorships.packageId);
  return new Map(rows.map((r) => [r.packageId, r.n]));
}

/** Whether any sale was ever made of the package (lapsed ones too): it is archived, not deleted. */
export async function hasSales(db: Executor, packageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(eq(sponsorships.packageId, packageId))
    .limit(1);
  return !!row;
}

/** Holds of the package whose time ran out lapse; answers their invoices, to be voided. */
export async function lapseHolds(db: Executor, packageId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(sponsorships)
    .set({ status: 'lapsed', updatedAt: now })
    .where(
      and(
        eq(sponsorships.packageId, packageId),
        eq(sponsorships.status, 'held'),
        sql`${sponsorships.holdUntil} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ invoiceId: sponsorships.invoiceId });
  return rows.map((r) => r.invoiceId).filter((id): id is string => !!id);
}

export async function insertPackage(db: Executor, values: typeof sponsorshipPackages.$inferInsert) {
  const [row] = await db.insert(sponsorshipPackages).values(values).returning();
  return row!;
}

export async function updatePackage(
  db: Executor,
  id: string,
  values: Partial<typeof sponsorshipPackages.$inferInsert>,
) {
  const [row] = await db
    .update(sponsorshipPackages)
    .set(values)
    .where(eq(sponsorshipPackages.id, id))
    .returning();
  return row!;
}

export async function insertSale(db: Executor, values: typeof sponsorships.$inferInsert) {
  const [row] = await db.insert(sponsorships).values(values).returning();
  return row!;
}

export async function updateSale(db: Executor, id: string, values: Partial<SaleRow>) {
  await db.update(sponsorships).set(values).where(eq(sponsorships.id, id));
}

export async function saleOfInvoice(db: Executor, invoiceId: string, lock = false) {
  const query = db.select().from(sponsorships).where(eq(sponsorships.invoiceId, invoiceId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

// Placements and their counts (decision 0149).

/**
 * A sale with what it shows and its package's placements. Its business's name and its
 * invoice's standing are the members' and billing's to read (placements.ts adds them).
 */
export async function saleRows(
  db: Executor,
  where: { liveOn?: string; ids?: string[]; contactIds?: string[] },
) {
  const conditions = [];
  if (where.liveOn) {
    conditions.push(
      eq(sponsorships.status, 'confirmed'),
      lte(sponsorships.startsOn, where.liveOn),
      gte(sponsorships.endsOn, where.liveOn),
    );
  } else {
    conditions.push(sql`${sponsorships.status} <> 'lapsed'`);
  }
  if (where.ids) conditions.push(inArray(sponsorships.id, where.ids));
  if (where.contactIds) conditions.push(inArray(sponsorships.contactId, where.contactIds));
  return db
    .select({
      id: sponsorships.id,
      contactId: sponsorships.contactId,
      packageName: sponsorshipPackages.name,
      placements: sponsorshipPackages.placements,
      level: sponsorshipPackages.level,
      startsOn: sponsorships.startsOn,
      endsOn: sponsorships.endsOn,
      status: sponsorships.status,
      logoUrl: sponsorships.logoUrl,
      logoAlt: sponsorships.logoAlt,
      link: sponsorships.link,
      invoiceId: sponsorships.invoiceId,
      createdAt: sponsorships.createdAt,
    })
    .from(sponsorships)
    .innerJoin(sponsorshipPackages, eq(sponsorshipPackages.id, sponsorships.packageId))
    .where(and(...conditions))
    .orderBy(asc(sponsorships.startsOn), asc(sponsorships.createdAt));
}
export type SaleWithPackage = Awaited<ReturnType<typeof saleRows>>[number];

export async function holdUnpaid(db: Executor): Promise<boolean> {
  const [row] = await db.select().from(sponsorshipSettings).where(eq(sponsorshipSettings.id, 1));
  return row?.holdUnpaid ?? false;
}

export async function saveHoldUnpaid(db: Executor, holdUnpaid: boolean, now: Date) {
  await db
    .insert(sponsorshipSettings)
    .values({ id: 1, holdUnpaid, updatedAt: now })
    .onConflictDoUpdate({ target: sponsorshipSettings.id, set: { holdUnpaid, updatedAt: now } });
}

/** Adds counted impressions and clicks to the (sponsorship, slot, day) totals. */
export async function addCounts(
  db: Executor,
  rows: { sponsorshipId: string; slot: string; day: string; impressions: number; clicks: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(sponsorPlacementDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        sponsorPlacementDays.sponsorshipId,
        sponsorPlacementDays.slot,
        sponsorPlacementDays.day,
      ],
      set: {
        impressions: sql`${sponsorPlacementDays.impressions} + excluded.impressions`,
        clicks: sql`${sponsorPlacementDays.clicks} + excluded.clicks`,
      },
    });
}

export function countsOf(db: Executor, sponsorshipId: string) {
  return db
    .select({
      slot: sponsorPlacementDays.slot,
      day: sponsorPlacementDays.day,
      impressions: sponsorPlacementDays.impressions,
      clicks: sponsorPlacementDays.clicks,
    })
    .from(sponsorPlacementDays)
    .where(eq(sponsorPlacementDays.sponsorshipId, sponsorshipId))
    .orderBy(asc(sponsorPlacementDays.day), asc(sponsorPlacementDays.slot));
}
