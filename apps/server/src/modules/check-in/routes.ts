import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Endpoint, endpoints } from '@chamber/contract';
import {
  contractRoute,
  type EndpointHandler,
  type RouteDocs,
  type ZodApp,
} from '../../lib/contract-route.js';
import { JsonBody } from '../../lib/json-body.js';
import type { ModuleDeps } from '../deps.js';
import { CheckInCodes } from './codes.js';
import { type DoorAttendees, CheckInService } from './service.js';
import type { Tickets } from '../tickets/index.js';

const tags = ['calendar'];
const doorRule =
  'For the event’s organizer, moderators and admins (403 for anyone else). A series id is 400: choose a date.';

/** A CSV file to save, under its name. */
const sendCsv = (reply: FastifyReply, file: { csv: string; filename: string }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);

/**
 * A route of the door: any signed-in person reaches the handler, whose service lets the
 * event's organizer and staff in (403 for the rest). Being signed in, its answers are kept by
 * no cache (plugins/private-answers.ts).
 */
function doorRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  docs: RouteDocs & { bodyLimit?: number },
  handler: EndpointHandler<E>,
) {
  const { bodyLimit, ...schema } = docs;
  contractRoute(
    app,
    endpoint,
    {
      config: { access: 'signed-in' },
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      schema: { tags, ...schema },
    },
    handler,
  );
}

/**
 * The door of an event (/calendars/appointments/{id}/check-in, /walk-ins) and the
 * registrations as CSV (/registrations.csv), for its organizer and staff.
 */
export const checkInRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { tickets: Tickets | null; attendees: DoorAttendees | null }
> = async (app, deps) => {
  const checkIn = new CheckInService(
    deps.db,
    deps.clock,
    new CheckInCodes(deps.db),
    deps.tickets,
    deps.attendees,
  );

  contractRoute(
    app,
    endpoints['check-in'].doorPayment,
    {
      config: { access: 'staff', idempotent: true },
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Record a ticket paid at the door (moderators and admins)',
        description:
          'The party’s whole ticket (its invoice) is paid by cash, check (its number as `reference`), a card on the chamber’s reader, or other; the receipt is mailed to the party’s address. A paid ticket answers 409 `invoice_paid`, a void one 409 `invoice_void`, a party without a ticket 409, a registration of another event 404. A series id is 400: choose a date.',
      },
    },
    async (request) => checkIn.doorPayment(request.params.id, request.body, request.session),
  );

  doorRoute(
    app,
    endpoints['check-in'].list,
    {
      summary: 'The check-in list of an event or occurrence: parties with seats and the counts',
      description: `${doorRule} Every party with seats, by name, with its check-in time; counts in people: registered, checked in, no-shows (registered, not checked in).`,
    },
    async (request, reply) => {
      const list = await checkIn.list(request.params.id, request.session);
      return list instanceof JsonBody ? list.send(request, reply) : list;
    },
  );

  doorRoute(
    app,
    endpoints['check-in'].checkIn,
    {
      bodyLimit: 4 * 1024,
      summary: 'Check a party in, by its scanned QR code or by its registration id',
      description: `${doorRule} \`alreadyCheckedIn\` is true (and nothing changes) when the party had been checked in: its \`checkedInAt\` says when. A code the portal did not sign is 400, a cancelled registration 404, a party of another event or date (or still waiting) 409.`,
    },
    async (request) => checkIn.checkIn(request.params.id, request.body, request.session),
  );

  doorRoute(
    app,
    endpoints['check-in'].checkInAttendee,
    {
      bodyLimit: 4 * 1024,
      summary: 'Check one attendee of an order in',
      description: `${doorRule} One named attendee (a seat of an order) is checked in; the rest of the party is not. \`alreadyCheckedIn\` is true (and nothing changes) when the attendee had been checked in: \`attendee.checkedInAt\` says when. An unknown attendee is 404; one of another event or date, or of an order still waiting, 409. The party's \`checkedInAt\` is its first attendee's.`,
    },
    async (request) => checkIn.checkInAttendee(request.params.id, request.body, request.session),
  );

  doorRoute(
    app,
    endpoints['check-in'].undoAttendeeCheckIn,
    {
      summary: 'Undo the check-in of one attendee of an order',
      description: `${doorRule} The attendee is no longer checked in (an attendee not checked in stays so, and the answer is the same). An unknown attendee is 404; one of another event or date 409.`,
    },
    async (request) =>
      checkIn.undoAttendee(request.params.id, request.params.attendeeId, request.session),
  );

  doorRoute(
    app,
    endpoints['check-in'].attendeesCsv,
    {
      summary: 'The attendee list of an event or occurrence as CSV, with table numbers',
      description: `${doorRule} Columns: table (the event's orders numbered 1, 2, … in the order placed), name (an unnamed seat is 'Guest n of <buyer>'), email, type (the ticket type), checked in (local time). A party without ticket types is one row with no table or type.`,
    },
    async (request, reply) =>
      sendCsv(reply, await checkIn.attendeesCsv(request.params.id, request.session)),
  );

  contractRoute(
    app,
    endpoints['check-in'].walkIn,
    {
      config: { access: 'signed-in', idempotent: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Add a party that came without registering, checked in at once',
        description: `${doorRule} Name and party size (1 to 10) are needed, the email is optional (no mail is sent). Capacity does not stop a walk-in: the door decides. An email already registered for the event is 409.`,
      },
    },
    async (request, reply) => {
      const result = await checkIn.walkIn(request.params.id, request.body, request.session);
      return reply.status(201).send(result);
    },
  );

  doorRoute(
    app,
    endpoints['check-in'].registrationsCsv,
    {
      summary: 'The registrations of an event, an occurrence or a whole series, as CSV',
      description:
        'For the event’s organizer, moderators and admins. Columns: name, email, phone, party, status (confirmed, offered, waitlisted (position), lapsed), paid, checked in (local time); a series id lists every date, with a date column first. Cells starting with =, +, - or @ are written after an apostrophe (formula injection).',
    },
    async (request, reply) => sendCsv(reply, await checkIn.csv(request.params.id, request.session)),
  );
};
