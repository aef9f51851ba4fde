import {
  type MembershipPlan,
  MAX_PLAN_PRICE_CENTS,
  parsePriceCents,
  priceText,
  type TicketBenefit,
  ticketBenefitSchema,
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

/** A ticket benefit as the editor types it: texts, the price in dollars, empty for none. */
export interface TicketBenefitRow {
  /** Kept across edits: the uses are counted by it. */
  id: string;
  kind: 'free_ticket' | 'fixed_price';
  label: string;
  count: string;
  period: 'month' | 'year';
  /** '' for events chosen by the tag. */
  eventId: string;
  eventTag: string;
  excludedEventIds: string[];
  /** Kept as it is: the editor names types by a part of their name. */
  ticketTypeId: string | null;
  ticketTypeName: string;
  price: string;
  /** 'YYYY-MM-DD' or ''. */
  until: string;
}

/** A new benefit: one free ticket a month to the events whose title holds a word. */
export const newTicketBenefitRow = (id: string = crypto.randomUUID()): TicketBenefitRow => ({
  id,
  kind: 'free_ticket',
  label: '',
  count: '1',
  period: 'month',
  eventId: '',
  eventTag: '',
  excludedEventIds: [],
  ticketTypeId: null,
  ticketTypeName: '',
  price: '',
  until: '',
});

export const ticketBenefitRow = (b: TicketBenefit): TicketBenefitRow => ({
  id: b.id,
  kind: b.kind,
  label: b.label,
  count: String(b.count),
  period: b.period,
  eventId: b.eventId ?? '',
  eventTag: b.eventTag ?? '',
  excludedEventIds: b.excludedEventIds,
  ticketTypeId: b.ticketTypeId,
  ticketTypeName: b.ticketTypeName ?? '',
  price: b.priceCents === null ? '' : priceText(b.priceCents),
  until: b.until ?? '',
});

/** The row's field an issue of the contract's benefit names, so it shows on that field. */
const rowField: Record<string, keyof TicketBenefitRow> = {
  priceCents: 'price',
  eventTag: 'eventTag',
  ticketTypeName: 'ticketTypeName',
  count: 'count',
  label: 'label',
  until: 'until',
};

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** One row as the contract's benefit, each issue on its row's field. */
function ticketBenefitOf(
  row: TicketBenefitRow,
  index: number,
  ctx: z.RefinementCtx,
): TicketBenefit | null {
  const priceCents =
    row.kind === 'fixed_price' && row.price.trim() !== '' ? parsePriceCents(row.price) : null;
  if (row.kind === 'fixed_price' && row.price.trim() !== '' && priceCents === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['ticketBenefits', index, 'price'],
      message: 'Enter the price in dollars, e.g. 30 or 30.00',
    });
    return null;
  }
  const eventId = orNull(row.eventId);
  const checked = ticketBenefitSchema.safeParse({
    id: row.id,
    kind: row.kind,
    label: row.label,
    count: /^\d{1,3}$/.test(row.count.trim()) ? Number(row.count.trim()) : Number.NaN,
    period: row.period,
    eventId,
    eventTag: eventId ? null : orNull(row.eventTag),
    excludedEventIds: eventId ? [] : row.excludedEventIds,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: orNull(row.ticketTypeName),
    priceCents,
    until: orNull(row.until),
  });
  if (checked.success) {
    return checked.data;
  }
  for (const issue of checked.error.issues) {
    const field = rowField[String(issue.path[0])] ?? 'label';
    ctx.addIssue({
      code: 'custom',
      path: ['ticketBenefits', index, field],
      message: issue.message,
    });
  }
  return null;
}

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
    ticketBenefits: z.array(z.custom<TicketBenefitRow>()),
  })
  .transform((values, ctx): UpdateMembershipPlan => {
    const ticketBenefits = values.ticketBenefits.map((row, i) => ticketBenefitOf(row, i, ctx));
    const priceCents = parsePriceCents(values.price);
    if (priceCents === null || priceCents > MAX_PLAN_PRICE_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Enter the yearly price in dollars, e.g. 550 or 550.00',
      });
      return z.NEVER;
    }
    if (ticketBenefits.some((b) => b === null)) return z.NEVER;
    const body = {
      name: values.name,
      description: values.description,
      priceCents,
      benefits: lines(values.benefits),
      highlights: lines(values.highlights),
      available: values.available,
      featured: values.featured,
      ticketBenefits,
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
  ticketBenefits: plan.ticketBenefits.map(ticketBenefitRow),
});
