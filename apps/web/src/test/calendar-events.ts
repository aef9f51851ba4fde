import type { CalendarEvent } from '@chamber/contract';

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
    capacity: null,
    seatsLeft: null,
    waitlistCount: 0,
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
