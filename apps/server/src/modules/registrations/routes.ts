import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, REGISTRATION_TOKEN_HEADER } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import { optionalBearer } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { FORM_PAGE_POLICY, formAnswerPage, fromOwnPages, registeredTitle } from './form-page.js';
import { RegistrationManageService } from './manage.js';
import { RegistrationMail } from './registration-mail.js';
import type { OrderService } from './orders.js';
import { RegistrationService } from './service.js';
import { SeriesRegistrationService } from './series-registrations.js';
import { occurrenceId } from '../calendars/index.js';
import { CheckInCodes } from '../check-in/index.js';
import type { Tickets } from '../tickets/index.js';
import type { EventSponsors } from './sponsor-port.js';

const tags = ['calendar'];
const token = (request: FastifyRequest) =>
  (request.headers as Record<string, string>)[REGISTRATION_TOKEN_HEADER]!;
// The registrant's own details: never kept by any cache.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const proof = `The token of the manage link from the registration mail, in the \`${REGISTRATION_TOKEN_HEADER}\` header (never in the address, so it reaches no log). The link of every mail about the registration works, until the registrant asks for a new one (POST /registrations/manage/new-link). A token that names no registration (wrong, replaced at the registrant's asking, or cancelled) answers 404; a malformed one 400. No session is needed, and a session gives no access.`;

/**
 * Registrations for events: registering and the organizer's list
 * (/calendars/appointments/{id}/registrations), and a registration reached through the
 * manage link in its mail (/registrations/manage): read, change, cancel.
 */
export const registrationRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { tickets: Tickets | null; orders?: OrderService; sponsors?: EventSponsors }
> = async (app, deps) => {
  const codes = new CheckInCodes(deps.db);
  new RegistrationMail(
    deps.db,
    deps.config,
    deps.clock,
    codes,
    deps.tickets,
    deps.sponsors ?? null,
  ).register(deps.outbox);
  const registrations = new RegistrationService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    deps.tickets,
  );
  const manage = new RegistrationManageService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    codes,
    deps.tickets,
    deps.orders ?? null,
  );

  contractRoute(
    app,
    endpoints.registrations.register,
    {
      config: { idempotent: true },
      bodyLimit: 16 * 1024,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Register for an event or occurrence (anyone); mails a confirmation with the .ics',
        description:
          'A new registration answers 201 and mails a confirmation with the .ics, its check-in QR code and a manage link (see /registrations/manage), sent after the answer. When the event has a capacity and the party does not fit in the seats left, it joins the waiting list instead (`seatStatus` waitlisted, `waitlistPosition`) and is mailed its place; no request overbooks, however many arrive at once. The same email again for the same event or occurrence updates the registration (200) only for its signed-in owner (the user who made it, or an active account with that email); anyone else gets the same 201 answer as a new registration, nothing changes, and the address is mailed its manage link instead. Throttled per email and per client (429).',
      },
    },
    async (request, reply) => {
      const outcome = await registrations.register(
        request.params.id,
        request.body,
        request.session,
        request.ip,
      );
      reply.header('cache-control', 'no-store');
      return reply.status(outcome.status).send(outcome.result);
    },
  );

  // The event page's registration form without scripts: the same registration, answered
  // with a page (or the Checkout page of a paid event) instead of JSON.
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', FORM_PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(html);
  contractRoute(
    app,
    endpoints.registrations.registrationForm,
    {
      bodyLimit: 16 * 1024,
      attachValidation: true,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Register from the event page without scripts (a form post); answers a page',
        description:
          "The event page's registration form as a browser posts it without JavaScript (application/x-www-form-urlencoded: name, email, phone, numberOfGuests, notes). The same rule as POST /calendars/appointments/{id}/registrations registers the party (seated or on the waiting list, mailed, throttled per email and per client): the answer is a page (text/html) saying so, 201, or for a paid event paid online a 303 to its Checkout page. Bad input, a closed or missing event and the throttle answer their 4xx with a page saying why. A post from another site's page (Sec-Fetch-Site or Origin) is refused (403).",
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const eventPath = `/events/${encodeURIComponent(request.params.id)}`;
      const back = { href: eventPath, label: 'Back to the event' };
      if (!fromOwnPages(request.headers, deps.config.publicUrl, request.headers.host)) {
        return page(
          reply,
          403,
          formAnswerPage({
            title: 'Registration refused',
            lines: ['This form can only be sent from the event’s own page.'],
            back,
          }),
        );
      }
      const failure = request.validationError as
        (Error & { validation?: { message?: string }[] }) | undefined;
      if (failure) {
        const messages = (failure.validation ?? []).map((v) => v.message ?? '').filter(Boolean);
        return page(
          reply,
          400,
          formAnswerPage({
            title: 'Please check the form',
            lines: messages.length > 0 ? messages : [failure.message],
            back: { href: eventPath, label: 'Back to the event to try again' },
          }),
        );
      }
      try {
        const { result } = await registrations.register(
          request.params.id,
          request.body,
          request.session,
          request.ip,
        );
        const checkout = result.ticket?.checkoutUrl;
        if (checkout) return reply.header('cache-control', 'no-store').redirect(checkout, 303);
        return page(
          reply,
          201,
          formAnswerPage({
            title: registeredTitle(result),
            lines: [result.message],
            back: {
              href: `/events/${encodeURIComponent(result.registration.eventId)}`,
              label: 'Back to the event',
            },
          }),
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return page(
          reply,
          error.status,
          formAnswerPage({
            title: error.status === 429 ? 'Too many registrations' : 'Registration not possible',
            lines: [error.message],
            back,
          }),
        );
      }
    },
  );

  const seriesRegistrations = new SeriesRegistrationService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.outbox,
    deps.tickets,
  );
  contractRoute(
    app,
    endpoints.registrations.seriesDates,
    {
      schema: {
        tags,
        summary: 'The dates a registration for the whole series would take (anyone)',
        description:
          'The id is the series or any of its occurrences: every date starting from now within 400 days, cancelled ones left out, as POST registers them. A single event answers 400.',
      },
    },
    async (request) => {
      const dates = await seriesRegistrations.upcoming(request.params.id);
      return {
        dates: dates.map((d) => ({
          eventId: occurrenceId(d.key.eventId, d.target.originalStart),
          startTime: d.row.startTime.toISOString(),
        })),
      };
    },
  );
  contractRoute(
    app,
    endpoints.registrations.registerForSeries,
    {
      config: { idempotent: true },
      bodyLimit: 16 * 1024,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Register one party for every upcoming date of a series (anyone)',
        description:
          'The id is the series or any of its occurrences. Every date starting from now within 400 days (cancelled ones left out) is registered in one step: each is seated or put on its waiting list by its own capacity, as a registration for that date alone would be, and no request overbooks. One mail lists the dates, each with its own manage link (a date is changed or cancelled on its own). A priced series gets one invoice with a line per seated date (`ticket` carries its total). A date the address had registered for stays as it was, and the answer for it is what a new party would get. A single event, or a series with no upcoming date, answers 400. Shares the registration throttle (429).',
      },
    },
    async (request, reply) => {
      const outcome = await seriesRegistrations.register(
        request.params.id,
        request.body,
        request.session,
        request.ip,
      );
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(outcome.result);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.list,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "An event's registrations (its organizer, moderators and admins)",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return registrations.list(request.params.id, request.session);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.staffCancel,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Cancel a registration or order of an event (staff)',
        description:
          "Moderators and admins, while the event is still to come (400 after). As the registrant's own cancellation: the registration is removed, an order's tickets go back to their types, its promo code's use and plan benefits' tickets are given back, the seats freed are offered down the waiting list, and the address is mailed that it is cancelled. An open invoice is voided; a paid ticket follows the event's refund rules, which the answer's message tells. A registration of another event answers 404; a party checked in at the door 409.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return manage.cancelByStaff(request.params.id, request.params.registrationId);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.manage,
    {
      schema: {
        tags,
        summary: 'A registration through its manage link: the registration and its event',
        description: `${proof} \`canChange\` is false once the event has started or was cancelled.`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.read(token(request));
    },
  );

  contractRoute(
    app,
    endpoints.registrations.updateManaged,
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Change a registration through its manage link: name, party size, phone, notes',
        description: `${proof} The whole form is sent; the email cannot change (another address is another registration). A party with seats grows only into the seats left (409 says how many); a smaller one frees seats for the waiting list. A confirmation is mailed. Closed (400) once the event has started or was cancelled. Shares the registration throttle of the address (429).`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.update(token(request), request.body, request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.acceptOffer,
    {
      schema: {
        tags,
        summary: 'Take the seats offered to a waiting party (the link of the offer mail)',
        description: `${proof} The party is registered and mailed a confirmation with its check-in QR code. Taking them again answers the registration as it is. An offer that expired answers 409 (the seats went to the next waiting party), as does a registration that was offered nothing; 400 once the event has started or was cancelled.`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.accept(token(request));
    },
  );

  contractRoute(
    app,
    endpoints.registrations.newManageLink,
    {
      schema: {
        tags,
        summary: 'Mail a new manage link; the links of earlier mails stop working',
        description: `${proof} For a registrant who fears a link reached someone else: a fresh link is mailed to the registration's address, and every earlier one, this one included, stops working. Shares the registration throttle of the address (429).`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.replaceLinks(token(request), request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.updateManagedAttendee,
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Name or rename an attendee of an order through its manage link',
        description: `${proof} The buyer fills or changes an attendee's name, email and dietary note (all optional) until the event starts (then 400: staff can still change them). An attendee of another order is not found (404).`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.updateAttendee(token(request), request.params.attendeeId, request.body);
    },
  );

  contractRoute(
    app,
    endpoints.registrations.cancelManaged,
    {
      schema: {
        tags,
        summary: 'Cancel a registration through its manage link',
        description: `${proof} The registration is removed (a waiting party leaves the list) and the address is mailed that it is cancelled; the link stops working. The seats freed are offered down the waiting list by mail. Closed (400) once the event has started or was cancelled.`,
      },
    },
    async (request, reply) => {
      noStore(reply);
      return manage.cancel(token(request));
    },
  );
};
