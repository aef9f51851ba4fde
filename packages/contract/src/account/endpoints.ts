import { endpoint, errorAnswers } from '../endpoint.js';
import { accountBusinessesSchema, actForBusinessSchema } from '../business-people.js';
import { accountHubSchema } from '../member-hub.js';

/** The account module's endpoints (apps/server/src/modules/account). */
export const accountEndpoints = {
  getAccount: endpoint({
    method: 'GET',
    path: '/account',
    responses: { 200: accountHubSchema, ...errorAnswers(401) },
  }),
  /** The businesses the sign-in is a person of, for the account menu. */
  businesses: endpoint({
    method: 'GET',
    path: '/account/businesses',
    responses: { 200: accountBusinessesSchema, ...errorAnswers(401) },
  }),
  /** Act for another of one's businesses (the profile's contactId follows). */
  actFor: endpoint({
    method: 'PUT',
    path: '/account/business',
    body: actForBusinessSchema,
    responses: { 200: accountBusinessesSchema, ...errorAnswers(400, 401, 403) },
  }),
};
