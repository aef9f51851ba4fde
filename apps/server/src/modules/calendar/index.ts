/**
 * The calendar module: the chamber's events and series (/calendars/*), their calendar files,
 * and registrations for them, including the manage link's /registrations/manage. Event
 * capacity, tickets and check-in will live here too: a registration belongs to an event.
 */
export { calendarRoutes } from './routes.js';
export { assertCanCreateEvents, eventCreationRefusal } from './access.js';
export { compactUtc } from './rule-text.js';
export { CheckInCodes } from './check-in-codes.js';
export { normalizeRule } from './series-rules.js';
export { Recurrence } from './recurrence.js';
export { sendReminders } from './reminders.js';
export { settleAllSeats } from './seat-offers.js';
export { lockSeatsOfUser } from './registration-queries.js';
export { CalendarService } from './service.js';
export { ticketBilling } from './billing-adapter.js';
export type { TicketBilling } from './ticket-port.js';
export { type Tickets, ticketsFor } from './tickets.js';
