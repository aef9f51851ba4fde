import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { membershipTiers } from './vocabulary.js';

/**
 * Staff's cockpit (Admin → Today, and How the chamber is doing): what needs doing today and
 * how the chamber is doing, counted in memberships (never sign-ins). Every figure is read
 * from the records themselves on the chamber's calendar day (its time zone).
 */

const cents = z.number().int().describe('Whole cents in the chamber’s currency');
const count = z.number().int().min(0);

/** The 'due in the next …' windows of the overview, as staff's membership lists have them. */
export const renewalWindows = [30, 60, 90] as const;

export const overviewSchema = z.object({
  /** The chamber's calendar day the figures are for. */
  today: calendarDateSchema,
  currency: z.string(),
  members: z.object({
    current: count.describe('Memberships active or in grace'),
    grace: count.describe('Memberships past their paid-through date, within the grace days'),
  }),
  renewalsDue: z
    .array(
      z.object({
        withinDays: z.number().int(),
        count,
        amountCents: cents.describe(
          'What renewing them costs at the plan each renews on (a scheduled downgrade’s)',
        ),
      }),
    )
    .describe('Active or grace memberships paid through today … today + withinDays'),
  openInvoices: z.object({
    count,
    totalCents: cents,
    overdue: count.describe('Open invoices whose due date has passed'),
  }),
  paymentsThisMonth: z.object({
    count,
    amountCents: cents.describe('Payments received this calendar month'),
    refundedCents: cents.describe('Refunds given this calendar month'),
  }),
  approvals: z.object({
    jobPosts: count.describe(
      "Job posts waiting for staff: submitted ones, and live ones whose poster's change waits",
    ),
    newMembers: count.describe('Paid memberships waiting for staff’s approval'),
  }),
  upcomingEvents: z
    .array(
      z.object({
        eventId: z.string(),
        /** The id the event page takes: the event's, or `<series>_<occurrence>`. */
        id: z.string(),
        title: z.string(),
        startsAt: z.string(),
        seatsTaken: count,
        capacity: z.number().int().nullable(),
        waiting: count.describe('Parties on the waiting list'),
      }),
    )
    .describe('The next events within 60 days, at most 6, soonest first'),
  failedMail: count.describe('Mail the outbox gave up on, until staff retry it'),
});
export type Overview = z.infer<typeof overviewSchema>;

const months = (max: number, fallback: number) =>
  z.object({ months: z.coerce.number().int().min(1).max(max).default(fallback) });

export const insightsMembersQuerySchema = months(60, 24);
export const insightsRevenueQuerySchema = months(60, 12);
export const insightsAttendanceQuerySchema = months(36, 12);

const monthKey = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('YYYY-MM');

export const membersInsightSchema = z.object({
  months: z.array(
    z.object({
      month: monthKey,
      joins: count,
      renewals: count,
      lapses: count.describe('Memberships that ended: lapsed past grace, or cancelled'),
      members: count.describe('Members at the end of the month (today, for this month)'),
    }),
  ),
});
export type MembersInsight = z.infer<typeof membersInsightSchema>;

const rate = z.object({
  base: count,
  retained: count,
  /** retained / base, 0 … 1; null when there is no base. */
  rate: z.number().min(0).max(1).nullable(),
});
export const retentionInsightSchema = z.object({
  today: calendarDateSchema,
  /** The day a year ago the base is counted on. */
  since: calendarDateSchema,
  twelveMonth: rate.describe('Members a year ago who are members today'),
  firstYear: rate.describe(
    'Members who joined in the year before that day (their first renewal has come due) and are members today',
  ),
});
export type RetentionInsight = z.infer<typeof retentionInsightSchema>;

export const revenueInsightSchema = z.object({
  currency: z.string(),
  months: z.array(
    z.object({
      month: monthKey,
      duesCents: cents,
      ticketsCents: cents,
      otherCents: cents,
      totalCents: cents,
    }),
  ),
});
export type RevenueInsight = z.infer<typeof revenueInsightSchema>;

export const attendanceInsightSchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      startsAt: z.string(),
      registered: count.describe('People with a confirmed seat'),
      checkedIn: count.describe('People let in at the door'),
    }),
  ),
});
export type AttendanceInsight = z.infer<typeof attendanceInsightSchema>;

export const plansInsightSchema = z.object({
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      level: z.enum(membershipTiers),
      members: count,
    }),
  ),
});
export type PlansInsight = z.infer<typeof plansInsightSchema>;

/** Below this engagement score a membership due soon is at risk. */
export const AT_RISK_BELOW = 40;

export const atRiskSchema = z.object({
  threshold: z.number().int(),
  members: z.array(
    z.object({
      membershipId: z.string(),
      contactId: z.string(),
      businessName: z.string(),
      phone: z.string().nullable().describe('The business’s phone, to call'),
      email: z.string().nullable(),
      paidThrough: calendarDateSchema,
      score: z.number().int().min(0).max(100),
      eventsAttended: count.describe('Events checked in at in the last 12 months'),
      listingComplete: z.number().int().min(0).max(6).describe('Of 6 listing parts filled in'),
      deals: count,
      jobPosts: count,
      listingViews: count.describe('Views of the listing in the last 12 months'),
    }),
  ),
});
export type AtRisk = z.infer<typeof atRiskSchema>;
