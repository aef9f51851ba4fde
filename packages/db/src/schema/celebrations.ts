// Owner: modules/celebrations. Ribbon cuttings and milestone celebrations: the chamber's
// rules, the bookings, and the ambassadors mailed to come along.
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
import { users } from './auth.js';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { businessPeople, contacts } from './members.js';

/**
 * The chamber's rules for ribbon cuttings and milestone celebrations: one row, the contract's
 * `CelebrationSettings` as JSON (the celebrations module seeds its defaults).
 */
export const celebrationSettings = pgTable(
  'celebration_settings',
  {
    id: smallint('id').primaryKey().default(1),
    rules: jsonb('rules').notNull().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [check('celebration_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A ribbon cutting or milestone celebration a member business booked. While pending, proposed
 * or confirmed it holds its slot: the unique index lets one booking have a start time, so two
 * businesses racing for one slot get one booking.
 */
export const celebrations = pgTable(
  'celebrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The login that booked it, mailed each outcome. */
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    description: text('description').notNull(),
    expectedGuests: integer('expected_guests'),
    galleryConsent: boolean('gallery_consent').notNull().default(false),
    /** Staff's photos once it took place, shown on its event page: `{ url, caption }`. */
    photos: jsonb('photos').$type<{ url: string; caption: string }[]>().notNull().default([]),
    staffNote: text('staff_note'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id'),
    /** When each reminder (14 and 2 days before) was queued; null until then. */
    remindedEarlyAt: timestamp('reminded_early_at', { withTimezone: true }),
    remindedLateAt: timestamp('reminded_late_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('celebrations_slot_key')
      .on(t.slotStart)
      .where(sql`${t.status} in ('pending', 'proposed', 'confirmed')`),
    index('celebrations_contact_idx').on(t.contactId, t.slotStart),
    index('celebrations_status_idx').on(t.status, t.slotStart),
    check(
      'celebrations_status_check',
      sql`${t.status} in ('pending', 'proposed', 'confirmed', 'declined', 'cancelled')`,
    ),
    check(
      'celebrations_kind_check',
      sql`${t.kind} in ('ribbon_cutting', 'grand_opening', 'anniversary', 'groundbreaking')`,
    ),
  ],
);

/**
 * Members' people staff made ambassadors: each is mailed when a celebration is confirmed, to
 * come along. A person, not a business: a business's owner may be one and its staff not.
 */
export const celebrationAmbassadors = pgTable('celebration_ambassadors', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => businessPeople.id, { onDelete: 'cascade' }),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
