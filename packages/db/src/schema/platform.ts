// Owner: lib (the server's shared layer below the modules). Throttling counters, the audit
// log, the data version, idempotency keys, the mail outbox and the listings' daily view
// counts and the keys the portal signs its tokens with, each kept by one file of lib/
// (throttle, audit, versioned-cache, idempotency-keys, mail/outbox, listing-counter,
// signing-key).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { listingCountKinds } from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { contacts } from './members.js';

/** Fixed-window counters for throttling, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.expiresAt)],
);

/** Every change staff make through the admin API: who, what, to whom, before and after, why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the actor after their account is deleted. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** A readable name of the target at the time (its email or title). */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id)],
);

/**
 * One counter raised at the commit of every transaction that changes the directory or the
 * calendar (contacts, users, calendars, events, registrations), by the triggers of migration
 * 0008. A process that keeps a computed answer keeps the counter it was computed at, and
 * reuses the answer only while the counter is unchanged, so no process serves stale data.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('data_version_single_row', sql`${t.id} = 1`)],
);

/**
 * The first answer to a write sent with an `Idempotency-Key`, replayed to a retry with the
 * same key for 24 hours. `scope` is the caller (a user, or a client address) and the route;
 * `fingerprint` the SHA-256 of the request (path, query and validated body). `status` is null
 * while the first request is still being answered; `locked_until` ends that claim if its
 * process died.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index().on(t.expiresAt)],
);

/**
 * Every mail the portal sends waits here until it is out: a row written in the transaction of
 * the change that calls for the mail, holding what is needed to compose it (ids and strings:
 * composing reads the data again), taken by one portal process at a time
 * (`FOR UPDATE SKIP LOCKED`, then a lease), sent, and marked. A process that dies with a row
 * taken leaves it to the next one once its lease runs out (`lib/mail/outbox.ts`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which composer writes it: 'registration', 'seat-offer', ... */
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    /**
     * pending: waits for its time; sending: taken by `lockedBy` until `lockedUntil`; sent;
     * skipped: nothing left to say (its registration went meanwhile); failed: given up
     * after the last attempt or refused for good, until staff retry it.
     */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The Message-ID every attempt sends, so a receiver can tell a repeat of it. */
    messageId: text('message_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * To whom and about what, as its last composing said (null until composed once): what
     * staff see of a mail that failed. Kept only while the row is (a month after sending).
     */
    recipient: text('recipient'),
    subject: text('subject'),
  },
  (t) => [
    check(
      'mail_outbox_state_check',
      sql`${t.state} in ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('mail_outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
  ],
);

export const listingCountKindEnum = pgEnum('listing_count_kind', listingCountKinds);

/**
 * How often a listing was seen and followed, as one total per listing, day (the chamber's
 * calendar day) and kind. Nothing about the visitor is kept: no address, no cookie, no agent.
 * Counted in memory and added here in batches (`lib/listing-counter.ts`).
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: listingCountKindEnum('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.day, t.kind] }),
    check('listing_counts_positive', sql`${t.count} > 0`),
  ],
);

/**
 * Keys the portal signs its own tokens with (lib/signing-key.ts: a registration's check-in
 * code, a bulk mail's unsubscribe link), each made at first use under its name. A leaked key
 * lets someone forge its tokens; deleting the row retires every one of them.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
