import {
  type MembershipPlan,
  MAX_PLAN_PRICE_CENTS,
  updateMembershipPlanSchema,
  type UpdateMembershipPlan,
} from '@chamber/contract';
import { z } from 'zod';

/**
 * A price as people type it ('550', '550.5', '$1,200.00') in cents, or null when it is not
 * an amount with at most two decimals. Read from the digits, never through floating point.
 */
export function parsePriceCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** '550.00' for 55000: the price field's starting text. */
export const priceText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

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
    const checked = updateMembershipPlanSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      return z.NEVER;
    }
    return checked.data;
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
