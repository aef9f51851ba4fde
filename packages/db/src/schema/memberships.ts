// Owner: modules/memberships. Membership dues: plans, the dues settings, memberships, their
// history and the dues mail sent. Each paid term is in membership-terms.ts. Money is integer
// cents in the chamber's one currency (membership_settings.currency).
import { sql } from 'drizzle-orm';
import {
  boolean,
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
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  duesNoticeKinds,
  lapsedListings,
  membershipEventKinds,
  membershipStatuses,
  termRules,
} from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { timestamps } from './columns.js';
import { membershipTierEnum, contacts } from './members.js';

export const membershipStatusEnum = pgEnum('membership_status', membershipStatuses);
export const termRuleEnum = pgEnum('term_rule', termRules);
export const lapsedListingEnum = pgEnum('lapsed_listing', lapsedListings);
export const membershipEventKindEnum = pgEnum('membership_event_kind', membershipEventKinds);
export const duesNoticeKindEnum = pgEnum('dues_notice_kind', duesNoticeKinds);

/**
 * A benefit of a plan that is a ticket or a price, applied by itself to orders of the plan's
 * members (modules/benefits): `free_ticket` makes `count` single-seat tickets a period free,
 * `fixed_price` sells `count` tickets a period at `priceCents`. Either reaches the events of
 * `eventId`, or those whose title holds `eventTag` (or every event), minus `excludedEventIds`;
 * `ticketTypeId` or `ticketTypeName` (a part of the name, any case) narrows it to a type.
 * `until` (a date in the chamber's zone, inclusive) ends it.
 */
export interface PlanTicketBenefit {
  id: string;
  kind: 'free_ticket' | 'fixed_price';
  label: string;
  count: number;
  period: 'month' | 'year';
  eventId: string | null;
  eventTag: string | null;
  excludedEventIds: string[];
  ticketTypeId: string | null;
  ticketTypeName: string | null;
  priceCents: number | null;
  until: string | null;
}

/**
 * A membership plan as sold: the feature level stays in code (`level`: what the listing
 * unlocks), the name, yearly price, description and benefits are the chamber's to edit.
 * One plan per level.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: membershipTierEnum('level').notNull(),
    name: text('name').notNull(),
    /** The URL segment of the plan's page, e.g. `enhanced` for /enhanced-membership. */
    slug: text('slug').notNull(),
    /** One sentence for the price card and the plan's page. */
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** The benefits this plan adds over the plan below it (the comparison table's rows). */
    benefits: text('benefits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Its benefits that are tickets or prices, applied by themselves (PlanTicketBenefit). */
    ticketBenefits: jsonb('ticket_benefits')
      .$type<PlanTicketBenefit[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The few lines its price card shows. */
    highlights: text('highlights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Marked 'Most popular' on the price cards. */
    featured: boolean('featured').notNull().default(false),
    /** Offered for joining and renewing; a plan taken off sale keeps its members. */
    available: boolean('available').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('membership_plans_level_key').on(t.level),
    uniqueIndex('membership_plans_slug_key').on(t.slug),
    check('membership_plans_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** The chamber's dues rules, one row, changed by admins. */
export const membershipSettings = pgTable(
  'membership_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** ISO 4217, upper case; every amount in the portal is in it. */
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    termRule: termRuleEnum('term_rule').notNull().default('anniversary'),
    graceDays: smallint('grace_days').notNull().default(30),
    /** Days before the paid-through date on which a renewal reminder goes out. */
    reminderDays: smallint('reminder_days')
      .array()
      .notNull()
      .default(sql`'{30,14,1}'::smallint[]`),
    /** Days before an automatic charge that the member is told its amount and card. */
    autoChargeNoticeDays: smallint('auto_charge_notice_days').notNull().default(7),
    /** Days an invoice gives to pay it. */
    invoiceDueDays: smallint('invoice_due_days').notNull().default(30),
    /** New members wait for staff before they are active and listed, even when paid. */
    staffApproveNewMembers: boolean('staff_approve_new_members').notNull().default(false),
    lapsedListing: lapsedListingEnum('lapsed_listing').notNull().default('hidden'),
    /** How to pay offline, printed on every open invoice: whom checks are payable to, */
    payee: text('payee').notNull().default(''),
    /** where they are mailed, */
    mailingAddress: text('mailing_address').notNull().default(''),
    /** the bank account for a transfer, */
    bankDetails: text('bank_details').notNull().default(''),
    /** and anything else (office hours for cash, say). */
    paymentInstructions: text('payment_instructions').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('membership_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A member business's membership: one per contact, its current plan and standing. What
 * happened to it over time is in membership_terms and membership_events, never overwritten.
 * contacts.membership_tier and contacts.payment_status are kept from it, in the same
 * transaction, by the memberships module only.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    status: membershipStatusEnum('status').notNull().default('pending'),
    /** The first day of the first paid term. */
    startedOn: date('started_on'),
    /** The last day covered by payments; null until the first payment. */
    paidThrough: date('paid_through'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** A downgrade asked for, applied at the next renewal. */
    nextPlanId: uuid('next_plan_id').references(() => membershipPlans.id),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The card an automatic renewal charges, as Stripe reports it (brand and last four). */
    cardBrand: text('card_brand'),
    cardLast4: varchar('card_last4', { length: 4 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_contact_id_key').on(t.contactId),
    uniqueIndex('memberships_stripe_subscription_id_key').on(t.stripeSubscriptionId),
    index('memberships_status_paid_through_idx').on(t.status, t.paidThrough),
    index('memberships_paid_through_idx').on(t.paidThrough),
    // Staff's 'due this month' list: a month of current memberships in paid-through order, so
    // a page is read off the index instead of sorting the month's thousands of rows.
    index('memberships_current_paid_through_idx')
      .on(t.paidThrough, t.id)
      .where(sql`${t.status} in ('active', 'grace')`),
  ],
);

/** A membership's history: every change of status, plan or renewal setting. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: membershipEventKindEnum('kind').notNull(),
    /** What the change was about (plan ids, dates, amounts, reasons). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** Who did it; null for the member's own payment, the job runner or Stripe. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.membershipId, t.at)],
);

/**
 * Each dues mail sent, once per membership, kind and paid-through date (and, for reminders,
 * days before): the unique key makes a second process, or a rerun after a crash, skip it.
 */
export const duesNotices = pgTable(
  'dues_notices',
  {
    /**
     * The notice's own id, which its outbox mail ('dues-notice') names: a notice forgotten and
     * written again (automatic renewal off, then on) is another notice, and the mail queued for
     * the first one finds nothing to send.
     */
    id: uuid('id').notNull().defaultRandom().unique(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: duesNoticeKindEnum('kind').notNull(),
    paidThrough: date('paid_through').notNull(),
    /** For renewal reminders, the days before; 0 otherwise. */
    daysBefore: smallint('days_before').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /**
     * When the mail went out. The row is written with the change that calls for the mail,
     * together with its outbox row; the outbox's hook sets this once the mail is sent (a
     * notice dropped as no longer true, or whose mail failed, stays without it).
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.kind, t.paidThrough, t.daysBefore] })],
);
