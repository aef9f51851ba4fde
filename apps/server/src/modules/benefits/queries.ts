import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  benefitRedemptions,
  benefitUsage,
  type Executor,
  promoCodeRedemptions,
  promoCodes,
} from '@chamber/db';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeValues = Omit<
  typeof promoCodes.$inferInsert,
  'id' | 'uses' | 'createdAt' | 'updatedAt' | 'endedAt'
>;

export function listCodes(db: Executor): Promise<PromoCodeRow[]> {
  return db
    .select()
    .from(promoCodes)
    .orderBy(asc(sql`lower(${promoCodes.code})`));
}

export async function findCode(db: Executor, id: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row;
}

export async function lockCode(db: Executor, id: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

/** The code whatever its case. */
export async function codeByText(db: Executor, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
    .limit(1);
  return row;
}

export async function insertCode(db: Executor, values: PromoCodeValues): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updateCode(
  db: Executor,
  id: string,
  values: Partial<typeof promoCodes.$inferInsert>,
): Promise<PromoCodeRow> {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row!;
}

export async function deleteCode(db: Executor, id: string): Promise<void> {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}

/**
 * Counts one more use of a code, unless it is used up or ended: the update waits for the row's
 * lock and reads the committed count, so of two parallel orders for the last use one gets no
 * row. (The check constraint would refuse it as well.)
 */
export async function takeCodeUse(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: now })
    .where(
      and(
        eq(promoCodes.id, id),
        sql`${promoCodes.endedAt} is null`,
        sql`(${promoCodes.usageLimit} is null or ${promoCodes.uses} < ${promoCodes.usageLimit})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

export async function recordCodeUse(
  db: Executor,
  values: typeof promoCodeRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(promoCodeRedemptions).values(values);
}

/**
 * Adds `quantity` to a business's use of a benefit in a period, unless that passes the
 * allowance: one row per business, benefit and period (the primary key), so a parallel order
 * waits for this one's row and then sees its count. No row back: the allowance is spent.
 */
export async function takeBenefitUse(
  db: Executor,
  use: {
    contactId: string;
    benefitId: string;
    period: string;
    quantity: number;
    allowance: number;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(benefitUsage)
    .values({ ...use, used: use.quantity, updatedAt: now })
    .onConflictDoUpdate({
      target: [benefitUsage.contactId, benefitUsage.benefitId, benefitUsage.period],
      set: {
        used: sql`${benefitUsage.used} + excluded.used`,
        allowance: sql`excluded.allowance`,
        updatedAt: now,
      },
      setWhere: sql`${benefitUsage.used} + excluded.used <= excluded.allowance`,
    })
    .returning({ used: benefitUsage.used });
  return rows.length === 1;
}

export async function recordBenefitUse(
  db: Executor,
  values: typeof benefitRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(benefitRedemptions).values(values);
}

/** What a business used of its benefits in the given periods, by benefit and period. */
export async function usageOf(
  db: Executor,
  contactId: string,
  periods: string[],
): Promise<Map<string, number>> {
  if (periods.length === 0) return new Map();
  const rows = await db
    .select({
      benefitId: benefitUsage.benefitId,
      period: benefitUsage.period,
      used: benefitUsage.used,
    })
    .from(benefitUsage)
    .where(and(eq(benefitUsage.contactId, contactId), inArray(benefitUsage.period, periods)));
  return new Map(rows.map((r) => [`${r.benefitId}/${r.period}`, r.used]));
}

/**
 * Gives back what a cancelled order used (decision 0152): each code's use is uncounted and
 * each benefit's tickets go back to the period they were counted in, and the order's
 * redemptions go, so a code's uses stay the count of the orders that hold one. In the
 * cancellation's transaction; the rows are locked in the order a redemption takes them.
 */
export async function releaseUses(db: Executor, registrationId: string, now: Date): Promise<void> {
  const codes = await db
    .delete(promoCodeRedemptions)
    .where(eq(promoCodeRedemptions.registrationId, registrationId))
    .returning({ promoCodeId: promoCodeRedemptions.promoCodeId });
  for (const { promoCodeId } of codes) {
    await db
      .update(promoCodes)
      .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)`, updatedAt: now })
      .where(eq(promoCodes.id, promoCodeId));
  }
  const benefits = await db
    .delete(benefitRedemptions)
    .where(eq(benefitRedemptions.registrationId, registrationId))
    .returning({
      contactId: benefitRedemptions.contactId,
      benefitId: benefitRedemptions.benefitId,
      period: benefitRedemptions.period,
      quantity: benefitRedemptions.quantity,
    });
  for (const b of benefits) {
    await db
      .update(benefitUsage)
      .set({ used: sql`greatest(${benefitUsage.used} - ${b.quantity}, 0)`, updatedAt: now })
      .where(
        and(
          eq(benefitUsage.contactId, b.contactId),
          eq(benefitUsage.benefitId, b.benefitId),
          eq(benefitUsage.period, b.period),
        ),
      );
  }
}
