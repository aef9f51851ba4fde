import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { dealAudiences } from './vocabulary.js';

/**
 * Member deals (/deals): offers of members whose tier includes coupons. A deal is either one a
 * member wrote (`kind: 'deal'`) or a coupon code kept on their listing (`kind: 'coupon'`, the
 * code only), read from the listing each time so the listing's coupon list stays the one copy.
 */

export const DEAL_OFFER_MAX = 300;
export const DEAL_CODE_MAX = 40;
export const DEAL_TERMS_MAX = 2000;

const chamberDay = calendarDateSchema.describe('A day in the chamber’s time zone, YYYY-MM-DD');

export const dealAudienceSchema = z
  .enum(dealAudiences)
  .describe('`public`: everyone; `members`: only signed-in members (confirmed accounts and staff)');
export type DealAudience = z.infer<typeof dealAudienceSchema>;

export const dealSchema = z.object({
  id: z.string().describe('The deal’s id; a coupon code’s is `coupon-<contactId>-<n>`'),
  kind: z.enum(['deal', 'coupon']).describe('A deal a member wrote, or a listing’s coupon code'),
  contactId: z.string(),
  business: z.string().describe('The business name, else the member’s name'),
  offer: z.string().nullable().describe('The offer; null for a coupon code'),
  code: z.string().nullable(),
  validUntil: chamberDay.nullable().describe('Last day of the offer; null: until withdrawn'),
  terms: z.string().nullable(),
  audience: dealAudienceSchema,
  createdAt: z.string().nullable().describe('When the deal was written; null for coupon codes'),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealListSchema = z.object({ deals: z.array(dealSchema) });
export type DealList = z.infer<typeof dealListSchema>;

export const listDealsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** One listing's deals for its editor: every deal, hidden or expired ones too. */
export const listingDealsSchema = z.object({
  deals: z.array(
    dealSchema.extend({
      expired: z.boolean().describe('Its last day has passed: off /deals, kept for its owner'),
    }),
  ),
  canHaveDeals: z
    .boolean()
    .describe('Whether the listing’s tier includes coupons; without it its deals are hidden'),
});
export type ListingDeals = z.infer<typeof listingDealsSchema>;

const requiredText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** A deal as a member writes it; the last day may not be in the past (checked by the server). */
export const dealInputSchema = z.object({
  offer: requiredText(DEAL_OFFER_MAX, 'The offer'),
  code: optionalText(DEAL_CODE_MAX, 'The code'),
  validUntil: chamberDay
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  terms: optionalText(DEAL_TERMS_MAX, 'The terms'),
  audience: dealAudienceSchema.default('public'),
});
export type DealInput = z.input<typeof dealInputSchema>;

export const createDealSchema = dealInputSchema.extend({
  contactId: z.string().min(1).max(64).describe('The listing the deal belongs to'),
});
