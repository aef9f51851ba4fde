import type { Appointment, CalendarEvent } from '@chamber/contract';
import { makeEvent } from '@/test/calendar-events';
import { json, type Route } from '@/test/fake-api';

export { makeEvent };

export function makeAppointment(
  overrides: Partial<CalendarEvent> = {},
  organizer: Appointment['organizer'] = null,
): Appointment {
  const event = makeEvent(overrides);
  return { ...event, address: event.location, selectedTimezone: event.timezone, organizer };
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
