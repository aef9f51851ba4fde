import { z } from 'zod';
import { endpoint, errorAnswers, fileAnswer } from '../endpoint.js';
import {
  attendeeCheckInSchema,
  checkInListSchema,
  checkInRequestSchema,
  checkInResultSchema,
  walkInSchema,
} from '../event-check-in.js';
import { doorPaymentRequestSchema } from '../event-tickets.js';

/** An event, a series (the CSV) or an occurrence (`{eventId}_{compact UTC start}`). */
const eventParams = z.object({
  id: z.string().min(1).max(64).describe('An event, series or occurrence id'),
});
/** What the door's calls may answer besides their success. */
const doorErrors = errorAnswers(400, 401, 403, 404);

/**
 * The check-in module's endpoints (apps/server/src/modules/check-in): an event's door (the
 * guest list, check-in by code or id, walk-ins, tickets paid at the door) and its
 * registrations as CSV, for its organizer and staff.
 */
export const checkInEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/check-in',
    params: eventParams,
    responses: { 200: checkInListSchema, ...doorErrors },
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/check-in',
    params: eventParams,
    body: checkInRequestSchema,
    responses: { 200: checkInResultSchema, ...doorErrors, ...errorAnswers(409) },
  }),
  walkIn: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/walk-ins',
    params: eventParams,
    body: walkInSchema,
    responses: { 201: checkInResultSchema, ...doorErrors, ...errorAnswers(409) },
  }),
  doorPayment: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/check-in/payments',
    params: eventParams,
    body: doorPaymentRequestSchema,
    responses: { 200: checkInResultSchema, ...doorErrors, ...errorAnswers(409) },
  }),
  checkInAttendee: endpoint({
    method: 'POST',
    path: '/events/:id/check-ins',
    params: eventParams,
    body: attendeeCheckInSchema,
    responses: { 200: checkInResultSchema, ...doorErrors, ...errorAnswers(409) },
  }),
  undoAttendeeCheckIn: endpoint({
    method: 'DELETE',
    path: '/events/:id/check-ins/:attendeeId',
    params: eventParams.extend({
      attendeeId: z.uuid({ message: 'attendeeId must be an attendee id' }),
    }),
    responses: { 200: checkInResultSchema, ...doorErrors, ...errorAnswers(409) },
  }),
  attendeesCsv: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/attendees.csv',
    params: eventParams,
    responses: { 200: fileAnswer('The attendees as CSV', 'text/csv'), ...doorErrors },
  }),
  registrationsCsv: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/registrations.csv',
    params: eventParams,
    responses: { 200: fileAnswer('The registrations as CSV', 'text/csv'), ...doorErrors },
  }),
};
