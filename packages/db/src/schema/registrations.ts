// Owner: modules/registrations. Registrations and their earlier manage links,
// the seats taken per occurrence, and the reminders sent. A paid ticket is a registration
// with an invoice (billing.ts).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { invoices } from './billing.js';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { eventTicketTypes } from './tickets.js';

/**
 * The earlier manage links of a registration, which keep working beside its newest one: a
 * second mail (a repeat of the address, a reminder, a payment) never breaks the link of the
 * first. A trigger on `event_registrations` keeps the hash a new link replaces; asking for a
 * new link through the manage page removes them. They go with their registration.
 */
export const registrationLinks = pgTable(
  'registration_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.registrationId)],
);

/**
 * A registration for an event. `eventId` is the event, or the series of a recurring one with
 * `occurrenceKey` naming the occurrence (its id suffix); '' for a single event. One
 * registration per address and occurrence: registering again updates it.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    guests: integer('guests').notNull().default(1),
    notes: text('notes'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * SHA-256 of the registrant's newest manage link (change or cancel), which only the
     * mailbox gets. Every mail that carries a link carries a fresh one; the links of earlier
     * mails keep working (`registration_links`) until the registrant asks for a new one.
     */
    manageTokenHash: text('manage_token_hash'),
    /**
     * confirmed, held (seats kept until paid: for tickets), offered (seats kept for a waiting
     * party until `holdUntil`), waitlisted, or lapsed (an offer not taken in time). Only
     * confirmed, and held or offered before `holdUntil`, take seats.
     */
    seatStatus: text('seat_status').notNull().default('confirmed'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the party was let in at the door; null until then. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Added at the door by staff (no mail, no manage link; the email may be ''). */
    walkIn: boolean('walk_in').notNull().default(false),
    /**
     * The invoice of a paid ticket (party × price; one invoice may cover several dates of a
     * series registered in one step). Null: free. Paid, refunded or open is the invoice's.
     */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /**
     * Order of arrival, from a sequence: the waiting list's order. Timestamps can tie (and
     * come from the injectable clock); registrations for one occurrence are numbered under
     * its seat lock, so this is the order they were taken in.
     */
    queuedAt: bigserial('queued_at', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    // Walk-ins without an address do not collide with each other.
    uniqueIndex('event_registrations_attendee_key')
      .on(t.eventId, t.occurrenceKey, sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    index('event_registrations_seat_status_idx')
      .on(t.seatStatus, t.holdUntil)
      .where(sql`${t.seatStatus} in ('offered', 'held', 'waitlisted')`),
    uniqueIndex('event_registrations_manage_token_key')
      .on(t.manageTokenHash)
      .where(sql`${t.manageTokenHash} is not null`),
    index('event_registrations_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    // A registration's one statement asks whether a waiting party fits the seats left, or an
    // offer or hold ran out, for its occurrence: a probe of this index, however long the list.
    index('event_registrations_waiting_idx')
      .on(t.eventId, t.occurrenceKey, t.seatStatus, t.guests)
      .where(sql`${t.seatStatus} in ('offered', 'held', 'waitlisted')`),
    // An occurrence's registrations, whatever their state or address: its counts, the
    // registrations card, the check-in list and the export. The indexes above are partial, so
    // without this one each of those read the whole table (a sequential scan that grew with
    // every event the chamber ever held).
    index('event_registrations_occurrence_idx').on(t.eventId, t.occurrenceKey),
    // An occurrence's seat-holders (at most its capacity, however long its waiting list): the
    // seats taken and the tickets held per type, counted again under the seat lock by every
    // batch of registrations or orders. Through the index above they read every registration
    // of the occurrence, which grew with the waiting list during a rush.
    index('event_registrations_holders_idx')
      .on(t.eventId, t.occurrenceKey)
      .where(sql`${t.seatStatus} in ('confirmed', 'offered', 'held')`),
    // A waiting party's place: the parties ahead of it, counted in this index alone (its
    // confirmation and offer mails, an order's answer), however long the list.
    index('event_registrations_queue_idx')
      .on(t.eventId, t.occurrenceKey, t.queuedAt)
      .where(sql`${t.seatStatus} = 'waitlisted'`),
  ],
);

/**
 * Seats taken per occurrence (a single event's occurrenceKey is ''): the people of its
 * confirmed, offered and held registrations, kept by a trigger on every change of a
 * registration (migration 0025), so it is true whichever path changed the row. Its row is
 * also the occurrence's seat lock: a registration takes a seat in one statement that locks
 * it, and anything else that counts seats and then takes or frees them locks it first.
 * Derived, so backups leave it out and a restore rebuilds it.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull(),
    taken: integer('taken').notNull().default(0),
    /** Parties holding seats (confirmed, offered, held), and parties waiting: the answer's counts. */
    parties: integer('parties').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceKey] })],
);

/**
 * The reminders sent: one per registration and start time, so of two portal processes running
 * the reminder job at once only one sends it, and an occurrence moved to a new time is
 * reminded of again.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.startsAt] })],
);

/**
 * The lines of an order: what a registration bought of each ticket type of its event (one
 * order = one registration, whose `guests` are the seats of all its lines). The name, seats
 * and prices are kept as sold, so a later edit of the type does not change an order.
 */
export const eventOrderLines = pgTable(
  'event_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    typeName: text('type_name').notNull(),
    quantity: integer('quantity').notNull(),
    seatsPerTicket: integer('seats_per_ticket').notNull(),
    unitCents: integer('unit_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    lineCents: integer('line_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_order_lines_type_key').on(t.registrationId, t.typeId),
    index('event_order_lines_type_idx').on(t.typeId),
    check('event_order_lines_quantity_check', sql`${t.quantity} between 1 and 100`),
  ],
);

/**
 * The named attendees of an order: one row per seat, each with its own id and QR token (the
 * door checks in one attendee of a party). The buyer fills or changes the names from the
 * manage link until the event starts; staff at any time.
 */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    /** Its place in the order (1, 2, …): the order the names were given in. */
    position: integer('position').notNull(),
    name: text('name'),
    email: text('email'),
    dietaryNote: text('dietary_note'),
    /** Random, unguessable: what the attendee's QR code carries. */
    qrToken: text('qr_token').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('event_attendees_registration_idx').on(t.registrationId, t.position),
    uniqueIndex('event_attendees_qr_key').on(t.qrToken),
  ],
);
