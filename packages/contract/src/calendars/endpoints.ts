import { z } from 'zod';
import {
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
} from '../calendar.js';
import { endpoint, errorAnswers } from '../endpoint.js';

/** `:calendarId` of a calendar. */
export const calendarParams = z.object({ calendarId: z.string().min(1).max(64) });
/** An event, a series or an occurrence (`{eventId}_{compact UTC start}`). */
export const eventParams = z.object({
  id: z.string().min(1).max(64).describe('An event, series or occurrence id'),
});
/** What a change to an event may answer besides its success. */
export const eventErrors = errorAnswers(400, 401, 403, 404);

/**
 * The calendars module's endpoints (apps/server/src/modules/calendars): a calendar, its
 * events in a window, and the events themselves (/calendars/appointments/...).
 */
export const calendarsEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/calendars/:calendarId/events',
    params: calendarParams,
    query: listEventsQuerySchema,
    responses: { 200: eventListSchema, ...errorAnswers(400, 404) },
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/calendars/:calendarId',
    params: calendarParams,
    responses: { 200: calendarSchema, ...errorAnswers(404) },
  }),
  event: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id',
    params: eventParams,
    responses: { 200: appointmentSchema, ...errorAnswers(404) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/calendars/appointments',
    body: createEventSchema,
    responses: { 201: appointmentSchema, ...eventErrors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/calendars/appointments/:id',
    params: eventParams,
    body: updateEventSchema,
    responses: { 200: appointmentSchema, ...eventErrors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/calendars/appointments/:id',
    params: eventParams,
    query: deleteEventQuerySchema,
    responses: { 200: deleteEventResultSchema, ...eventErrors },
  }),
  customFields: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/custom-fields',
    params: eventParams,
    query: z.object({ _t: z.string().max(40).optional() }),
    responses: { 200: eventCustomFieldsSchema, ...errorAnswers(404) },
  }),
  setSeriesCustomFields: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/recurring-series-custom-fields',
    params: eventParams,
    body: seriesCustomFieldsUpdateSchema,
    responses: { 200: seriesCustomFieldsResultSchema, ...eventErrors },
  }),
};
