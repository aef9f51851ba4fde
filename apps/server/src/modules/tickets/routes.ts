import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import type { OrderDesk } from './orders-port.js';
import type { Tickets } from './service.js';
import { TicketTypes } from './ticket-types.js';

const tags = ['calendar'];
const staff = { access: 'staff' } as const;
const bodyLimit = 8 * 1024;

/** An event's ticket types: read by anyone, kept by staff. */
export const ticketRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { tickets: Tickets; orders: OrderDesk }
> = async (app, deps) => {
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

  contractRoute(
    app,
    endpoints.tickets.quoteOrder,
    {
      bodyLimit,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Price an order of ticket types before paying (anyone)',
        description:
          "The order's lines (each type's price for this viewer × quantity, the seats they take), its discounts and total, as POST /events/{id}/orders will charge them: the total is computed here, on the server. Refused (400, saying why) for a type outside its sale window, over its per-order limit, not of this event, or an event that has started, was cancelled or sells no types. Whether the tickets are left is decided when the order is placed.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.orders.quote(
        request.params.id,
        request.body.items,
        request.session,
        request.body.promoCode,
      );
    },
  );

  contractRoute(
    app,
    endpoints.tickets.placeOrder,
    {
      config: { idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Order tickets of an event’s types, with named attendees (anyone)',
        description:
          "One order is one registration of as many seats as its tickets take (quantity × seats per ticket), with a line per type and an attendee per seat (each with its own id and QR token; names optional, fillable later from the manage link until the event starts). Priced as the quote. The seats are counted across types against the event's capacity, and each type's tickets against its quantity, under the event's seat lock: two buyers for the last table get one table and one refusal. An order over a type's per-order limit or outside its sale window is refused (400); one that is not left is refused whole (409, saying what is left) unless `joinWaitingList`, when it waits in arrival order and is mailed an offer when its tickets free up. A free order is confirmed at once; a paid one gets one invoice with a line per type, paid online through Checkout (seats held until then) or at the door. The manage link comes in the answer and the confirmation mail. An address already registered for the event is refused (409). Shares the registration throttle (429).",
      },
    },
    async (request, reply) => {
      const placed = await deps.orders.place(
        request.params.id,
        request.body,
        request.session,
        request.ip,
      );
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(placed);
    },
  );

  contractRoute(
    app,
    endpoints.tickets.eventOrders,
    {
      config: staff,
      schema: {
        tags,
        summary: "An event's orders with their lines and attendees (staff)",
        description: 'Moderators and admins. First come first, waiting orders included.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return deps.orders.ordersOf(request.params.id);
    },
  );

  contractRoute(
    app,
    endpoints.tickets.updateAttendee,
    {
      config: staff,
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Change an attendee of an order (staff)',
        description:
          "Moderators and admins, at any time (the buyer's manage link until the event starts). Name, email and dietary note, all optional.",
      },
    },
    async (request) =>
      deps.orders.updateAttendee(request.params.id, request.params.attendeeId, request.body),
  );
};
