import { eq } from 'drizzle-orm';
import { hasPlanFeatures } from '@chamber/contract';
import { type Executor, membershipPlans, memberships, type PlanTicketBenefit } from '@chamber/db';

/**
 * A business's plan benefits that are tickets or prices, for the benefits module: its plan's
 * name and benefits, and whether its membership is current (the one rule: active or in grace).
 * Null without a membership.
 */
export async function planBenefitsOf(
  db: Executor,
  contactId: string,
): Promise<{ planName: string; current: boolean; benefits: PlanTicketBenefit[] } | null> {
  const [row] = await db
    .select({
      status: memberships.status,
      planName: membershipPlans.name,
      benefits: membershipPlans.ticketBenefits,
    })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(eq(memberships.contactId, contactId))
    .limit(1);
  if (!row) return null;
  return { planName: row.planName, current: hasPlanFeatures(row.status), benefits: row.benefits };
}
