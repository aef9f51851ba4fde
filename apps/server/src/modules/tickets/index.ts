export type { TicketBilling, TicketInvoice } from './billing-port.js';
export * as ticketQueries from './queries.js';
export { userIsMember } from './queries.js';
export { Tickets, isMember, sellsTickets, ticketStatusOf, ticketsFor } from './service.js';
export type { TicketTerms } from './service.js';
export { ticketRoutes } from './routes.js';
export { TicketTypes } from './ticket-types.js';
