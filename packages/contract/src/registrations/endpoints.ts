import { z } from 'zod';
import { apiErrorSchema } from '../common.js';
import {
  registerForEventSchema,
  registrationFormPageSchema,
  registrationListSchema,
  registrationResultSchema,
  seriesRegistrationResultSchema,
  upcomingSeriesDatesSchema,
} from '../calendar-registrations.js';
import { eventErrors, eventParams } from '../calendars/endpoints.js';
import { endpoint, errorAnswers } from '../endpoint.js';
import { orderAttendeeSchema, updateAttendeeSchema } from '../event-orders.js';
import {
  cancelledRegistrationSchema,
  managedRegistrationSchema,
  newManageLinkSchema,
  registrationTokenHeadersSchema,
  updateManagedRegistrationSchema,
} from '../registration-manage.js';

/** What a call through a manage link may answer besides its success. */
const manageErrors = errorAnswers(400, 404);
/**
 * The form's own refusals are pages; input refused before the handler sees it (unreadable
 * text, JSON nested too deep, the throttle) gets the API's JSON error like every route.
 */
const formRefusal = z.union([registrationFormPageSchema, apiErrorSchema]);

/**
 * The registrations module's endpoints (apps/server/src/modules/registrations): registering
 * for an event, a series' dates, the organizer's list, and a registration reached through the
 * manage link of its mail (its token in the `x-registration-token` header).
 */
export const registrationsEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/registrations',
    params: eventParams,
    body: registerForEventSchema,
    responses: {
      200: registrationResultSchema,
      201: registrationResultSchema,
      ...eventErrors,
      ...errorAnswers(429),
    },
  }),
  registrationForm: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/registration-form',
    params: eventParams,
    body: registerForEventSchema,
    responses: {
      201: registrationFormPageSchema,
      303: registrationFormPageSchema.describe('To the Checkout page (empty body)'),
      400: formRefusal,
      403: registrationFormPageSchema,
      404: registrationFormPageSchema,
      429: formRefusal,
    },
  }),
  seriesDates: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/series-registrations',
    params: eventParams,
    responses: { 200: upcomingSeriesDatesSchema, ...eventErrors },
  }),
  registerForSeries: endpoint({
    method: 'POST',
    path: '/calendars/appointments/:id/series-registrations',
    params: eventParams,
    body: registerForEventSchema,
    responses: { 201: seriesRegistrationResultSchema, ...eventErrors, ...errorAnswers(429) },
  }),
  list: endpoint({
    method: 'GET',
    path: '/calendars/appointments/:id/registrations',
    params: eventParams,
    responses: { 200: registrationListSchema, ...manageErrors },
  }),
  staffCancel: endpoint({
    method: 'DELETE',
    path: '/calendars/appointments/:id/registrations/:registrationId',
    params: eventParams.extend({
      registrationId: z.string().uuid('A registration id is a UUID').describe('A registration id'),
    }),
    responses: { 200: cancelledRegistrationSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  manage: endpoint({
    method: 'GET',
    path: '/registrations/manage',
    headers: registrationTokenHeadersSchema,
    responses: { 200: managedRegistrationSchema, ...manageErrors },
  }),
  updateManaged: endpoint({
    method: 'PUT',
    path: '/registrations/manage',
    headers: registrationTokenHeadersSchema,
    body: updateManagedRegistrationSchema,
    responses: { 200: managedRegistrationSchema, ...manageErrors, ...errorAnswers(409, 429) },
  }),
  acceptOffer: endpoint({
    method: 'POST',
    path: '/registrations/manage/accept',
    headers: registrationTokenHeadersSchema,
    responses: { 200: managedRegistrationSchema, ...manageErrors, ...errorAnswers(409) },
  }),
  newManageLink: endpoint({
    method: 'POST',
    path: '/registrations/manage/new-link',
    headers: registrationTokenHeadersSchema,
    responses: { 200: newManageLinkSchema, ...manageErrors, ...errorAnswers(429) },
  }),
  updateManagedAttendee: endpoint({
    method: 'PUT',
    path: '/registrations/manage/attendees/:attendeeId',
    headers: registrationTokenHeadersSchema,
    params: z.object({
      attendeeId: z.string().uuid('An attendee id is a UUID').describe('An attendee id'),
    }),
    body: updateAttendeeSchema,
    responses: { 200: orderAttendeeSchema, ...manageErrors },
  }),
  cancelManaged: endpoint({
    method: 'DELETE',
    path: '/registrations/manage',
    headers: registrationTokenHeadersSchema,
    responses: { 200: cancelledRegistrationSchema, ...manageErrors },
  }),
};
