import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { membershipInvoiceRefSchema } from './memberships.js';
import { jobPostStatuses, membershipStatuses, membershipTiers } from './vocabulary.js';

/** POST /api/members/{id}/clicks, POST /api/job-posts/{id}/apply-clicks: what was followed. */
export const listingClickSchema = z.object({
  kind: z.enum(['website', 'phone']).describe('The link followed: the website or the phone'),
});
export type ListingClick = z.infer<typeof listingClickSchema>;

/** GET /api/membership/value: what the membership gave the business over its last year. */
export const membershipValueSchema = z.object({
  /** The year counted: the 365 days ending today, in the chamber's calendar days. */
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** Events someone of the business was checked in at. */
  eventsAttended: z.number().int(),
  listingViews: z.number().int(),
  websiteClicks: z.number().int(),
  phoneClicks: z.number().int(),
  dealViews: z.number().int(),
  jobViews: z.number().int(),
  applyClicks: z.number().int(),
  /** The year in one sentence, as the renewal mail and invoice print it. */
  summary: z.string(),
});
export type MembershipValue = z.infer<typeof membershipValueSchema>;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'This year: 7 events, your listing was seen 412 times, 38 visits to your website'. */
export function membershipValueSummary(
  value: Pick<MembershipValue, 'eventsAttended' | 'listingViews' | 'websiteClicks'>,
): string {
  return `This year: ${plural(value.eventsAttended, 'event', 'events')}, your listing was seen ${plural(value.listingViews, 'time', 'times')}, ${plural(value.websiteClicks, 'visit', 'visits')} to your website`;
}

/** One step that makes a listing more complete, and where it is done. */
export const listingStepSchema = z.object({
  key: z.enum(['photo', 'description', 'hours', 'website', 'phone', 'address', 'deal']),
  label: z.string(),
  done: z.boolean(),
  /** The page where it is done. */
  href: z.string(),
});

export const accountRegistrationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  startsAt: z.string().describe('ISO 8601, UTC'),
  location: z.string().nullable(),
  guests: z.number().int(),
  /** confirmed, held (a ticket waiting for payment), offered or waitlisted. */
  seatStatus: z.string(),
  /** The QR code's text for the door, for a confirmed seat. */
  checkInCode: z.string().nullable(),
  /** A paid ticket's invoice: its number and whether it is paid. */
  ticket: z.object({ invoiceId: z.string(), number: z.string(), status: z.string() }).nullable(),
  /** The event's page, where the registration is changed or cancelled. */
  href: z.string(),
});
export type AccountRegistration = z.infer<typeof accountRegistrationSchema>;

/** GET /api/account: everything of the signed-in member's, in one place. */
export const accountHubSchema = z.object({
  name: z.string(),
  /** The member business the login belongs to; null for a login without one. */
  listing: z
    .object({
      contactId: z.string(),
      name: z.string(),
      tier: z.enum(membershipTiers),
      href: z.string(),
      /** Percent of the steps done. */
      completeness: z.number().int().min(0).max(100),
      steps: z.array(listingStepSchema),
    })
    .nullable(),
  membership: z
    .object({
      status: z.enum(membershipStatuses),
      planName: z.string(),
      paidThrough: calendarDateSchema.nullable(),
      graceEndsOn: calendarDateSchema.nullable(),
      autoRenew: z.boolean(),
      /** The next payment: the open invoice's, else the renewal's at the end of the term. */
      nextPayment: z
        .object({ amountCents: z.number().int(), currency: z.string(), dueOn: calendarDateSchema })
        .nullable(),
    })
    .nullable(),
  /** Open invoices of the business (dues and tickets), each paid from /membership. */
  invoicesToPay: z.array(membershipInvoiceRefSchema),
  upcoming: z.array(accountRegistrationSchema),
  /** Events of the past year the login registered for, newest first, and whether attended. */
  past: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      startsAt: z.string(),
      attended: z.boolean(),
      href: z.string(),
    }),
  ),
  jobPosts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(jobPostStatuses),
      closesOn: calendarDateSchema,
    }),
  ),
  deals: z.array(
    z.object({
      id: z.string(),
      offer: z.string(),
      validUntil: calendarDateSchema.nullable(),
      current: z.boolean(),
    }),
  ),
  /** The membership's year in figures; null without a member business. */
  value: membershipValueSchema.nullable(),
});
export type AccountHub = z.infer<typeof accountHubSchema>;
