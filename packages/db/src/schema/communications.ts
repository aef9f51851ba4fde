// Owner: modules/communications. Member communications: campaigns and their recipients, the
// addresses bulk mail must not reach, each address's topic choices and the newsletter's
// subscribers.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/**
 * A message to a segment of members or subscribers. `content` is sanitized HTML (the editor's
 * output); `audience` is the contract's `CampaignAudience`. Once its send started
 * (state sending, paused, sent, cancelled) the message is no longer edited.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    /**
     * The content as sent: its blocks (upcoming events, new members) filled once, when the send
     * started, so every recipient and the public archive get the same message. Null before.
     */
    sentContent: text('sent_content'),
    /** newsletter | announcements | event-news: what an unsubscribe from it leaves. */
    topic: text('topic').notNull().default('newsletter'),
    audience: jsonb('audience').notNull().$type<Record<string, unknown>>(),
    /** draft | scheduled | sending | paused | sent | cancelled */
    state: text('state').notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When its recipients were listed (the send started). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Shown in the public archive once sent, at /news/{slug}. */
    public: boolean('public').notNull().default(false),
    /** Made from the subject when first marked public; kept when the subject changes. */
    slug: text('slug'),
    /**
     * The sender chose to count clicks: its links are rewritten, per recipient, to signed
     * redirects of the portal (/api/r/{token}) when it is sent.
     */
    trackClicks: boolean('track_clicks').notNull().default(false),
    /**
     * Its mails carried the open-counting image (/api/o/{token}.gif): the chamber's setting when
     * its send started. False: opens were not counted.
     */
    countOpens: boolean('count_opens').notNull().default(false),
    /** The staff login that wrote it (the auth module's users). */
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    check(
      'campaigns_state_check',
      sql`${t.state} in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`,
    ),
    check(
      'campaigns_topic_check',
      sql`${t.topic} in ('newsletter', 'announcements', 'event-news')`,
    ),
    uniqueIndex('campaigns_slug_key').on(t.slug),
    // The public archive (/news): sent public messages, newest first.
    index('campaigns_news_idx')
      .on(t.startedAt.desc(), t.id)
      .where(sql`${t.public} and ${t.state} = 'sent'`),
    index('campaigns_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.state} = 'scheduled'`),
  ],
);

/**
 * Each address a campaign goes to, listed once when its send starts. A row is taken for
 * sending (state sending, with a lease) before the mail server is asked and marked sent only
 * once it accepted; a row found still sending after its taker died is not sent again
 * (docs/decisions/0131-campaign-sending-at-most-once.md).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Lower case, trimmed. */
    email: text('email').notNull(),
    /** The business person it came from, when known (members' business_people). */
    personId: uuid('person_id'),
    /** The business, when known (members' contacts). */
    contactId: uuid('contact_id'),
    /** The name to greet, when known. */
    name: text('name').notNull().default(''),
    /** queued | sending | sent | bounced | failed | unsubscribed | cancelled */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** hard | soft | complaint: what the bounce mailbox said of this mail (state bounced). */
    bounceKind: text('bounce_kind'),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'campaign_recipients_bounce_kind_check',
      sql`${t.bounceKind} is null or ${t.bounceKind} in ('hard', 'soft', 'complaint')`,
    ),
    index('campaign_recipients_email_idx').on(t.email, t.sentAt),
    check(
      'campaign_recipients_state_check',
      sql`${t.state} in ('queued', 'sending', 'sent', 'bounced', 'failed', 'unsubscribed', 'cancelled')`,
    ),
    uniqueIndex('campaign_recipients_campaign_email_key').on(t.campaignId, t.email),
    index('campaign_recipients_queued_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
  ],
);

/**
 * Addresses bulk mail does not go to, and why: a hard bounce, a complaint, soft bounces in a
 * row, or staff's choice. Lifting keeps the row (lifted_at) as its history.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'mail_suppressions_reason_check',
      sql`${t.reason} in ('hard-bounce', 'complaint', 'soft-bounces', 'manual')`,
    ),
    uniqueIndex('mail_suppressions_active_key')
      .on(t.email)
      .where(sql`${t.liftedAt} is null`),
  ],
);

/** An address's topic choices: true where it left the topic. Transactional mail ignores them. */
export const mailPreferences = pgTable('mail_preferences', {
  email: text('email').primaryKey(),
  newsletterOptOut: boolean('newsletter_opt_out').notNull().default(false),
  announcementsOptOut: boolean('announcements_opt_out').notNull().default(false),
  eventNewsOptOut: boolean('event_news_opt_out').notNull().default(false),
  ...timestamps,
});

/**
 * The public newsletter's sign-ups (double opt-in): only the SHA-256 of the confirmation
 * link's token is kept; a row counts once confirmed.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_token_key').on(t.confirmTokenHash),
  ],
);

/**
 * A click-tracked campaign's links, each address once, in the order they first appear in the
 * message as sent (written when its send starts). A redirect token names a row here: the
 * address a click goes to is always the stored one, never one read from the token.
 */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('campaign_links_campaign_position_key').on(t.campaignId, t.position)],
);

/** Each followed redirect of a campaign's link: who (the recipient) and when. */
export const campaignClicks = pgTable(
  'campaign_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => campaignLinks.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_clicks_link_idx').on(t.linkId, t.recipientId)],
);

/** The first time a recipient's mail loaded its open-counting image (when the chamber counts opens). */
export const campaignOpens = pgTable('campaign_opens', {
  recipientId: uuid('recipient_id')
    .primaryKey()
    .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chamber's settings for bulk mail: one row (id 1), made at first change. */
export const communicationSettings = pgTable('communication_settings', {
  id: smallint('id').primaryKey().default(1),
  /** Bulk mails carry a 1×1 image that records each recipient's first open. Off by default. */
  countOpens: boolean('count_opens').notNull().default(false),
  ...timestamps,
});
