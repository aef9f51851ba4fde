import {
  type Appointment,
  type CalendarEvent,
  type EventAttendee,
  type EventOrganizer,
  type EventRegistration,
  eventStatuses,
  type SeatStatus,
  type EventStatus,
  type EventTicket,
} from '@chamber/contract';
import type { EventRow, RegistrationRow } from './queries.js';
import { compactUtc } from './rule-text.js';
import { occurrenceId, shownRow, type Target } from './targets.js';

/** One event as shown: a single event, a series, or one occurrence of a series. */
export interface EventView {
  id: string;
  /** The values shown (an override's, or the series' at the occurrence's time). */
  row: EventRow;
  series: EventRow | null;
  originalStart: Date | null;
  isException: boolean;
}

export interface Counts {
  /** Parties and people holding seats. */
  registrations: number;
  people: number;
  /** Parties on the waiting list. */
  waiting: number;
}

/** Whether a registration holds seats (as the lists count it; the seat rules also look at time). */
export const holdsSeats = (r: RegistrationRow) =>
  r.seatStatus === 'confirmed' || r.seatStatus === 'offered' || r.seatStatus === 'held';

/** Counts of an occurrence's registrations, listed in any order. */
export function countsOf(rows: RegistrationRow[]): Counts {
  const holding = rows.filter(holdsSeats);
  return {
    registrations: holding.length,
    people: holding.reduce((sum, r) => sum + r.guests, 0),
    waiting: rows.filter((r) => r.seatStatus === 'waitlisted').length,
  };
}

/** Seats still free; null without a limit. */
export const seatsLeftOf = (capacity: number | null, people: number) =>
  capacity === null ? null : Math.max(0, capacity - people);

/** Seat-holders first, then the waiting list, each in the order they came, with positions. */
export function orderedAttendees(rows: RegistrationRow[]): EventAttendee[] {
  const byTime = [...rows].sort((a, b) => a.queuedAt - b.queuedAt);
  const waiting = byTime.filter((r) => r.seatStatus === 'waitlisted');
  const rank = (r: RegistrationRow) => (holdsSeats(r) ? 0 : r.seatStatus === 'waitlisted' ? 1 : 2);
  return byTime
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => toAttendee(r, r.seatStatus === 'waitlisted' ? waiting.indexOf(r) + 1 : null));
}

export function viewOfTarget(t: Target): EventView {
  if (t.kind === 'occurrence') {
    return {
      id: occurrenceId(t.series.id, t.originalStart),
      row: shownRow(t),
      series: t.series,
      originalStart: t.originalStart,
      isException: t.override !== null,
    };
  }
  return {
    id: t.row.id,
    row: t.row,
    series: t.kind === 'series' ? t.row : null,
    originalStart: null,
    isException: false,
  };
}

/** The registration key of a view, as `registrationKey` gives it for a target. */
export function viewKey(v: EventView): string {
  return v.series && v.originalStart
    ? `${v.series.id}|${compactUtc(v.originalStart)}`
    : `${v.row.id}|`;
}

const statusOf = (value: string): EventStatus =>
  (eventStatuses as readonly string[]).includes(value) ? (value as EventStatus) : 'confirmed';

export function toAttendee(
  r: RegistrationRow,
  waitlistPosition: number | null = null,
): EventAttendee {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    guests: r.guests,
    notes: r.notes,
    seatStatus: r.seatStatus as SeatStatus,
    waitlistPosition,
    holdUntil: r.holdUntil?.toISOString() ?? null,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    walkIn: r.walkIn,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toRegistration(
  r: RegistrationRow,
  eventId: string,
  waitlistPosition: number | null = null,
): EventRegistration {
  const a = toAttendee(r, waitlistPosition);
  const { id, name, email, phone, guests, notes, seatStatus, holdUntil, checkedInAt } = a;
  return {
    ...{ id, eventId, name, email, phone, guests, notes, seatStatus, waitlistPosition },
    ...{ holdUntil, checkedInAt, createdAt: a.createdAt, updatedAt: a.updatedAt },
  };
}

/**
 * The contract's event. `canEdit` viewers also get the internal note, and the registrations
 * when `attendees` is given; nobody else sees who registered.
 */
export function toCalendarEvent(
  v: EventView,
  options: {
    canEdit: boolean;
    counts?: Counts | undefined;
    attendees?: RegistrationRow[];
    ticket?: EventTicket | null;
  },
): CalendarEvent {
  const { row, series } = v;
  const occurrence = series !== null && v.originalStart !== null;
  return {
    id: v.id,
    title: row.title.trim() || 'Untitled Event',
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    location: row.location,
    calendarId: row.calendarId,
    status: statusOf(row.status),
    attendees: options.canEdit && options.attendees ? orderedAttendees(options.attendees) : [],
    attendeeCount: options.counts?.people ?? 0,
    registrationCount: options.counts?.registrations ?? 0,
    capacity: row.capacity,
    seatsLeft: seatsLeftOf(row.capacity, options.counts?.people ?? 0),
    waitlistCount: options.counts?.waiting ?? 0,
    isAllDay: row.isAllDay,
    timezone: row.timezone,
    internalNote: options.canEdit ? row.internalNote : '',
    calendarNotes: row.calendarNotes,
    appointmentStatus: row.appointmentStatus,
    contactId: row.contactId,
    pageUrl: row.pageUrl,
    coverImageUrl: row.coverImageUrl,
    downloadFileUrl: row.downloadFileUrl,
    customFieldsRecordId: row.id,
    isRecurring: series !== null,
    rrule: series?.rrule ?? null,
    masterEventId: series?.id ?? null,
    originalRecurringEventId: occurrence ? v.id : null,
    originalStartTime: occurrence ? v.originalStart!.toISOString() : null,
    isException: v.isException,
    canEdit: options.canEdit,
    reminderHours: row.reminderHours,
    ticket: options.ticket ?? null,
  };
}

/** The business of an event's contact, as the event page names its organizer. */
export function organizerOf(contact: {
  id: string;
  businessName: string | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
  listed: boolean;
}): EventOrganizer {
  const person = `${contact.firstName} ${contact.lastName}`.trim();
  return {
    name: contact.businessName?.trim() || contact.companyName?.trim() || person,
    memberId: contact.listed ? contact.id : null,
  };
}

export function toAppointment(
  event: CalendarEvent,
  organizer: EventOrganizer | null = null,
): Appointment {
  return { ...event, address: event.location, selectedTimezone: event.timezone, organizer };
}
