// Plain values of the calendar API, in a module of their own (no schemas), so a page that
// needs only these does not bundle the schema library (the package has no side effects).

export const DEFAULT_TIMEZONE = 'America/Denver';
export const DEFAULT_CALENDAR_NAME = 'RACC Events';
/** The longest window GET /calendars/{id}/events accepts. */
export const MAX_EVENT_WINDOW_DAYS = 400;
/** At most this many events (occurrences included) in one list answer; then `truncated`. */
export const MAX_EVENTS_PER_WINDOW = 2000;
export const REGISTRATION_MIN_GUESTS = 1;
export const REGISTRATION_MAX_GUESTS = 10;
/** An unpaid online registration keeps its seats this long, then they go to the next party. */
export const TICKET_HOLD_MINUTES = 30;
