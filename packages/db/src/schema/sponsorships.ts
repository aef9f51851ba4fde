// Owner: modules/sponsorships. Sponsorship packages staff define and their sales: one row a
// sale (package, business, period, status, invoice), which the placements read.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  primaryKey,
  smallint,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  sponsorLevels,
  sponsorshipPayments,
  sponsorshipSlotKinds,
  sponsorshipStatuses,
} from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { invoices } from './billing.js';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { contacts } from './members.js';

export const sponsorLevelEnum = pgEnum('sponsor_level', sponsorLevels);
export const sponsorshipStatusEnum = pgEnum('sponsorship_status', sponsorshipStatuses);
export const sponsorshipPaymentEnum = pgEnum('sponsorship_payment', sponsorshipPayments);

/** One placement a package includes: a slot kind; an 'event' slot names its event and level. */
export interface SponsorshipPlacement {
  kind: (typeof sponsorshipSlotKinds)[number];
  eventId?: string;
  level?: (typeof sponsorLevels)[number];
}

/**
 * What staff sell: a price in cents, how many can be sold, the period the placements run
 * (dates in the chamber's zone, both days included), an optional sale window (dates in the
 * chamber's zone), and the placements included. Archived once it is no longer offered; a
 * package with sales is archived, never deleted.
 */
export const sponsorshipPackages = pgTable(
  'sponsorship_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    saleStartsOn: date('sale_starts_on'),
    saleEndsOn: date('sale_ends_on'),
    placements: jsonb('placements').$type<SponsorshipPlacement[]>().notNull().default([]),
    /** The event an event sponsorship is for, with its sponsor level. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    level: sponsorLevelEnum('level'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('sponsorship_packages_price_check', sql`${t.priceCents} >= 0`),
    check('sponsorship_packages_quantity_check', sql`${t.quantity} >= 0`),
    check('sponsorship_packages_period_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A sale of a package to a business (a member, or a prospect without a membership). The
 * period is the package's when sold. A held sale counts against the quantity until
 * `holdUntil`; then it lapses and its invoice is voided.
 */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => sponsorshipPackages.id, { onDelete: 'restrict' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    status: sponsorshipStatusEnum('status').notNull(),
    payment: sponsorshipPaymentEnum('payment').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** Staff who sold it; null when the business bought it itself. */
    soldByUserId: uuid('sold_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sponsor's logo (an image uploaded to the portal), its alt text and its link. */
    logoUrl: text('logo_url'),
    logoAlt: text('logo_alt').notNull().default(''),
    link: text('link'),
    ...timestamps,
  },
  (t) => [
    index('sponsorships_package_idx').on(t.packageId, t.status),
    index('sponsorships_contact_idx').on(t.contactId),
    index('sponsorships_invoice_idx').on(t.invoiceId),
    // The placements read what runs on a day.
    index('sponsorships_period_idx').on(t.startsOn, t.endsOn),
  ],
);

/** The chamber's sponsorship settings: one row. */
export const sponsorshipSettings = pgTable(
  'sponsorship_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** A sponsor whose invoice is unpaid after its due date is not shown until it is paid. */
    holdUnpaid: boolean('hold_unpaid').notNull().default(false),
    ...timestamps,
  },
  (t) => [check('sponsorship_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Impressions and clicks of a sponsorship's placement on a slot, per day in the chamber's
 * zone: counted in memory and added here in batches (no write per page view).
 */
export const sponsorPlacementDays = pgTable(
  'sponsor_placement_days',
  {
    sponsorshipId: uuid('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'cascade' }),
    /** The slot: home, calendar, directory, jobs, or event:{id}. */
    slot: text('slot').notNull(),
    day: date('day').notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sponsorshipId, t.slot, t.day] })],
);
