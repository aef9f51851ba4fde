import {
  type Appointment,
  type CalendarEvent,
  type EventAttendee,
  type EventRegistration,
  eventStatuses,
  type EventStatus,
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
  registrations: number;
  people: number;
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

export function toAttendee(r: RegistrationRow): EventAttendee {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    guests: r.guests,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toRegistration(r: RegistrationRow, eventId: string): EventRegistration {
  const { id, name, email, phone, guests, notes, createdAt, updatedAt } = toAttendee(r);
  return { id, eventId, name, email, phone, guests, notes, createdAt, updatedAt };
}

/**
 * The contract's event. `canEdit` viewers also get the internal note, and the registrations
 * when `attendees` is given; nobody else sees who registered.
 */
export function toCalendarEvent(
  v: EventView,
  options: { canEdit: boolean; counts?: Counts | undefined; attendees?: RegistrationRow[] },
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
    attendees: options.canEdit && options.attendees ? options.attendees.map(toAttendee) : [],
    attendeeCount: options.counts?.people ?? 0,
    registrationCount: options.counts?.registrations ?? 0,
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
  };
}

export function toAppointment(event: CalendarEvent): Appointment {
  return { ...event, address: event.location, selectedTimezone: event.timezone };
}
