import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { applyHref } from './job-apply.js';
import {
  employmentTypes,
  jobPostStatuses,
  jobWorkplaces,
  membershipTiers,
  payPeriods,
} from './vocabulary.js';

/** The job board (/job-postings): what members post, what the public board shows. */

/** A post's closing date when none is given, and the furthest one allowed, in days from today. */
export const JOB_POST_DEFAULT_DAYS = 30;
export const JOB_POST_MAX_DAYS = 90;
export const JOB_DESCRIPTION_MAX = 10_000;

export const applyToSchema = z
  .string()
  .trim()
  .min(1, 'Say how to apply: a link or an email address.')
  .max(500, 'The apply link is too long (at most 500 characters).')
  .transform((value, ctx) => {
    const href = applyHref(value);
    if (!href) {
      ctx.addIssue({
        code: 'custom',
        message: 'How to apply must be an https:// link or an email address.',
      });
      return z.NEVER;
    }
    return href;
  });

const cents = z
  .number()
  .int('Pay is in whole cents.')
  .min(0, 'Pay cannot be negative.')
  .max(100_000_000, 'Pay is too large.');

/** A post as its poster (or staff) writes it; the closing date is checked against today by the server. */
export const jobPostInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Enter a title.')
      .max(120, 'The title is too long (at most 120 characters).'),
    description: z
      .string()
      .trim()
      .min(1, 'Enter a description.')
      .max(
        JOB_DESCRIPTION_MAX,
        `The description is too long (at most ${JOB_DESCRIPTION_MAX.toLocaleString('en-US')} characters).`,
      )
      .describe('Plain text; line breaks are kept and links are shown as links'),
    employmentType: z.enum(employmentTypes),
    workplace: z.enum(jobWorkplaces).describe("on_site: at the business's address; hybrid; remote"),
    payMinCents: cents.nullable().optional(),
    payMaxCents: cents.nullable().optional(),
    payPeriod: z.enum(payPeriods).nullable().optional(),
    applyTo: applyToSchema.describe(
      'An https:// link or an email address; answered as the href (mailto: for an address)',
    ),
    closesOn: calendarDateSchema
      .optional()
      .describe(
        'The last day the post is open (YYYY-MM-DD); default 30 days from today, at most 90',
      ),
  })
  .superRefine((input, ctx) => {
    const { payMinCents: min, payMaxCents: max } = input;
    if (min != null && max != null && min > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['payMaxCents'],
        message: 'The highest pay must not be below the lowest.',
      });
    }
    if ((min != null || max != null) && !input.payPeriod) {
      ctx.addIssue({
        code: 'custom',
        path: ['payPeriod'],
        message: 'Say whether the pay is per hour, day, week, month or year.',
      });
    }
  });
export type JobPostInput = z.input<typeof jobPostInputSchema>;

export const jobBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  tagline: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
});

/** The fields of a post a change holds, named as the post's. */
export const jobPostChangeFields = [
  'title',
  'description',
  'employmentType',
  'workplace',
  'payMinCents',
  'payMaxCents',
  'payPeriod',
  'applyUrl',
  'closesOn',
] as const;
export type JobPostChangeField = (typeof jobPostChangeFields)[number];

/**
 * The fields that count as 'dates or pay': a poster's change to a live post that touches only
 * these goes live at once while the chamber's setting `dateAndPayChangesGoLive` is on.
 */
export const dateAndPayFields: readonly JobPostChangeField[] = [
  'closesOn',
  'payMinCents',
  'payMaxCents',
  'payPeriod',
];

/** A poster's edit of a live post, waiting for staff; the live text stays on the board meanwhile. */
export const jobPostPendingChangeSchema = z.object({
  title: z.string(),
  description: z.string(),
  employmentType: z.enum(employmentTypes),
  workplace: z.enum(jobWorkplaces),
  payMinCents: z.number().int().nullable(),
  payMaxCents: z.number().int().nullable(),
  payPeriod: z.enum(payPeriods).nullable(),
  applyUrl: z.string(),
  closesOn: calendarDateSchema,
  changed: z
    .array(z.enum(jobPostChangeFields))
    .describe('The fields whose value differs from the live post'),
  submittedAt: z.string().describe('When the poster made the change (its latest edit)'),
});
export type JobPostPendingChange = z.infer<typeof jobPostPendingChangeSchema>;

export const jobPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  employmentType: z.enum(employmentTypes),
  workplace: z.enum(jobWorkplaces),
  payMinCents: z.number().int().nullable(),
  payMaxCents: z.number().int().nullable(),
  payPeriod: z.enum(payPeriods).nullable(),
  currency: z.string().describe("The chamber's currency (ISO 4217)"),
  applyUrl: z.string().describe('mailto: or https:// only'),
  closesOn: calendarDateSchema,
  status: z.enum(jobPostStatuses),
  rejectionReason: z
    .string()
    .nullable()
    .describe("Staff's reason, shown to the poster and staff; null for everyone else"),
  postedAt: z.string().nullable().describe('When it went on the board'),
  createdAt: z.string(),
  updatedAt: z.string(),
  location: z
    .object({
      address1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
    })
    .nullable()
    .describe("The business's address, for on-site and hybrid posts"),
  business: jobBusinessSchema,
  canEdit: z
    .boolean()
    .describe('Whether this viewer may edit, close or delete it: the poster and staff'),
  pendingChange: jobPostPendingChangeSchema
    .nullable()
    .describe(
      "The poster's edit of this live post waiting for staff (shown to the poster and staff); null when none waits and for everyone else",
    ),
});
export type JobPost = z.infer<typeof jobPostSchema>;

export const listJobPostsQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('Words of the title, the business or the text'),
  type: z.enum(employmentTypes).optional(),
  workplace: z.enum(jobWorkplaces).optional(),
  business: z.uuid({ message: 'business must be a member id' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListJobPostsQuery = z.input<typeof listJobPostsQuerySchema>;

export const jobPostListSchema = z.object({
  jobPosts: z.array(jobPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  businesses: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('The businesses with open posts, for the business filter'),
});
export type JobPostList = z.infer<typeof jobPostListSchema>;

export const myJobPostsSchema = z.object({
  jobPosts: z.array(jobPostSchema),
  mayPost: z
    .boolean()
    .describe(
      'Whether this member may post: a current member (membership active or in grace, or staff) with a business',
    ),
  publishesDirectly: z
    .boolean()
    .describe("Whether a submitted post goes on the board without staff's approval"),
});
export type MyJobPosts = z.infer<typeof myJobPostsSchema>;

/** Staff's queue lists: a status, or `changes` (live posts whose poster's edit waits). */
export const jobPostQueueLists = [...jobPostStatuses, 'changes'] as const;
export type JobPostQueueList = (typeof jobPostQueueLists)[number];

export const jobPostQueueQuerySchema = z.object({
  status: z
    .enum(jobPostQueueLists)
    .default('pending')
    .describe("A status, or `changes`: live posts whose poster's edit waits for staff"),
});

export const jobPostQueueSchema = z.object({
  jobPosts: z.array(jobPostSchema),
  counts: z.record(z.enum(jobPostStatuses), z.number().int()),
  changesWaiting: z
    .number()
    .int()
    .describe("Live posts whose poster's edit waits for staff ('changes waiting')"),
});
export type JobPostQueue = z.infer<typeof jobPostQueueSchema>;

export const rejectJobPostSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why, for the poster.')
    .max(1000, 'The reason is too long (at most 1,000 characters).'),
});
export type RejectJobPost = z.input<typeof rejectJobPostSchema>;

export const jobBoardSettingsSchema = z.object({
  membersPublishDirectly: z
    .boolean()
    .describe('Enhanced and elite members publish without waiting for staff'),
  dateAndPayChangesGoLive: z
    .boolean()
    .describe(
      "A poster's change to a live post touching only its closing date or pay goes live at once (default on); other changes wait for staff",
    ),
});
export type JobBoardSettings = z.infer<typeof jobBoardSettingsSchema>;

/** A change of the settings: the ones given change, the others stay. */
export const jobBoardSettingsInputSchema = jobBoardSettingsSchema.partial();
export type JobBoardSettingsInput = z.input<typeof jobBoardSettingsInputSchema>;
