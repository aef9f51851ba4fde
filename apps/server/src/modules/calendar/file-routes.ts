import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  registerForEventSchema,
  registrationListSchema,
  registrationResultSchema,
} from '@chamber/contract';
import type { ModuleDeps } from '../index.js';
import type { EventMail } from './event-mail.js';
import { mediaResponse, notModifiedResponse } from '../../lib/openapi-media.js';
import { calendarFeed, eventIcs, sendCalendarFile } from './feed.js';
import { ICS_CONTENT_TYPE } from './ical.js';
import { RegistrationService } from './registrations.js';
import { calendarParams, errors, eventParams } from './route-schemas.js';
import type { CalendarService } from './service.js';
import { optionalBearer } from '../../plugins/auth.js';

/** Calendar files (one event, the public feed) and registrations. */
export const calendarFileRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { calendar: CalendarService; mail: EventMail }
> = async (app, deps) => {
  const registrations = new RegistrationService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.mail,
    deps.config.publicUrl,
  );
  const tags = ['calendar'];
  const source = async (calendarId: string) => {
    const calendar = await deps.calendar.calendar(calendarId);
    return {
      calendar,
      source: {
        calendarName: calendar.name,
        timezone: calendar.timezone,
        publicUrl: deps.config.publicUrl,
        stamp: null,
      },
    };
  };

  app.get(
    '/calendars/:calendarId/feed.ics',
    {
      schema: {
        tags,
        summary: 'The public iCalendar feed to subscribe to (text/calendar)',
        description:
          'Events of the last year and all upcoming ones; series with RRULE and EXDATE, edited occurrences with RECURRENCE-ID, times with TZID and VTIMEZONE. Answers with ETag and Last-Modified, 304 to an If-None-Match naming the current ETag, and compressed as Accept-Encoding allows.',
        params: calendarParams,
        response: {
          200: mediaResponse('The calendar (RFC 5545)', ['text/calendar']),
          304: notModifiedResponse,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { calendar, source: ics } = await source(request.params.calendarId);
      const file = await calendarFeed(deps.db, calendar, ics, deps.clock.now());
      reply
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', 'inline; filename="calendar.ics"');
      return sendCalendarFile(request, reply, file);
    },
  );

  app.get(
    '/calendars/appointments/:id/ics',
    {
      schema: {
        tags,
        summary: 'One event, occurrence or series as an .ics file (Add to Calendar)',
        description:
          'An occurrence of a series is its UID with a RECURRENCE-ID, as in the feed, so a subscriber who adds it too holds it once.',
        params: eventParams,
        response: {
          200: mediaResponse('The event (RFC 5545)', ['text/calendar']),
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const target = await deps.calendar.target(request.params.id);
      const calendarId =
        target.kind === 'occurrence' ? target.series.calendarId : target.row.calendarId;
      const { source: ics } = await source(calendarId);
      const { filename, body } = await eventIcs(deps.db, target, ics);
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('cache-control', 'no-cache')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.post(
    '/calendars/appointments/:id/registrations',
    {
      config: { idempotent: true },
      bodyLimit: 16 * 1024,
      schema: {
        security: optionalBearer,
        tags,
        summary: 'Register for an event or occurrence (anyone); mails a confirmation with the .ics',
        description:
          'A new registration answers 201 and mails a confirmation with the .ics and a manage link (see /registrations/manage). The same email again for the same event or occurrence updates the registration (200) only for its signed-in owner (the user who made it, or an active account with that email); anyone else gets the same 201 answer as a new registration, nothing changes, and the address is mailed its manage link instead. Throttled per email and per client (429).',
        params: eventParams,
        body: registerForEventSchema,
        response: {
          200: registrationResultSchema,
          201: registrationResultSchema,
          ...errors,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await registrations.register(
        request.params.id,
        request.body,
        request.session,
        request.ip,
      );
      if (outcome.mailError) {
        request.log.error({ err: outcome.mailError }, 'registration confirmation not sent');
      }
      reply.header('cache-control', 'no-store');
      return reply.status(outcome.status).send(outcome.result);
    },
  );

  app.get(
    '/calendars/appointments/:id/registrations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "An event's registrations (its organizer, moderators and admins)",
        params: eventParams,
        response: { 200: registrationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return registrations.list(request.params.id, request.session);
    },
  );
};
