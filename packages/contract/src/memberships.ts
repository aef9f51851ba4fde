import { z } from 'zod';
import { paginationSchema } from './admin.js';
import { calendarDateSchema, paymentStatusSchema } from './common.js';
import {
  invoicePurposes,
  invoiceStatuses,
  lapsedListings,
  membershipEventKinds,
  membershipStatuses,
  membershipTiers,
  termRules,
} from './vocabulary.js';

export const MEMBERSHIPS_PAGE_SIZE = 25;

const uuid = z.string().uuid();

/** A plan as a membership names it (the full plan, with benefits, is the plans API's). */
export const membershipPlanRefSchema = z.object({
  id: z.string(),
  level: z.enum(membershipTiers),
  name: z.string(),
  slug: z.string(),
  priceCents: z.number().int(),
});
export type MembershipPlanRef = z.infer<typeof membershipPlanRefSchema>;

/** An invoice as the membership screens link to it (its PDF and payment are billing's). */
export const membershipInvoiceRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  purpose: z.enum(invoicePurposes),
  status: z.enum(invoiceStatuses),
  totalCents: z.number().int(),
  currency: z.string(),
  issuedOn: calendarDateSchema,
  dueOn: calendarDateSchema,
});
export type MembershipInvoiceRef = z.infer<typeof membershipInvoiceRefSchema>;

export const membershipSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  businessName: z.string().nullable(),
  contactName: z.string(),
  email: z.string().nullable(),
  plan: membershipPlanRefSchema,
  /** A downgrade asked for: the plan of the next term. */
  nextPlan: membershipPlanRefSchema.nullable(),
  status: z.enum(membershipStatuses),
  /** The spec's value, read from the status (docs/decisions.md, "Membership dues"). */
  paymentStatus: paymentStatusSchema,
  startedOn: calendarDateSchema.nullable(),
  paidThrough: calendarDateSchema.nullable(),
  /** The last day of the grace period, when the membership is paid through a date. */
  graceEndsOn: calendarDateSchema.nullable(),
  autoRenew: z.boolean(),
  card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
  /** Paid, but waiting for staff to approve the new member (setting 'staff approve new members'). */
  awaitingApproval: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipEventSchema = z.object({
  kind: z.enum(membershipEventKinds),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** GET /api/membership: the signed-in member's own membership and what they may do. */
export const myMembershipSchema = z.object({
  membership: membershipSchema,
  currency: z.string(),
  /** The open invoice to pay (join, renewal or upgrade), if any. */
  openInvoices: z.array(membershipInvoiceRefSchema),
  /** What the member may do now. */
  may: z.object({
    renew: z.boolean(),
    upgradeTo: z.array(membershipPlanRefSchema),
    downgradeTo: z.array(membershipPlanRefSchema),
    setAutoRenew: z.boolean(),
  }),
  /** What a renewal costs now, and the plan it is for. */
  renewal: z.object({ plan: membershipPlanRefSchema, amountCents: z.number().int() }).nullable(),
  history: z.array(membershipEventSchema),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

const detailText = (max: number) => z.string().trim().max(max);

/**
 * The business and contact details a join saves: names and phone go to the login and its
 * contact (as a profile save does), business and address to the contact. Absent fields stay
 * as they are; '' clears an optional one.
 */
export const joinDetailsSchema = z.object({
  firstName: detailText(100).min(1, 'First name is required').optional(),
  lastName: detailText(100).min(1, 'Last name is required').optional(),
  businessName: detailText(200).optional(),
  phone: detailText(40).optional(),
  address1: detailText(200).optional(),
  city: detailText(100).optional(),
  state: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'State as two letters (e.g. UT)')
    .transform((v) => v.toUpperCase())
    .optional(),
  postalCode: detailText(20).optional(),
});
export type JoinDetails = z.infer<typeof joinDetailsSchema>;

/** How the joiner pays: 'invoice' mails the invoice with its PDF; 'card' goes on to Checkout. */
export const joinPaymentChoices = ['invoice', 'card'] as const;
export type JoinPaymentChoice = (typeof joinPaymentChoices)[number];

/** POST /api/membership/join: a signed-in member chooses a plan. */
export const joinMembershipRequestSchema = z.object({
  planId: uuid.describe('The plan chosen (from GET /api/membership-plans)'),
  businessName: z.string().trim().min(1).max(200).optional(),
  details: joinDetailsSchema.optional().describe('Business and contact details to save'),
  payBy: z
    .enum(joinPaymentChoices)
    .default('invoice')
    .describe(
      "'invoice' (default): the join invoice is mailed with its PDF. 'card': nothing is mailed now; the receipt is mailed once the card payment (POST /api/payments/checkout) is recorded",
    ),
});
export type JoinMembershipRequest = z.input<typeof joinMembershipRequestSchema>;

/** What a join, renewal or plan change answers: the membership and the invoice to pay. */
export const membershipInvoiceResponseSchema = z.object({
  membership: membershipSchema,
  invoice: membershipInvoiceRefSchema.nullable(),
});
export type MembershipInvoiceResponse = z.infer<typeof membershipInvoiceResponseSchema>;

/** What a join answers: the membership, its join invoice, and what happens next. */
export const joinMembershipResponseSchema = membershipInvoiceResponseSchema.extend({
  invoiceMailed: z.boolean().describe('The join invoice was mailed with its PDF just now'),
  paymentInstructions: z
    .string()
    .describe("How to pay an invoice offline, from the chamber's dues settings"),
});
export type JoinMembershipResponse = z.infer<typeof joinMembershipResponseSchema>;

export const changePlanRequestSchema = z.object({ planId: uuid });
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

/** Staff: the lists of Admin → Memberships. */
/** due: paid through a day of this month; paid: a payment received this year. */
export const membershipListNames = ['all', 'due', 'grace', 'lapsed', 'paid', 'pending'] as const;
export const listMembershipsQuerySchema = z.object({
  list: z.enum(membershipListNames).default('all'),
  search: z.string().trim().max(100).optional().describe('Business, contact name or email'),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERSHIPS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListMembershipsQuery = z.input<typeof listMembershipsQuerySchema>;

export const membershipListSchema = z.object({
  memberships: z.array(membershipSchema),
  pagination: paginationSchema,
});
export type MembershipList = z.infer<typeof membershipListSchema>;

export const staffChangePlanRequestSchema = z.object({
  planId: uuid,
  reason: z.string().trim().max(500).optional(),
});
export const cancelMembershipRequestSchema = z.object({
  reason: z.string().trim().max(500).optional(),
});

export const membershipDetailSchema = z.object({
  membership: membershipSchema,
  terms: z.array(
    z.object({
      planName: z.string(),
      startsOn: calendarDateSchema,
      endsOn: calendarDateSchema,
      invoiceNumber: z.string().nullable(),
    }),
  ),
  history: z.array(membershipEventSchema),
});
export type MembershipDetail = z.infer<typeof membershipDetailSchema>;

/** GET /api/admin/memberships/report: dues received, by plan and month of a year. */
export const duesReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const duesReportSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  rows: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      planName: z.string(),
      payments: z.number().int(),
      amountCents: z.number().int().describe('Payments less refunds'),
    }),
  ),
  totals: z.array(z.object({ planName: z.string(), amountCents: z.number().int() })),
  totalCents: z.number().int(),
  /** Memberships by status today. */
  byStatus: z.record(z.enum(membershipStatuses), z.number().int()),
});
export type DuesReport = z.infer<typeof duesReportSchema>;

/** The chamber's dues settings (Admin → Memberships → Settings). */
export const duesSettingsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as USD'),
  termRule: z.enum(termRules),
  graceDays: z.number().int().min(0).max(365),
  reminderDays: z
    .array(z.number().int().min(1).max(365))
    .max(6)
    .refine((days) => new Set(days).size === days.length, 'Each reminder day once'),
  autoChargeNoticeDays: z.number().int().min(1).max(60),
  invoiceDueDays: z.number().int().min(0).max(365),
  staffApproveNewMembers: z.boolean(),
  lapsedListing: z.enum(lapsedListings),
  paymentInstructions: z.string().max(2000),
});
export type DuesSettings = z.infer<typeof duesSettingsSchema>;
