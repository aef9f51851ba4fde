import {
  type MembershipPlan,
  MAX_PLAN_PRICE_CENTS,
  parsePriceCents,
  priceText,
  updateMembershipPlanSchema,
  type UpdateMembershipPlan,
} from '@chamber/contract';
import { z } from 'zod';
import { contractChecked } from './contract-check';

// Shared with the event dialog's ticket prices.
export { parsePriceCents, priceText };

/** One benefit a line; blank lines are dropped. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The plan editor: lists as one line each, the price as typed; checked against the contract. */
export const planFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    price: z.string(),
    benefits: z.string(),
    highlights: z.string(),
    available: z.boolean(),
    featured: z.boolean(),
  })
  .transform((values, ctx): UpdateMembershipPlan => {
    const priceCents = parsePriceCents(values.price);
    if (priceCents === null || priceCents > MAX_PLAN_PRICE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Enter the yearly price in dollars, e.g. 550 or 550.00',
      });
      return z.NEVER;
    }
    const body = {
      name: values.name,
      description: values.description,
      priceCents,
      benefits: lines(values.benefits),
      highlights: lines(values.highlights),
      available: values.available,
      featured: values.featured,
    };
    return contractChecked(updateMembershipPlanSchema, body, ctx, 'name');
  });
export type PlanFormValues = z.input<typeof planFormSchema>;

export const planFormValues = (plan: MembershipPlan): PlanFormValues => ({
  name: plan.name,
  description: plan.description,
  price: priceText(plan.priceCents),
  benefits: plan.benefits.join('\n'),
  highlights: plan.highlights.join('\n'),
  available: plan.available,
  featured: plan.featured,
});
