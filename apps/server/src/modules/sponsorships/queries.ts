import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, sponsorshipPackages, sponsorships } from '@chamber/db';

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
