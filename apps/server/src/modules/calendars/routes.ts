import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, eventListSchema } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { KeptResponses } from '../../lib/kept-responses.js';
import type { ModuleDeps } from '../deps.js';
import type { EventAnnouncements, EventTickets } from './announcements.js';
import { CalendarService } from './service.js';
import { optionalBearer } from '../../plugins/auth.js';

/**
 * The calendar: /calendars/{calendarId} and its events, and the events themselves
 * (/calendars/appointments/...). Calendar files, registrations, tickets and check-in are
 * modules of their own.
 */
export const calendarRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { tickets?: EventTickets | null; announcements?: EventAnnouncements }
> = async (app, deps) => {
  const tickets = deps.tickets ?? null;
  const calendar = new CalendarService(deps.db, deps.clock, tickets, deps.announcements);
  // Windows as visitors get them (the home page's year, the calendar's months), each kept
  // until the data changes: a year of a busy calendar is 2000 events and about 2 MB of JSON,
  // held compressed in about 300 kB.
  const windows = new KeptResponses(deps.db, { maxEntries: 200, maxSize: 16 * 1024 * 1024 });
  const tags = ['calendar'];

  contractRoute(
    app,
    endpoints.calendars.events,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Events and occurrences overlapping a window (at most 400 days)',
        description:
          'Series are expanded into occurrences (`<seriesId>_<YYYYMMDDTHHMMSSZ>`), in wall-clock time of their timezone. Dates alone are local midnight in the calendar’s timezone; endDate then includes that day.',
      },
    },
    async (request, reply) => {
      const { calendarId } = request.params;
      if (request.session) {
        // Answers carry what this viewer may edit: computed for each request.
        reply.header('cache-control', 'private, no-store');
        return calendar.list(calendarId, request.query, request.session);
      }
      reply.header('cache-control', 'no-cache');
      const { startDate, endDate } = request.query;
      const body = await windows.get(
        JSON.stringify([calendarId, startDate, endDate]),
        eventListSchema,
        () => calendar.list(calendarId, request.query, null),
      );
      return body.send(request, reply);
    },
  );

  contractRoute(
    app,
    endpoints.calendars.calendar,
    {
      schema: {
        tags,
        summary: 'The calendar',
      },
    },
    async (request) => calendar.calendar(request.params.calendarId),
  );

  contractRoute(
    app,
    endpoints.calendars.event,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'One event or occurrence',
        description:
          'Registrations (`attendees`) and the internal note are included for its organizer, moderators and admins only.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', request.session ? 'private, no-store' : 'no-cache');
      return calendar.appointment(request.params.id, request.session);
    },
  );

  contractRoute(
    app,
    endpoints.calendars.create,
    {
      config: { access: 'signed-in', idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Create an event or series (signed-in members with a contact, staff)',
      },
    },
    async (request, reply) => {
      const { appointment: created, announce } = await calendar.createAnnounced(
        request.body,
        request.session,
      );
      // Asked to make it known: its followers (the organizer's notice) wrote what they need
      // with the event; what they do once it has committed follows here.
      await announce().catch((err: unknown) => request.log.error({ err }, 'event notice not sent'));
      return reply.status(201).send(created);
    },
  );

  contractRoute(
    app,
    endpoints.calendars.update,
    {
      config: { access: 'signed-in' },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Change an event, an occurrence, or a series from an occurrence on',
        description:
          'To an occurrence id: only that occurrence, unless `recurringEventUpdateType` is `this_and_following_events` or `all_events`. To a series id: the whole series. A series change that changes nothing does nothing. Whoever registered for an occurrence still to come whose time, place or status changed is mailed once, with the updated .ics (METHOD:REQUEST, or CANCEL when cancelled).',
      },
    },
    async (request) => {
      const { appointment: updated, announce } = await calendar.update(
        request.params.id,
        request.body,
        request.session,
      );
      // A new time, place or status: each registrant affected gets one mail (the registrations
      // module follows the calendar's edits, in the edit's transaction).
      await announce().catch((err: unknown) =>
        request.log.error({ err }, 'change notices not sent'),
      );
      return updated;
    },
  );

  contractRoute(
    app,
    endpoints.calendars.remove,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete an event, an occurrence, the following occurrences or a series',
        description:
          'Whoever registered for an event or occurrence that is deleted and has not yet started is mailed that it is cancelled.',
      },
    },
    async (request) => {
      const { result, announce } = await calendar.remove(
        request.params.id,
        request.query.recurringEventUpdateType,
        request.session,
      );
      // Whoever registered for what is now off hears of it (past occurrences are not news).
      await announce().catch((err: unknown) =>
        request.log.error({ err }, 'cancellation notices not sent'),
      );
      return result;
    },
  );

  contractRoute(
    app,
    endpoints.calendars.customFields,
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Page, cover image and download URLs (and the internal note for its editors)',
      },
    },
    async (request) => calendar.customFields(request.params.id, request.session),
  );

  contractRoute(
    app,
    endpoints.calendars.setSeriesCustomFields,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Set custom fields on a whole series (or on a single event)',
      },
    },
    async (request) =>
      calendar.setSeriesCustomFields(request.params.id, request.body, request.session),
  );
};
