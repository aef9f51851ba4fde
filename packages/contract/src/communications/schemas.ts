import { z } from 'zod';

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
  public: z.boolean().default(false),
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
  slug: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const campaignSchema = campaignSummarySchema.extend({
  content: z.string(),
  audience: campaignAudienceSchema,
  counts: recipientCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) });

export const sendCampaignSchema = z.object({
  /** Later than now: scheduled; absent or past: sent now. */
  at: z.string().datetime({ offset: true }).optional(),
});

export const testSentSchema = z.object({ sentTo: z.string() });

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

export const newsletterSubscribeSchema = z.object({ email: z.string().trim().email().max(254) });
export const newsletterSubscribedSchema = z.object({ ok: z.literal(true) });
export const newsletterConfirmSchema = z.object({ token: z.string().min(10).max(200) });
export const newsletterConfirmedSchema = z.object({ confirmed: z.boolean() });
