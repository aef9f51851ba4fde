import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  appointmentSchema,
  calendarSchema,
  createEventSchema,
  deleteEventQuerySchema,
  deleteEventResultSchema,
  eventCustomFieldsSchema,
  eventListSchema,
  listEventsQuerySchema,
  seriesCustomFieldsResultSchema,
  seriesCustomFieldsUpdateSchema,
  updateEventSchema,
} from '@chamber/contract';
import { KeptResponses } from '../../lib/kept-responses.js';
import type { ModuleDeps } from '../deps.js';
import { calendarParams, errors, eventParams } from './route-schemas.js';
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

  app.get(
    '/calendars/:calendarId/events',
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Events and occurrences overlapping a window (at most 400 days)',
        description:
          'Series are expanded into occurrences (`<seriesId>_<YYYYMMDDTHHMMSSZ>`), in wall-clock time of their timezone. Dates alone are local midnight in the calendar’s timezone; endDate then includes that day.',
        params: calendarParams,
        querystring: listEventsQuerySchema,
        response: { 200: eventListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
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

  app.get(
    '/calendars/:calendarId',
    {
      schema: {
        tags,
        summary: 'The calendar',
        params: calendarParams,
        response: { 200: calendarSchema, 404: apiErrorSchema },
      },
    },
    async (request) => calendar.calendar(request.params.calendarId),
  );

  app.get(
    '/calendars/appointments/:id',
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'One event or occurrence',
        description:
          'Registrations (`attendees`) and the internal note are included for its organizer, moderators and admins only.',
        params: eventParams,
        response: { 200: appointmentSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', request.session ? 'private, no-store' : 'no-cache');
      return calendar.appointment(request.params.id, request.session);
    },
  );

  app.post(
    '/calendars/appointments',
    {
      config: { access: 'signed-in', idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Create an event or series (signed-in members with a contact, staff)',
        body: createEventSchema,
        response: { 201: appointmentSchema, ...errors },
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

  app.put(
    '/calendars/appointments/:id',
    {
      config: { access: 'signed-in' },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Change an event, an occurrence, or a series from an occurrence on',
        description:
          'To an occurrence id: only that occurrence, unless `recurringEventUpdateType` is `this_and_following_events` or `all_events`. To a series id: the whole series. A series change that changes nothing does nothing. Whoever registered for an occurrence still to come whose time, place or status changed is mailed once, with the updated .ics (METHOD:REQUEST, or CANCEL when cancelled).',
        params: eventParams,
        body: updateEventSchema,
        response: { 200: appointmentSchema, ...errors },
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

  app.delete(
    '/calendars/appointments/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete an event, an occurrence, the following occurrences or a series',
        description:
          'Whoever registered for an event or occurrence that is deleted and has not yet started is mailed that it is cancelled.',
        params: eventParams,
        querystring: deleteEventQuerySchema,
        response: { 200: deleteEventResultSchema, ...errors },
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

  app.get(
    '/calendars/appointments/:id/custom-fields',
    {
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Page, cover image and download URLs (and the internal note for its editors)',
        params: eventParams,
        querystring: z.object({ _t: z.string().max(40).optional() }),
        response: { 200: eventCustomFieldsSchema, 404: apiErrorSchema },
      },
    },
    async (request) => calendar.customFields(request.params.id, request.session),
  );

  app.post(
    '/calendars/appointments/:id/recurring-series-custom-fields',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Set custom fields on a whole series (or on a single event)',
        params: eventParams,
        body: seriesCustomFieldsUpdateSchema,
        response: { 200: seriesCustomFieldsResultSchema, ...errors },
      },
    },
    async (request) =>
      calendar.setSeriesCustomFields(request.params.id, request.body, request.session),
  );
};
