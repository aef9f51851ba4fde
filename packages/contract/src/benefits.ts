import { z } from 'zod';

/**
 * Promo codes and plan benefits (the benefits module): staff keep promo codes (a percentage or
 * an amount off, for an event, some of its ticket types or every event, in a window, maybe for
 * members only, with a usage limit); a plan's benefits that are tickets or prices are data on
 * the plan and apply by themselves to its members' orders. Money in integer cents.
 */

const intIn = (what: string, min: number, max: number) => {
  const message = `${what} is a whole number from ${min} to ${max}`;
  return z.number({ message }).int(message).min(min, message).max(max, message);
};

export const PROMO_CODE_MAX = 40;
export const MAX_DISCOUNT_CENTS = 100_000_000;

const moment = (what: string) =>
  z
    .string()
    .datetime({ offset: true, message: `${what} is a date and time (ISO 8601)` })
    .nullable();

export const promoCodeKinds = ['percent', 'amount'] as const;
export type PromoCodeKind = (typeof promoCodeKinds)[number];

/** POST /admin/promo-codes and PUT /admin/promo-codes/{id}: what staff enter. */
export const promoCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'A code is 3 to 40 letters, digits, dashes or underscores')
      .max(PROMO_CODE_MAX, 'A code is 3 to 40 letters, digits, dashes or underscores')
      .regex(/^[A-Za-z0-9_-]+$/, 'A code is 3 to 40 letters, digits, dashes or underscores')
      .describe('What buyers type; unique whatever its case'),
    description: z.string().trim().max(200).default('').describe('For staff: whom it is for'),
    kind: z
      .enum(promoCodeKinds)
      .describe('`percent` off each ticket, or an `amount` off the order'),
    percentOff: intIn('Percent off', 1, 100).nullable().default(null),
    amountOffCents: intIn('Amount off', 1, MAX_DISCOUNT_CENTS).nullable().default(null),
    eventId: z.uuid('An event id is a UUID').nullable().describe('Null: every event'),
    ticketTypeIds: z
      .array(z.uuid('A ticket type id is a UUID'))
      .max(20)
      .default([])
      .describe("Only these types of the code's event; empty: every type"),
    usageLimit: intIn('Usage limit', 1, 1_000_000)
      .nullable()
      .describe('How many orders may use it; null: no limit'),
    validFrom: moment('The start').describe('From this moment (the chamber’s zone); null: now'),
    validUntil: moment('The end').describe('Until this moment; null: no end'),
    membersOnly: z.boolean().describe('Only for people of member businesses'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percentOff === null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give the percent off' });
    }
    if (v.kind === 'amount' && v.amountOffCents === null) {
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Give the amount off' });
    }
    if (v.ticketTypeIds.length > 0 && v.eventId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticketTypeIds'],
        message: 'Ticket types need their event',
      });
    }
    if (v.validFrom && v.validUntil && Date.parse(v.validFrom) >= Date.parse(v.validUntil)) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'The end must be after the start',
      });
    }
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;
export type PromoCodeValues = z.output<typeof promoCodeInputSchema>;

export const promoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(promoCodeKinds),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable().describe("The code's event; null: every event"),
  ticketTypeIds: z.array(z.uuid()),
  usageLimit: z.number().int().nullable(),
  uses: z.number().int().describe('Orders that used it'),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  membersOnly: z.boolean(),
  endedAt: z.string().nullable().describe('Ended by staff'),
  status: z.enum(['active', 'scheduled', 'expired', 'used_up', 'ended']),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeListSchema = z.object({
  currency: z.string().length(3),
  timezone: z.string().describe("The chamber's zone, in which windows are entered"),
  codes: z.array(promoCodeSchema),
});
export type PromoCodeList = z.infer<typeof promoCodeListSchema>;

/** Why a code is refused, each with its own message. */
export const promoRefusals = [
  'unknown',
  'expired',
  'not_yet_valid',
  'used_up',
  'wrong_event',
  'wrong_type',
  'members_only',
] as const;
export type PromoRefusal = (typeof promoRefusals)[number];

export const discountSchema = z.object({
  kind: z.enum(['promo', 'benefit']),
  label: z.string(),
  amountCents: z.number().int().min(0),
  promoCodeId: z.uuid().optional(),
  benefitId: z.uuid().optional(),
});
export type Discount = z.infer<typeof discountSchema>;

/** POST /events/{id}/promo-codes/check. */
export const promoCheckInputSchema = z.object({
  code: z.string().trim().min(1, 'Enter a code').max(PROMO_CODE_MAX, 'No code is that long'),
  items: z
    .array(
      z.object({
        typeId: z.uuid('A ticket type id is a UUID'),
        quantity: intIn('Quantity', 1, 100),
      }),
    )
    .min(1, 'Choose at least one ticket')
    .max(20),
});
export type PromoCheckInput = z.infer<typeof promoCheckInputSchema>;

export const promoCheckSchema = z.discriminatedUnion('applies', [
  z.object({
    applies: z.literal(true),
    code: z.string(),
    lines: z.array(z.object({ typeId: z.uuid(), discountCents: z.number().int().min(0) })),
    discounts: z.array(discountSchema).describe('Plan benefits first, then the code'),
    subtotalCents: z.number().int(),
    discountCents: z.number().int().describe('What the code takes off'),
    totalCents: z.number().int(),
  }),
  z.object({
    applies: z.literal(false),
    reason: z.enum(promoRefusals),
    message: z.string(),
  }),
]);
export type PromoCheck = z.infer<typeof promoCheckSchema>;

/** A plan's benefit that is a ticket or a price (see the plan editor). */
export const ticketBenefitSchema = z
  .object({
    id: z.uuid().describe('Kept across edits: the uses are counted by it'),
    kind: z.enum(['free_ticket', 'fixed_price']),
    label: z.string().trim().min(1, 'A benefit needs a label').max(200),
    count: intIn('How many', 1, 100).describe('Tickets a period'),
    period: z.enum(['month', 'year']),
    eventId: z.uuid().nullable().default(null),
    eventTag: z
      .string()
      .trim()
      .max(60)
      .nullable()
      .default(null)
      .describe("Events whose title holds this (any case): 'luncheon'"),
    excludedEventIds: z.array(z.uuid()).max(50).default([]),
    ticketTypeId: z.uuid().nullable().default(null),
    ticketTypeName: z
      .string()
      .trim()
      .max(80)
      .nullable()
      .default(null)
      .describe("Types whose name holds this (any case): 'booth'"),
    priceCents: intIn('Price', 0, MAX_DISCOUNT_CENTS)
      .nullable()
      .default(null)
      .describe('fixed_price: what a ticket costs'),
    until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')
      .nullable()
      .default(null)
      .describe('The last day it applies (the chamber’s zone)'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'fixed_price' && v.priceCents === null) {
      ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'Give the price' });
    }
  });
export type TicketBenefit = z.output<typeof ticketBenefitSchema>;
export type TicketBenefitInput = z.input<typeof ticketBenefitSchema>;

/** GET /members/{id}/benefits: each benefit with what is used and left this period. */
export const memberBenefitsSchema = z.object({
  memberId: z.uuid(),
  planName: z.string().nullable(),
  current: z.boolean().describe('The membership is current, so the benefits apply'),
  benefits: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(['free_ticket', 'fixed_price']),
      label: z.string(),
      count: z.number().int(),
      period: z.enum(['month', 'year']),
      periodKey: z.string().describe('`2026-11` or `2026`, in the chamber’s zone'),
      used: z.number().int(),
      left: z.number().int(),
      until: z.string().nullable(),
    }),
  ),
});
export type MemberBenefits = z.infer<typeof memberBenefitsSchema>;
