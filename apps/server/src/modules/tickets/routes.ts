import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import type { Tickets } from './service.js';
import { TicketTypes } from './ticket-types.js';

const tags = ['calendar'];
const staff = { access: 'staff' } as const;
const bodyLimit = 8 * 1024;

/** An event's ticket types: read by anyone, kept by staff. */
export const ticketRoutes: FastifyPluginAsyncZod<ModuleDeps & { tickets: Tickets }> = async (
  app,
  deps,
) => {
  const types = new TicketTypes(deps.db, deps.clock, deps.tickets);

  contractRoute(
    app,
    endpoints.tickets.ticketTypes,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: "An event's ticket types, with each one's price for the viewer and what is left",
        description:
          "Anyone. Each type with its prices, the price that applies to this viewer (the member price for a signed-in person of a business whose membership is current, else the visitor price), how many tickets are left (its own quantity left and the event's seats left, whichever is fewer; null: no limit), and whether it is on sale or why not (`not_yet_open`, `sale_ended`, `sold_out`, `registration_closed`). An event without types (and a series) answers an empty list: it sells with its own price.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return types.list(request.params.id, request.session);
    },
  );

  contractRoute(
    app,
    endpoints.tickets.createTicketType,
    {
      config: { ...staff, idempotent: true },
      bodyLimit,
      schema: {
        tags,
        summary: 'Add a ticket type to an event (staff)',
        description:
          "Moderators and admins. Prices in integer cents (null: free); a ticket's seats must fit the event's capacity (400); at most 20 types per event (409). Single events only (a series: 400).",
      },
    },
    async (request, reply) => {
      const created = await types.create(request.params.id, request.body, requireSession(request));
      return reply.status(201).send(created);
    },
  );

  contractRoute(
    app,
    endpoints.tickets.updateTicketType,
    {
      config: staff,
      bodyLimit,
      schema: {
        tags,
        summary: 'Change a ticket type (staff)',
        description:
          'Moderators and admins; replaces every field. A type with sales keeps them: its quantity cannot go below the tickets sold, nor its seats per ticket change (409, saying why).',
      },
    },
    async (request) =>
      types.update(request.params.id, request.params.typeId, request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.tickets.deleteTicketType,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Delete a ticket type without sales (staff)',
        description:
          'Moderators and admins. A type of which tickets are sold cannot be deleted (409, saying how many): close its sale instead.',
      },
    },
    async (request, reply) => {
      await types.remove(request.params.id, request.params.typeId);
      return reply.status(204).send(null);
    },
  );
};
