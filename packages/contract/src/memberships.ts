import { z } from 'zod';
import { paginationSchema } from './admin.js';
import { businessRoleSchema } from './business-people.js';
import { howToPaySchema } from './billing.js';
import { calendarDateSchema, paymentStatusSchema } from './common.js';
import { nextChargeSchema } from './online-payments.js';
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
  /** The spec's value, read from the status (docs/decisions/0066-membership-dues-one-membership-per-contact.md). */
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
  /** With automatic renewal on: the next charge, its day and card. */
  nextCharge: nextChargeSchema.nullable(),
  history: z.array(membershipEventSchema),
  howToPay: howToPaySchema.describe(
    "How an open invoice is paid offline, from the chamber's dues settings (see howToPayItems)",
  ),
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
  howToPay: howToPaySchema.describe(
    "How to pay the invoice offline, from the chamber's dues settings (see howToPayItems)",
  ),
});
export type JoinMembershipResponse = z.infer<typeof joinMembershipResponseSchema>;

export const changePlanRequestSchema = z.object({ planId: uuid });
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

/** What a member may have priced before anything is billed: an upgrade, or 'Renew now'. */
export const membershipQuoteChanges = ['upgrade', 'renewal'] as const;

/** GET /api/membership/quote: the price of an upgrade or renewal, nothing issued. */
export const membershipQuoteQuerySchema = z.object({
  change: z.enum(membershipQuoteChanges).describe("'upgrade' (with planId) or 'renewal'"),
  planId: uuid.optional().describe('The plan to upgrade to (upgrade only)'),
});
export type MembershipQuoteQuery = z.input<typeof membershipQuoteQuerySchema>;

export const membershipQuoteSchema = z.object({
  change: z.enum(membershipQuoteChanges),
  currency: z.string(),
  /** The chamber's day the quote is for: an upgrade invoice is priced for payment on it. */
  today: calendarDateSchema,
  fromPlan: membershipPlanRefSchema,
  toPlan: membershipPlanRefSchema,
  paidThrough: calendarDateSchema.nullable(),
  /** Days paid ahead, today included (0 in grace or lapsed). */
  daysLeft: z.number().int(),
  /** What a day of each plan costs in the term (cents, not rounded). */
  fromDailyCents: z.number(),
  toDailyCents: z.number(),
  /** What is charged, one line a term. */
  lines: z.array(
    z.object({
      startsOn: calendarDateSchema,
      endsOn: calendarDateSchema,
      /** Days of the term charged (the whole term for a renewal) and its length. */
      daysCharged: z.number().int(),
      days: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
  /** When the new plan (upgrade) or term (renewal) starts, once paid. */
  takesEffectOn: calendarDateSchema,
  /** The paid-through date once paid. */
  paidThroughAfter: calendarDateSchema,
});
export type MembershipQuote = z.infer<typeof membershipQuoteSchema>;

/** Staff: the lists of Admin → Memberships. */
/**
 * due: paid through a day of this month; due30, due60, due90: paid through a day from today to
 * 30, 60 or 90 days from today (month's end hides nothing); paid: a payment received this year.
 */
export const membershipListNames = [
  'all',
  'due',
  'due30',
  'due60',
  'due90',
  'grace',
  'lapsed',
  'paid',
  'pending',
] as const;
/** The days ahead each 'due in the next ...' list looks. */
export const dueWithinDays = { due30: 30, due60: 60, due90: 90 } as const;
export const listMembershipsQuerySchema = z.object({
  list: z.enum(membershipListNames).default('all'),
  search: z.string().trim().max(100).optional().describe('Business, contact name or email'),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERSHIPS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListMembershipsQuery = z.input<typeof listMembershipsQuerySchema>;
export type MembershipListName = (typeof membershipListNames)[number];

export const membershipListSchema = z.object({
  memberships: z.array(membershipSchema),
  pagination: paginationSchema,
});
export type MembershipList = z.infer<typeof membershipListSchema>;

/** What staff's 'Change plan' asks for a plan the chamber no longer offers (decision 100). */
export const notOfferedOverrideReason =
  'Give the reason for putting the member on a plan the chamber no longer offers.';
export const staffChangePlanRequestSchema = z
  .object({
    /** The plan to put the member on; leave it out to change only the recipients. */
    planId: uuid.optional(),
    reason: z.string().trim().max(500).optional(),
    /**
     * Staff's override: put the member on a plan the chamber no longer offers (`available:
     * false`) anyway. Without it such a change is refused (409); with it a reason is required.
     */
    overrideNotOffered: z.boolean().optional(),
    /**
     * Staff's choice of who of the business receives its invoices, receipts and dues notices
     * (ids of its people, each with an email address); an empty list goes back to the rule:
     * the billing person, else the primary one.
     */
    billingRecipientIds: z.array(uuid).max(20).optional(),
  })
  .refine((body) => !body.overrideNotOffered || Boolean(body.reason), {
    message: notOfferedOverrideReason,
    path: ['reason'],
  })
  .refine((body) => body.planId !== undefined || body.billingRecipientIds !== undefined, {
    message: 'Nothing to change: send planId or billingRecipientIds.',
    path: ['planId'],
  });
export type StaffChangePlanRequest = z.input<typeof staffChangePlanRequestSchema>;
export const cancelMembershipRequestSchema = z.object({
  reason: z.string().trim().max(500).optional(),
});

/** One of a business's people, and whether they receive its money mail now. */
export const billingRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: businessRoleSchema,
  email: z.string().nullable(),
  chosen: z.boolean().describe('Whether staff chose this person to receive them'),
  receivesInvoices: z.boolean().describe('Invoices and receipts are addressed to this person'),
  receivesDuesNotices: z.boolean().describe('Dues reminders and notices go to this person'),
});
export type BillingRecipient = z.infer<typeof billingRecipientSchema>;

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
  billingRecipients: z
    .array(billingRecipientSchema)
    .describe('The business’s people and which of them receive its invoices and dues notices'),
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
  payee: z
    .string()
    .trim()
    .max(200)
    .describe('Whom checks are made payable to, printed under How to pay on every invoice'),
  mailingAddress: z.string().trim().max(500).describe('Where checks are mailed, one line a line'),
  bankDetails: z
    .string()
    .trim()
    .max(1000)
    .describe('Bank name, account holder, routing and account number for a transfer'),
  paymentInstructions: z
    .string()
    .trim()
    .max(2000)
    .describe('Anything else members should know to pay (cash at the office, hours)'),
});
export type DuesSettings = z.infer<typeof duesSettingsSchema>;
