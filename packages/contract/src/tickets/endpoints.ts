import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import {
  ticketTypeInputSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
} from '../event-ticket-types.js';
import {
  eventOrdersSchema,
  orderAttendeeSchema,
  orderQuoteInputSchema,
  orderQuoteSchema,
  placedOrderSchema,
  placeOrderSchema,
  updateAttendeeSchema,
} from '../event-orders.js';

const eventParams = z.object({
  id: z.string().min(1).max(64).describe('An event id'),
});
const attendeeParams = eventParams.extend({
  attendeeId: z.string().uuid('An attendee id is a UUID').describe('An attendee id'),
});
const typeParams = eventParams.extend({
  typeId: z.string().uuid('A ticket type id is a UUID').describe('A ticket type id'),
});

/**
 * The tickets module's endpoints (apps/server/src/modules/tickets): an event's ticket types,
 * read by anyone and kept by staff.
 */
export const ticketsEndpoints = {
  ticketTypes: endpoint({
    method: 'GET',
    path: '/events/:id/ticket-types',
    params: eventParams,
    responses: { 200: ticketTypeListSchema, ...errorAnswers(400, 404) },
  }),
  createTicketType: endpoint({
    method: 'POST',
    path: '/admin/events/:id/ticket-types',
    params: eventParams,
    body: ticketTypeInputSchema,
    responses: { 201: ticketTypeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  updateTicketType: endpoint({
    method: 'PUT',
    path: '/admin/events/:id/ticket-types/:typeId',
    params: typeParams,
    body: ticketTypeInputSchema,
    responses: { 200: ticketTypeSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  deleteTicketType: endpoint({
    method: 'DELETE',
    path: '/admin/events/:id/ticket-types/:typeId',
    params: typeParams,
    responses: { 204: z.null(), ...errorAnswers(401, 403, 404, 409) },
  }),
  quoteOrder: endpoint({
    method: 'POST',
    path: '/events/:id/orders/quote',
    params: eventParams,
    body: orderQuoteInputSchema,
    responses: { 200: orderQuoteSchema, ...errorAnswers(400, 404, 409) },
  }),
  placeOrder: endpoint({
    method: 'POST',
    path: '/events/:id/orders',
    params: eventParams,
    body: placeOrderSchema,
    responses: { 201: placedOrderSchema, ...errorAnswers(400, 404, 409, 429) },
  }),
  eventOrders: endpoint({
    method: 'GET',
    path: '/admin/events/:id/orders',
    params: eventParams,
    responses: { 200: eventOrdersSchema, ...errorAnswers(401, 403, 404) },
  }),
  updateAttendee: endpoint({
    method: 'PUT',
    path: '/admin/events/:id/attendees/:attendeeId',
    params: attendeeParams,
    body: updateAttendeeSchema,
    responses: { 200: orderAttendeeSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
};
