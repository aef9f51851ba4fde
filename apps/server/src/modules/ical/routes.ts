import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import type { ModuleDeps } from '../deps.js';
import { calendarFeed, eventIcs, sendCalendarFile } from './feed.js';
import { ICS_CONTENT_TYPE } from './ical.js';
import { CalendarService } from '../calendars/index.js';

/** Calendar files: the public feed (/calendars/{id}/feed.ics) and one event's .ics. */
export const icsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const calendar = new CalendarService(deps.db, deps.clock);
  const tags = ['calendar'];
  const source = async (calendarId: string) => {
    const found = await calendar.calendar(calendarId);
    return {
      calendar: found,
      source: {
        calendarName: found.name,
        timezone: found.timezone,
        publicUrl: deps.config.publicUrl,
        stamp: null,
      },
    };
  };

  contractRoute(
    app,
    endpoints.ical.feed,
    {
      schema: {
        tags,
        summary: 'The public iCalendar feed to subscribe to (text/calendar)',
        description:
          'Events of the last year and all upcoming ones; series with RRULE and EXDATE, edited occurrences with RECURRENCE-ID, times with TZID and VTIMEZONE. Answers with ETag and Last-Modified, 304 to an If-None-Match naming the current ETag, and compressed as Accept-Encoding allows.',
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

  contractRoute(
    app,
    endpoints.ical.eventIcs,
    {
      schema: {
        tags,
        summary: 'One event, occurrence or series as an .ics file (Add to Calendar)',
        description:
          'An occurrence of a series is its UID with a RECURRENCE-ID, as in the feed, so a subscriber who adds it too holds it once.',
      },
    },
    async (request, reply) => {
      const target = await calendar.target(request.params.id);
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
};
