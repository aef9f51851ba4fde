import { z } from 'zod';
import { endpoint, errorAnswers } from '../endpoint.js';
import {
  ticketTypeInputSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
} from '../event-ticket-types.js';

const eventParams = z.object({
  id: z.string().min(1).max(64).describe('An event id'),
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
};
