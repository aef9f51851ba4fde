import { z } from 'zod';
import { calendarParams, eventParams } from '../calendars/endpoints.js';
import { endpoint, errorAnswers, fileAnswer } from '../endpoint.js';

/**
 * The ical module's endpoints (apps/server/src/modules/ical): the public calendar feed to
 * subscribe to, and one event's .ics.
 */
export const icalEndpoints = {
  feed: endpoint({
    method: 'GET',
    path: '/calendars/:calendarId/feed.ics',
    params: calendarParams,
    responses: {
      200: fileAnswer('The calendar (RFC 5545)', 'text/calendar'),
      304: z.null().describe('Not modified'),
      ...errorAnswers(404),
    },
  }),
  eventIcs: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/ics',
    params: eventParams,
    responses: {
      200: fileAnswer('The event (RFC 5545)', 'text/calendar'),
      ...errorAnswers(404),
    },
  }),
};
