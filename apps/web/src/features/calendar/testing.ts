import type { Appointment, CalendarEvent } from '@chamber/contract';
import { json, type Route } from '@/test/fake-api';

/** An event as the API answers it (test data: the chamber's March luncheon). */
export function makeEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'e-1',
    title: 'Monthly Chamber Luncheon',
    description: 'Lunch with fellow members.\nNew members introduce their business.',
    startTime: '2026-03-17T18:00:00.000Z',
    endTime: '2026-03-17T19:15:00.000Z',
    location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
    calendarId: 'cal-1',
    status: 'confirmed',
    attendees: [],
    attendeeCount: 0,
    registrationCount: 0,
    isAllDay: false,
    timezone: 'America/Denver',
    internalNote: '',
    calendarNotes: 'Lunch with fellow members.\nNew members introduce their business.',
    appointmentStatus: 'confirmed',
    contactId: 'c-1',
    pageUrl: '',
    coverImageUrl: '',
    downloadFileUrl: '',
    customFieldsRecordId: 'e-1',
    isRecurring: false,
    rrule: null,
    masterEventId: null,
    originalRecurringEventId: null,
    originalStartTime: null,
    isException: false,
    canEdit: false,
    ...overrides,
  };
}

export function makeAppointment(overrides: Partial<CalendarEvent> = {}): Appointment {
  const event = makeEvent(overrides);
  return { ...event, address: event.location, selectedTimezone: event.timezone };
}

/** A weekly breakfast occurrence, editable by the viewer. */
export function makeOccurrence(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return makeEvent({
    id: 's-1_20260317T133000Z',
    title: 'Networking Breakfast',
    startTime: '2026-03-17T13:30:00.000Z',
    endTime: '2026-03-17T14:30:00.000Z',
    location: 'Copperleaf Coffee House, 12700 S Crosswind Ln, Riverton, UT',
    isRecurring: true,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    masterEventId: 's-1',
    originalRecurringEventId: 's-1_20260317T133000Z',
    originalStartTime: '2026-03-17T13:30:00.000Z',
    canEdit: true,
    ...overrides,
  });
}

export const testCalendar = {
  id: 'cal-1',
  name: 'RACC Events',
  description: '',
  locationId: 'loc-1',
  timezone: 'America/Denver',
};

/** The fake API of the calendar page: its calendar, and `events` for any window. */
export function calendarRoutes(events: unknown[], extra: Record<string, Route> = {}) {
  return {
    'GET /calendars/cal-1': () => json(200, testCalendar),
    'GET /calendars/cal-1/events': () => json(200, { events, truncated: false }),
    ...extra,
  };
}
