import { z } from 'zod';
import { endpoint, errorAnswers, idParams } from '../endpoint.js';
import {
  categoryTreeInputSchema,
  categoryTreeSchema,
  memberCategoriesInputSchema,
} from '../categories.js';
import {
  acceptInvitationResponseSchema,
  acceptInvitationSchema,
  businessInvitationSchema,
  businessPeopleSchema,
  businessPersonSchema,
  invitationParams,
  invitationPreviewSchema,
  invitationTokenParams,
  inviteRequestSchema,
  mergeBusinessSchema,
  movePersonSchema,
  personParams,
  staffAddPersonSchema,
  updatePersonSchema,
} from '../business-people.js';
import { listingClickSchema } from '../member-hub.js';
import { updateLocationSchema } from '../map.js';
import {
  createProspectBusinessSchema,
  listMembersQuerySchema,
  memberDetailSchema,
  memberListSchema,
  staffBusinessListSchema,
  staffBusinessQuerySchema,
  staffBusinessSchema,
  updateAvatarSchema,
  updateCoverImageSchema,
  updateMemberSchema,
} from '../members.js';
import { openingHoursSchema } from '../opening-hours.js';

/** What a change to a listing may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404);

/**
 * The members module's endpoints (apps/server/src/modules/members): the directory, a member's
 * page and its changes, and the directory's categories.
 */
export const membersEndpoints = {
  directory: endpoint({
    method: 'GET',
    path: '/members',
    query: listMembersQuerySchema,
    responses: { 200: memberListSchema, ...errorAnswers(400, 404) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/members/:id',
    params: idParams,
    responses: { 200: memberDetailSchema, ...errorAnswers(400, 404) },
  }),
  click: endpoint({
    method: 'POST',
    path: '/members/:id/clicks',
    params: idParams,
    body: listingClickSchema,
    responses: { 204: z.null(), ...errorAnswers(400) },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/members/:id',
    params: idParams,
    body: updateMemberSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  setHours: endpoint({
    method: 'PUT',
    path: '/members/:id/hours',
    params: idParams,
    body: openingHoursSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  setLocation: endpoint({
    method: 'PUT',
    path: '/members/:id/location',
    params: idParams,
    body: updateLocationSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  setAvatar: endpoint({
    method: 'PUT',
    path: '/members/:id/avatar',
    params: idParams,
    body: updateAvatarSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  setCoverImage: endpoint({
    method: 'PUT',
    path: '/members/:id/coverImage',
    params: idParams,
    body: updateCoverImageSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  categories: endpoint({
    method: 'GET',
    path: '/categories',
    responses: { 200: categoryTreeSchema },
  }),
  replaceCategories: endpoint({
    method: 'PUT',
    path: '/admin/categories',
    body: categoryTreeInputSchema,
    responses: { 200: categoryTreeSchema, ...errorAnswers(400, 401, 403, 409) },
  }),
  setCategories: endpoint({
    method: 'PUT',
    path: '/members/:id/categories',
    params: idParams,
    body: memberCategoriesInputSchema,
    responses: { 200: memberDetailSchema, ...changeErrors },
  }),
  // A business's people (docs/decisions/0123-businesses-and-their-people.md).
  people: endpoint({
    method: 'GET',
    path: '/members/:id/people',
    params: idParams,
    responses: { 200: businessPeopleSchema, ...errorAnswers(400, 401, 403, 404) },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/members/:id/invitations',
    params: idParams,
    body: inviteRequestSchema,
    responses: { 201: businessInvitationSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/members/:id/invitations/:invitationId',
    params: invitationParams,
    responses: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) },
  }),
  updatePerson: endpoint({
    method: 'PATCH',
    path: '/members/:id/people/:personId',
    params: personParams,
    body: updatePersonSchema,
    responses: { 200: businessPersonSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  removePerson: endpoint({
    method: 'DELETE',
    path: '/members/:id/people/:personId',
    params: personParams,
    responses: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  addPerson: endpoint({
    method: 'POST',
    path: '/admin/members/:id/people',
    params: idParams,
    body: staffAddPersonSchema,
    responses: { 201: businessPersonSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  movePerson: endpoint({
    method: 'POST',
    path: '/admin/members/:id/people/:personId/move',
    params: personParams,
    body: movePersonSchema,
    responses: { 200: businessPersonSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  invitation: endpoint({
    method: 'GET',
    path: '/invitations/:token',
    params: invitationTokenParams,
    responses: { 200: invitationPreviewSchema, ...errorAnswers(400, 404, 410) },
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/:token/accept',
    params: invitationTokenParams,
    body: acceptInvitationSchema,
    responses: {
      200: acceptInvitationResponseSchema,
      ...errorAnswers(400, 401, 403, 404, 409, 410, 429),
    },
  }),
  merge: endpoint({
    method: 'POST',
    path: '/admin/members/:id/merge',
    params: idParams,
    body: mergeBusinessSchema,
    responses: { 200: memberDetailSchema, ...errorAnswers(400, 401, 403, 404, 409) },
  }),
  staffBusinesses: endpoint({
    method: 'GET',
    path: '/admin/members',
    query: staffBusinessQuerySchema,
    responses: { 200: staffBusinessListSchema, ...errorAnswers(400, 401, 403) },
  }),
  createProspect: endpoint({
    method: 'POST',
    path: '/admin/members',
    body: createProspectBusinessSchema,
    responses: { 201: staffBusinessSchema, ...errorAnswers(400, 401, 403, 409) },
  }),
};
