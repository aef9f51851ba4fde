// Owner: modules/calendars. Calendars, events and series with their overrides,
// and the ids a series edit retired. A ticket's price and rules are columns of its event.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointmentStatuses } from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { chambers } from './chamber.js';
import { timestamps } from './columns.js';
import { contacts } from './members.js';

export const appointmentStatusEnum = pgEnum('appointment_status', appointmentStatuses);

export const calendars = pgTable('calendars', {
  id: text('id').primaryKey(),
  locationId: text('location_id')
    .notNull()
    .references(() => chambers.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default('RACC Events'),
  description: text('description').notNull().default(''),
  timezone: text('timezone').notNull().default('America/Denver'),
  ...timestamps,
});

/**
 * A single event, or a recurring series (rrule set, start/end of the first occurrence in
 * wall-clock time of `timezone`), or an override of one occurrence of a series
 * (seriesId + originalStart set).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    timezone: text('timezone').notNull().default('America/Denver'),
    status: text('status').notNull().default('confirmed'),
    appointmentStatus: appointmentStatusEnum('appointment_status').notNull().default('new'),
    internalNote: text('internal_note').notNull().default(''),
    calendarNotes: text('calendar_notes').notNull().default(''),
    pageUrl: text('page_url').notNull().default(''),
    coverImageUrl: text('cover_image_url').notNull().default(''),
    downloadFileUrl: text('download_file_url').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    rrule: text('rrule'),
    exdates: timestamp('exdates', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    seriesId: uuid('series_id'),
    originalStart: timestamp('original_start', { withTimezone: true }),
    /**
     * For a series: the end of its last occurrence, or null while it repeats without end.
     * Lets a window skip series that ended before it without expanding them.
     */
    recurrenceEnd: timestamp('recurrence_end', { withTimezone: true }),
    /**
     * iCalendar SEQUENCE (RFC 5545 3.8.7.4): raised by every change, so calendar apps apply a
     * new version of the event instead of keeping the one they have.
     */
    sequence: integer('sequence').notNull().default(0),
    /** Registrants are reminded this many hours before it starts; null: no reminder. */
    reminderHours: integer('reminder_hours').default(24),
    /**
     * Seats (people, not parties) the event or occurrence takes; null for no limit. An
     * override of an occurrence has its own, copied from the series when it was made.
     */
    capacity: integer('capacity'),
    /**
     * Tickets, in cents of the chamber's currency: the price for members (signed in with an
     * active membership) and for everyone else. Both null: free. One null: that price is
     * the other's.
     */
    memberPriceCents: integer('member_price_cents'),
    priceCents: integer('price_cents'),
    /** How tickets are paid: `online` (Checkout, seats held 30 minutes) or `door`. */
    ticketPayment: text('ticket_payment').notNull().default('online'),
    /** Cancelling at least `refundCutoffHours` before the start refunds a paid ticket. */
    refundOnCancel: boolean('refund_on_cancel').notNull().default(false),
    refundCutoffHours: integer('refund_cutoff_hours').notNull().default(48),
    ...timestamps,
  },
  (t) => [
    index().on(t.calendarId, t.startTime),
    index().on(t.seriesId),
    index().on(t.contactId),
    // At most one override per occurrence of a series.
    uniqueIndex('events_series_occurrence_key')
      .on(t.seriesId, t.originalStart)
      .where(sql`${t.seriesId} is not null`),
    // The series a window has to expand: started before its end, not ended before its start.
    index('events_series_window_idx')
      .on(t.calendarId, t.startTime, t.recurrenceEnd)
      .where(sql`${t.rrule} is not null`),
  ],
);

/**
 * An event id that a series edit retired (an occurrence split off into a new series, or moved
 * to a new time) and the id of the occurrence that replaced it, so links already out, in
 * mails and bookmarks, still open it. Chains are kept one step long: a successor that is
 * retired in turn is replaced in every row that names it.
 */
export const eventRedirects = pgTable(
  'event_redirects',
  {
    retiredId: text('retired_id').primaryKey(),
    successorId: text('successor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.successorId)],
);
