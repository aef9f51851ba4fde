import { z } from 'zod';
import { ticketBenefitSchema } from './benefits.js';
import { membershipTiers } from './vocabulary.js';

/**
 * A membership plan as everyone sees it (GET /membership-plans): the price cards, the benefits
 * table, the carousel, the tier pages and the join flow read these. `level` is the feature
 * level the plan unlocks (the spec's `standard | enhanced | elite`, kept on the wire); `name`
 * is what people read ('Basic' for the lowest level in the seed).
 */
export const membershipPlanSchema = z.object({
  id: z.uuid(),
  level: z.enum(membershipTiers),
  name: z.string(),
  slug: z.string().describe('The URL segment of the plan’s page: /{slug}-membership'),
  description: z.string(),
  priceCents: z.number().int().min(0).describe('The yearly price in the currency’s minor unit'),
  currency: z.string().length(3).describe('ISO 4217, the chamber’s one currency'),
  benefits: z.array(z.string()).describe('What this plan adds over the plan below it'),
  highlights: z.array(z.string()).describe('The few lines its price card shows'),
  ticketBenefits: z
    .array(ticketBenefitSchema)
    .default([])
    .describe('Its benefits that are tickets or prices, applied by themselves to orders'),
  featured: z.boolean().describe("Marked 'Most Popular'"),
  available: z.boolean().describe('Offered for joining and renewing'),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

export const membershipPlanListSchema = z.object({
  plans: z.array(membershipPlanSchema).describe('Lowest level first'),
  staffApproveNewMembers: z
    .boolean()
    .default(false)
    .describe(
      'New members wait for staff to confirm them once paid (the dues setting), so the join says so',
    ),
});
export type MembershipPlanList = z.infer<typeof membershipPlanListSchema>;

export const MAX_PLAN_PRICE_CENTS = 100_000_000;
export const MAX_PLAN_LINES = 30;

const line = z.string().trim().min(1, 'A benefit cannot be empty').max(200);

/** PUT /admin/membership-plans/{id}: what an admin edits of a plan (its level stays). */
export const updateMembershipPlanSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60),
  description: z.string().trim().max(500),
  priceCents: z
    .number()
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(MAX_PLAN_PRICE_CENTS, 'Price is too large'),
  benefits: z.array(line).max(MAX_PLAN_LINES, `At most ${MAX_PLAN_LINES} benefits`),
  highlights: z.array(line).max(10, 'At most 10 highlights'),
  ticketBenefits: z
    .array(ticketBenefitSchema)
    .max(10, 'At most 10 ticket benefits')
    .optional()
    .describe('Left out: kept as they are'),
  available: z.boolean(),
  featured: z.boolean(),
});
export type UpdateMembershipPlan = z.infer<typeof updateMembershipPlanSchema>;

export const membershipPlanResponseSchema = z.object({ plan: membershipPlanSchema });
