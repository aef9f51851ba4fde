import { z } from 'zod';
import { endpoint, errorAnswers, idParams } from '../endpoint.js';
import {
  ambassadorListSchema,
  bookCelebrationSchema,
  celebrationQueueQuerySchema,
  celebrationQueueSchema,
  celebrationSchema,
  celebrationPhotosInputSchema,
  celebrationPhotosSchema,
  celebrationSettingsSchema,
  celebrationSlotsQuerySchema,
  celebrationSlotsSchema,
  declineCelebrationSchema,
  eventPhotosSchema,
  listingCelebrationsSchema,
  myCelebrationsSchema,
  proposeCelebrationSchema,
  setAmbassadorSchema,
} from '../celebrations.js';

/** `:contactId` of a member business. */
const contactParams = z.object({ contactId: z.string().min(1).max(100) });
const personParams = z.object({ personId: z.string().min(1).max(100) });
/** What a decision on a booking may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404, 409);
const denied = errorAnswers(401, 403);

/**
 * The celebrations module's endpoints (apps/server/src/modules/celebrations): the member's
 * bookings and the slots they may book, a listing's confirmed ones, and staff's queue,
 * decisions, rules and ambassadors.
 */
export const celebrationsEndpoints = {
  slots: endpoint({
    method: 'GET',
    path: '/celebrations/slots',
    query: celebrationSlotsQuerySchema,
    responses: { 200: celebrationSlotsSchema, ...errorAnswers(400), ...denied },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/celebrations/mine',
    responses: { 200: myCelebrationsSchema, ...denied },
  }),
  ofListing: endpoint({
    method: 'GET',
    path: '/celebrations/listing/:contactId',
    params: contactParams,
    responses: { 200: listingCelebrationsSchema, ...errorAnswers(400) },
  }),
  eventPhotos: endpoint({
    method: 'GET',
    path: '/celebrations/event/:eventId/photos',
    params: z.object({ eventId: z.string().min(1).max(100) }),
    responses: { 200: eventPhotosSchema, ...errorAnswers(400) },
  }),
  book: endpoint({
    method: 'POST',
    path: '/celebrations',
    body: bookCelebrationSchema,
    responses: { 201: celebrationSchema, ...errorAnswers(400, 401, 403, 409) },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/celebrations/:id/accept',
    params: idParams,
    responses: { 200: celebrationSchema, ...changeErrors },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/celebrations/:id/cancel',
    params: idParams,
    responses: { 200: celebrationSchema, ...changeErrors },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/admin/celebrations',
    query: celebrationQueueQuerySchema,
    responses: { 200: celebrationQueueSchema, ...errorAnswers(400), ...denied },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/admin/celebrations/:id/confirm',
    params: idParams,
    responses: { 200: celebrationSchema, ...changeErrors },
  }),
  propose: endpoint({
    method: 'POST',
    path: '/admin/celebrations/:id/propose',
    params: idParams,
    body: proposeCelebrationSchema,
    responses: { 200: celebrationSchema, ...changeErrors },
  }),
  decline: endpoint({
    method: 'POST',
    path: '/admin/celebrations/:id/decline',
    params: idParams,
    body: declineCelebrationSchema,
    responses: { 200: celebrationSchema, ...changeErrors },
  }),
  photos: endpoint({
    method: 'PUT',
    path: '/admin/celebrations/:id/photos',
    params: idParams,
    body: celebrationPhotosInputSchema,
    responses: { 200: celebrationPhotosSchema, ...changeErrors },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/admin/celebration-settings',
    responses: { 200: celebrationSettingsSchema, ...denied },
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: '/admin/celebration-settings',
    body: celebrationSettingsSchema,
    responses: { 200: celebrationSettingsSchema, ...errorAnswers(400), ...denied },
  }),
  ambassadors: endpoint({
    method: 'GET',
    path: '/admin/celebration-ambassadors',
    responses: { 200: ambassadorListSchema, ...denied },
  }),
  setAmbassador: endpoint({
    method: 'PUT',
    path: '/admin/celebration-ambassadors/:personId',
    params: personParams,
    body: setAmbassadorSchema,
    responses: { 200: ambassadorListSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
};
