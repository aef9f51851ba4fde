import { z } from 'zod';
import { paginationSchema } from '../admin.js';

/** What a campaign is about; an unsubscribe leaves one topic (transactional mail has none). */
export const mailTopics = ['newsletter', 'announcements', 'event-news'] as const;
export const mailTopicSchema = z.enum(mailTopics);
export type MailTopic = z.infer<typeof mailTopicSchema>;

export const campaignStates = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const;
export const campaignStateSchema = z.enum(campaignStates);

export const recipientStates = [
  'queued',
  'sending',
  'sent',
  'bounced',
  'failed',
  'unsubscribed',
  'cancelled',
] as const;
export const recipientStateSchema = z.enum(recipientStates);

const uuid = z.string().uuid();

/**
 * The people of member businesses: every filter given narrows (plans AND states AND role).
 * No plans: any plan; no states: active and grace (members in good standing).
 */
export const membersSegmentSchema = z.object({
  kind: z.literal('members'),
  planIds: z.array(uuid).max(20).default([]),
  states: z
    .array(z.enum(['active', 'grace', 'lapsed', 'pending']))
    .max(4)
    .default(['active', 'grace']),
  /** primary: each business's primary person; billing: its billing people; all: everyone. */
  role: z.enum(['primary', 'billing', 'all']).default('all'),
});

/** Whoever registered (confirmed, not waiting) for an event, or any date of a series. */
export const registrantsSegmentSchema = z.object({
  kind: z.literal('registrants'),
  /** An event, or a series (its id: every date and override of it). */
  eventId: uuid,
});

/** The public newsletter's confirmed subscribers. */
export const subscribersSegmentSchema = z.object({ kind: z.literal('subscribers') });

export const audienceSegmentSchema = z.discriminatedUnion('kind', [
  membersSegmentSchema,
  registrantsSegmentSchema,
  subscribersSegmentSchema,
]);

/**
 * Who a campaign goes to: everyone in any of its segments (a union), each address once, less
 * the suppressed ones and those that left the campaign's topic.
 */
export const campaignAudienceSchema = z.object({
  segments: z.array(audienceSegmentSchema).min(1).max(10),
});
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;
/** An audience as a client sends it (a segment's filters may be left out). */
export type CampaignAudienceInput = z.input<typeof campaignAudienceSchema>;

/** `?audience=<JSON of CampaignAudience>&topic=newsletter` */
export const audiencePreviewQuerySchema = z.object({
  audience: z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'audience must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(campaignAudienceSchema),
  topic: mailTopicSchema.default('newsletter'),
});

export const audiencePreviewSchema = z.object({
  /** Addresses the campaign would go to now. */
  count: z.number().int(),
  /** A few of them, by name where known (for staff to check the audience). */
  sample: z.array(z.object({ name: z.string(), email: z.string() })),
});

/** Sanitized on the server: the stored content may differ from what was sent. */
export const campaignInputSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  content: z.string().max(200_000),
  audience: campaignAudienceSchema,
  topic: mailTopicSchema.default('newsletter'),
  /**
   * Shown in the public archive (/news) once sent. Left out: false for a new campaign,
   * unchanged on an edit. The only field a sent campaign may still change.
   */
  public: z.boolean().optional(),
  /**
   * Count clicks: when sent, the message's web links go through signed redirects of the portal
   * that record who followed which link. Left out: false for a new campaign, unchanged on an
   * edit.
   */
  trackClicks: z.boolean().optional(),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const recipientCountsSchema = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
});

export const campaignSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  topic: mailTopicSchema,
  state: campaignStateSchema,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  public: z.boolean(),
  /** Its address in the archive (/news/{slug}): made when first marked public, then kept. */
  slug: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A click-tracked campaign's link: how often it was followed, and by how many recipients. */
export const campaignLinkReportSchema = z.object({
  url: z.string(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
});
export type CampaignLinkReport = z.infer<typeof campaignLinkReportSchema>;

export const campaignSchema = campaignSummarySchema.extend({
  content: z.string(),
  audience: campaignAudienceSchema,
  counts: recipientCountsSchema,
  /** Whether its links are (or were) rewritten to count clicks. */
  trackClicks: z.boolean(),
  /** Its links as sent, in the message's order, with their clicks; empty when not tracked. */
  links: z.array(campaignLinkReportSchema),
  /** Recipients whose mail loaded the open-counting image; null when opens were not counted. */
  opens: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A campaign in the list, with how many of its recipients were sent to, of all listed. */
export const campaignListItemSchema = campaignSummarySchema.extend({
  recipients: z.object({ sent: z.number().int(), total: z.number().int() }),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignListItemSchema) });

export const sendCampaignSchema = z.object({
  /** Later than now: scheduled; absent or past: sent now. */
  at: z.string().datetime({ offset: true }).optional(),
});

export const testSentSchema = z.object({ sentTo: z.string() });

/** The campaign as its test mail would be, to the signed-in staff member's address. */
export const campaignPreviewSchema = z.object({
  subject: z.string(),
  /** The whole branded mail (for a sandboxed frame). */
  html: z.string(),
  /** The plain-text part. */
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

/** What the unsubscribe page shows for a valid token: the address and its topic choices. */
export const unsubscribeStateSchema = z.union([
  z.object({
    valid: z.literal(true),
    email: z.string(),
    topic: mailTopicSchema,
    optedOut: z.object({
      newsletter: z.boolean(),
      announcements: z.boolean(),
      'event-news': z.boolean(),
    }),
  }),
  /** Forged or expired: the page asks for the address instead (subscribe/preferences later). */
  z.object({ valid: z.literal(false) }),
]);

/** The preference page's choices: true where the address receives the topic. */
export const mailPreferencesInputSchema = z.object({
  topics: z
    .object({
      newsletter: z.boolean(),
      announcements: z.boolean(),
      'event-news': z.boolean(),
    })
    .partial()
    .strict(),
});
export type MailPreferencesInput = z.infer<typeof mailPreferencesInputSchema>;
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

/** A fresh preference link, asked for from the page a forged or expired link opened. */
export const preferenceLinkRequestSchema = z.object({
  email: z.string().trim().email().max(254),
});
export const preferenceLinkRequestedSchema = z.object({ ok: z.literal(true) });

export const newsletterSubscribeSchema = z.object({ email: z.string().trim().email().max(254) });
export const newsletterSubscribedSchema = z.object({ ok: z.literal(true) });
export const newsletterConfirmSchema = z.object({ token: z.string().min(10).max(200) });
export const newsletterConfirmedSchema = z.object({ confirmed: z.boolean() });

/** Why bulk mail no longer goes to an address. */
export const suppressionReasons = ['hard-bounce', 'complaint', 'soft-bounces', 'manual'] as const;
export const suppressionReasonSchema = z.enum(suppressionReasons);
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>;

export const suppressionSchema = z.object({
  email: z.string(),
  reason: suppressionReasonSchema,
  /** The mail server's words (status and diagnostic), or staff's note. */
  detail: z.string(),
  createdAt: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

/** How reading the bounce mailbox goes; null when no mailbox is configured. */
export const bounceMailboxStatusSchema = z
  .object({
    lastSuccessAt: z.string().nullable(),
    lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
    failuresInARow: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    reports: z.number().int(),
    ignored: z.number().int(),
  })
  .nullable();

/** How many suppressions the list gives unless told otherwise, and at most. */
export const SUPPRESSIONS_LIMIT = 200;

export const suppressionListQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPRESSIONS_LIMIT).default(SUPPRESSIONS_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SuppressionListQuery = z.input<typeof suppressionListQuerySchema>;
export const suppressionListSchema = z.object({
  suppressions: z.array(suppressionSchema),
  /** Whether more follow this page (`offset` + `limit`): page on, or narrow it with `q`. */
  truncated: z.boolean(),
  /** How many match `q`, on every page. */
  pagination: paginationSchema,
  mailbox: bounceMailboxStatusSchema,
});
export type SuppressionList = z.infer<typeof suppressionListSchema>;

/** How many unsubscribed addresses a page of the staff list shows unless told otherwise. */
export const UNSUBSCRIBES_PAGE_SIZE = 25;

/** `?q=part-of-an-address&limit=25&offset=0`: addresses that left at least one topic. */
export const unsubscribeListQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(UNSUBSCRIBES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type UnsubscribeListQuery = z.input<typeof unsubscribeListQuerySchema>;

/** An address that left one or more topics; transactional mail still reaches it. */
export const unsubscribeSchema = z.object({
  email: z.string(),
  /** The topics it left, in the order of `mailTopics`; never empty. */
  topics: z.array(mailTopicSchema).min(1),
  /** When its choices last changed (the latest unsubscribe, or a topic taken back). */
  updatedAt: z.string(),
});
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;

export const unsubscribeListSchema = z.object({
  unsubscribes: z.array(unsubscribeSchema),
  pagination: paginationSchema,
});
export type UnsubscribeList = z.infer<typeof unsubscribeListSchema>;

export const suppressInputSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter an email address.').max(254),
  detail: z.string().trim().max(500).default(''),
});
export const liftSuppressionSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter an email address.').max(254),
});

/** The chamber's settings for bulk mail. */
export const communicationSettingsSchema = z.object({
  /** Bulk mails carry a 1×1 tracking image that records each recipient's first open. */
  countOpens: z.boolean(),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

/** A tracked link's or open image's signed token (`/r/{token}`, `/o/{token}.gif`). */
export const trackingTokenParams = z.object({ token: z.string().min(1).max(200) });

/** How many sent messages a page of the public archive lists. */
export const NEWS_PAGE_SIZE = 20;

export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

export const newsSlugParams = z.object({ slug: z.string().min(1).max(200) });

/** A sent public message as the archive lists it. */
export const newsSummarySchema = z.object({
  slug: z.string(),
  subject: z.string(),
  /** When its send started. */
  sentAt: z.string(),
  /** The start of its text, plain, at most about 200 characters. */
  excerpt: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsListSchema = z.object({
  news: z.array(newsSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NewsList = z.infer<typeof newsListSchema>;

/**
 * A sent public message as the archive shows it: its content HTML as sent (sanitized; the
 * blocks filled from data at send time are left out, never any recipient's links or tokens).
 */
export const newsItemSchema = z.object({
  slug: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  html: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
