import { asc, eq } from 'drizzle-orm';
import { type Executor, membershipPlans, membershipSettings } from '@chamber/db';

export type PlanRow = typeof membershipPlans.$inferSelect;

/** Every plan, lowest level first. */
export function listPlans(db: Executor): Promise<PlanRow[]> {
  return db
    .select()
    .from(membershipPlans)
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.level));
}

/** The chamber's one currency (USD until an admin says otherwise). */
export async function chamberCurrency(db: Executor): Promise<string> {
  const [row] = await db
    .select({ currency: membershipSettings.currency })
    .from(membershipSettings)
    .where(eq(membershipSettings.id, 1));
  return row?.currency ?? 'USD';
}

/** A plan's row locked for an update in this transaction. */
export async function lockPlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.id, id))
    .for('update');
  return row;
}

export async function updatePlan(
  db: Executor,
  id: string,
  values: Partial<typeof membershipPlans.$inferInsert>,
): Promise<PlanRow> {
  const [row] = await db
    .update(membershipPlans)
    .set(values)
    .where(eq(membershipPlans.id, id))
    .returning();
  return row!;
}

/** Plan ids other than `id` that are marked featured, locked with this transaction. */
export async function unfeatureOthers(db: Executor, id: string, now: Date): Promise<PlanRow[]> {
  const featured = await db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.featured, true))
    .for('update');
  const others = featured.filter((row) => row.id !== id);
  for (const row of others) {
    await db
      .update(membershipPlans)
      .set({ featured: false, updatedAt: now })
      .where(eq(membershipPlans.id, row.id));
  }
  return others;
}

export async function staffApproveNewMembers(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ approve: membershipSettings.staffApproveNewMembers })
    .from(membershipSettings)
    .where(eq(membershipSettings.id, 1));
  return row?.approve ?? false;
}
