import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@chamber/contract';
import type { ModuleDeps } from '../deps.js';
import { calendarFeed, eventIcs } from './feed.js';
import { calendarParams, eventParams } from './route-schemas.js';
import type { CalendarService } from './service.js';

const ICS = 'text/calendar; charset=utf-8';

/** Calendar files: the public feed (/calendars/{id}/feed.ics) and one event's .ics. */
export const icsRoutes: FastifyPluginAsyncZod<ModuleDeps & { calendar: CalendarService }> = async (
  app,
  deps,
) => {
  const tags = ['calendar'];
  const source = async (calendarId: string) => {
    const calendar = await deps.calendar.calendar(calendarId);
    return {
      calendar,
      source: {
        calendarName: calendar.name,
        timezone: calendar.timezone,
        publicUrl: deps.config.publicUrl,
        now: deps.clock.now(),
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
          'Events of the last year and all upcoming ones; series with RRULE and EXDATE, edited occurrences with RECURRENCE-ID, times with TZID and VTIMEZONE.',
        params: calendarParams,
        response: { 200: z.string().describe('text/calendar'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { calendar, source: ics } = await source(request.params.calendarId);
      const body = await calendarFeed(deps.db, calendar, ics);
      return reply
        .type(ICS)
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );

  app.get(
    '/calendars/appointments/:id/ics',
    {
      schema: {
        tags,
        summary: 'One event, occurrence or series as an .ics file (Add to Calendar)',
        params: eventParams,
        response: { 200: z.string().describe('text/calendar'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const target = await deps.calendar.target(request.params.id);
      const calendarId =
        target.kind === 'occurrence' ? target.series.calendarId : target.row.calendarId;
      const { source: ics } = await source(calendarId);
      const { filename, body } = await eventIcs(deps.db, target, ics);
      return reply
        .type(ICS)
        .header('cache-control', 'no-cache')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
