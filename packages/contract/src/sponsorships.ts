import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import {
  sponsorLevels,
  sponsorshipPayments,
  sponsorshipSlotKinds,
  sponsorshipStatuses,
} from './vocabulary.js';

/**
 * Sponsorship packages and their sale. Staff define packages (price, quantity, the period
 * they run, an optional sale window, the placements included); a business buys one (online
 * through Checkout or by invoice) or staff sell it one. Each sale is a sponsorship row the
 * placements read.
 */

export const sponsorshipSlotKindSchema = z.enum(sponsorshipSlotKinds);
export const sponsorLevelSchema = z.enum(sponsorLevels);
export const sponsorshipPaymentSchema = z.enum(sponsorshipPayments);
export const sponsorshipStatusSchema = z.enum(sponsorshipStatuses);
export type SponsorshipSlotKind = z.infer<typeof sponsorshipSlotKindSchema>;
export type SponsorLevel = z.infer<typeof sponsorLevelSchema>;
export type SponsorshipPayment = z.infer<typeof sponsorshipPaymentSchema>;

/** One placement a package includes; an 'event' placement names its event and level. */
export const sponsorshipPlacementSchema = z
  .object({
    kind: sponsorshipSlotKindSchema,
    eventId: z.string().uuid('eventId must be an event id').optional(),
    level: sponsorLevelSchema.optional(),
  })
  .refine((p) => p.kind !== 'event' || (p.eventId && p.level), {
    message: 'An event placement names its event and its sponsor level',
  });
export type SponsorshipPlacement = z.infer<typeof sponsorshipPlacementSchema>;

const priceMessage = 'The price is a whole number of cents, 0 or more';

/** What staff write for a package (create and update). */
export const sponsorshipPackageInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the package a name').max(200),
    description: z.string().trim().max(5000).default(''),
    priceCents: z
      .number({ message: priceMessage })
      .int(priceMessage)
      .min(0, 'The price cannot be below 0')
      .max(100_000_000, priceMessage),
    quantity: z
      .number({ message: 'The quantity is a whole number' })
      .int('The quantity is a whole number')
      .min(0, 'The quantity cannot be below 0')
      .max(10_000, 'The quantity is at most 10000'),
    startsOn: calendarDateSchema.describe("The period's first day, in the chamber's zone"),
    endsOn: calendarDateSchema.describe("The period's last day, in the chamber's zone"),
    saleStartsOn: calendarDateSchema.nullable().default(null),
    saleEndsOn: calendarDateSchema.nullable().default(null),
    placements: z.array(sponsorshipPlacementSchema).min(1, 'Choose at least one placement').max(20),
    eventId: z.string().uuid('eventId must be an event id').nullable().default(null),
    level: sponsorLevelSchema.nullable().default(null),
    archived: z.boolean().default(false).describe('Archived: no longer offered'),
  })
  .refine((p) => p.endsOn >= p.startsOn, {
    message: 'The period cannot end before it starts',
    path: ['endsOn'],
  })
  .refine((p) => !p.saleStartsOn || !p.saleEndsOn || p.saleEndsOn >= p.saleStartsOn, {
    message: 'The sale window cannot end before it starts',
    path: ['saleEndsOn'],
  });
export type SponsorshipPackageInput = z.input<typeof sponsorshipPackageInputSchema>;

/** A package as the public sees it, with what is left. */
export const publicSponsorshipPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  saleStartsOn: z.string().nullable(),
  saleEndsOn: z.string().nullable(),
  placements: z.array(sponsorshipPlacementSchema),
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  level: sponsorLevelSchema.nullable(),
  left: z.number().int().describe('How many can still be bought'),
  soldOut: z.boolean(),
  onSale: z.boolean().describe("Today (in the chamber's zone) is within the sale window"),
});
export type PublicSponsorshipPackage = z.infer<typeof publicSponsorshipPackageSchema>;
export const publicSponsorshipPackagesSchema = z.object({
  packages: z.array(publicSponsorshipPackageSchema),
});

/** A package as staff see it: with its quantity, what is sold, and whether it is archived. */
export const sponsorshipPackageSchema = publicSponsorshipPackageSchema.extend({
  quantity: z.number().int(),
  sold: z.number().int().describe('Confirmed sales and online purchases still held'),
  archived: z.boolean(),
});
export type SponsorshipPackage = z.infer<typeof sponsorshipPackageSchema>;
export const sponsorshipPackagesSchema = z.object({ packages: z.array(sponsorshipPackageSchema) });

export const sponsorshipPurchaseSchema = z.object({
  memberId: z.string().uuid('memberId must be a business id'),
  payment: sponsorshipPaymentSchema,
});
export type SponsorshipPurchase = z.infer<typeof sponsorshipPurchaseSchema>;

/** A sale, as its buyer or staff see it after buying. */
export const sponsorshipSaleSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  memberId: z.string(),
  businessName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: sponsorshipStatusSchema,
  payment: sponsorshipPaymentSchema,
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  holdUntil: z.string().nullable(),
  checkoutUrl: z
    .string()
    .nullable()
    .describe('The Stripe Checkout page for an online purchase; null by invoice'),
});
export type SponsorshipSale = z.infer<typeof sponsorshipSaleSchema>;

// Placements (decision 0149): a sold sponsorship shows its sponsor on the slots its package
// includes, from the period's first day to its last in the chamber's zone.

/** A slot a placement is read for: home, calendar, directory, jobs, or event:{eventId}. */
export const sponsorSlotSchema = z
  .string()
  .regex(
    /^(home|calendar|directory|jobs|event:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    'slot is one of home, calendar, directory, jobs or event:{eventId}',
  )
  .transform((s) => s.toLowerCase());

export const sponsorPlacementsQuerySchema = z.object({ slot: sponsorSlotSchema });

/** One sponsor live on a slot now. */
export const sponsorPlacementSchema = z.object({
  id: z.string().describe('The sponsorship'),
  businessName: z.string(),
  logoUrl: z.string().nullable(),
  logoAlt: z.string(),
  link: z.string().nullable(),
  clickUrl: z
    .string()
    .nullable()
    .describe("The counting redirect to the sponsor's link; null without a link"),
  level: sponsorLevelSchema.nullable(),
});
export type SponsorPlacement = z.infer<typeof sponsorPlacementSchema>;
export const sponsorPlacementsSchema = z.object({
  slot: z.string(),
  sponsors: z.array(sponsorPlacementSchema),
});
export type SponsorPlacements = z.infer<typeof sponsorPlacementsSchema>;

/** The click redirect's slot. */
export const sponsorClickQuerySchema = z.object({ slot: sponsorSlotSchema });

// https with a real host and no user name before it.
const sponsorLinkSchema = z
  .url({
    protocol: /^https?$/,
    hostname: z.regexes.domain,
    message: 'The link is a web address (https://…)',
  })
  .max(500, 'The link is too long (at most 500 characters)')
  .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), 'The link is a web address (https://…)');

/** What a sponsor shows: its logo (uploaded to the portal first), alt text and link. */
export const sponsorCreativeInputSchema = z.object({
  logoUrl: z.string().trim().max(500).nullable().default(null),
  logoAlt: z.string().trim().max(200, 'The alt text is at most 200 characters').default(''),
  link: sponsorLinkSchema.nullable().default(null),
});
export type SponsorCreativeInput = z.input<typeof sponsorCreativeInputSchema>;

export const sponsorCreativeSchema = z.object({
  id: z.string(),
  logoUrl: z.string().nullable(),
  logoAlt: z.string(),
  link: z.string().nullable(),
});

export const sponsorshipSettingsSchema = z.object({
  holdUnpaid: z
    .boolean()
    .describe('A sponsor whose invoice is unpaid after its due date is not shown until paid'),
});
export type SponsorshipSettings = z.infer<typeof sponsorshipSettingsSchema>;

/** A sale as staff and the sponsor's people see it, with what it shows. */
export const sponsorSummarySchema = z.object({
  id: z.string(),
  packageName: z.string(),
  memberId: z.string(),
  businessName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: sponsorshipStatusSchema,
  slots: z.array(z.string()),
  logoUrl: z.string().nullable(),
  logoAlt: z.string(),
  link: z.string().nullable(),
});
export type SponsorSummary = z.infer<typeof sponsorSummarySchema>;
export const sponsorSummariesSchema = z.object({ sponsors: z.array(sponsorSummarySchema) });

/** Impressions and clicks per placement per day (days in the chamber's zone). */
export const sponsorReportSchema = z.object({
  sponsor: sponsorSummarySchema,
  days: z.array(
    z.object({
      slot: z.string(),
      day: z.string(),
      impressions: z.number().int(),
      clicks: z.number().int(),
    }),
  ),
  totals: z.array(
    z.object({ slot: z.string(), impressions: z.number().int(), clicks: z.number().int() }),
  ),
});
export type SponsorReport = z.infer<typeof sponsorReportSchema>;
