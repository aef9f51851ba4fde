export { EventAnnouncements } from './announcements.js';
export type {
  AfterCommit,
  CancelledRegistration,
  EditScope,
  EventTickets,
} from './announcements.js';
export { assertCanCreateEvents, assertCanEdit, eventCreationRefusal } from './access.js';
export { eventRowFromJson } from './event-json.js';
export { isCancelled } from './event-status.js';
export * as calendarQueries from './queries.js';
export type {
  EventRow,
  NewParty,
  OccurrenceTally,
  RegistrationRow,
  SeatAttempt,
  SeatKey,
} from './queries.js';
export { Recurrence, toFloating } from './recurrence.js';
export {
  REGISTRATION_MAIL,
  SERIES_REGISTRATION_MAIL,
  TICKET_PAID_MAIL,
} from './registration-queries.js';
export { lockSeatsOfUser } from './seat-queries.js';
export type { SeriesMailParams, TicketPaidMailParams } from './registration-queries.js';
export { calendarRoutes } from './routes.js';
export { compactUtc, parseCompactUtc } from './rule-text.js';
export { normalizeRule } from './series-rules.js';
export { CalendarService } from './service.js';
export {
  occurrenceId,
  ownerRow,
  recurrenceOf,
  registrationKey,
  resolveTarget,
  shownRow,
  targetIdOf,
} from './targets.js';
export type { Target } from './targets.js';
export {
  countsOf,
  holdsSeats,
  orderedAttendees,
  seatsLeftOf,
  toRegistration,
  viewOfTarget,
} from './view.js';
