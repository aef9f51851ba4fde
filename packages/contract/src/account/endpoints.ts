import { endpoint, errorAnswers } from '../endpoint.js';
import { accountHubSchema } from '../member-hub.js';

/** The account module's endpoints (apps/server/src/modules/account). */
export const accountEndpoints = {
  getAccount: endpoint({
    method: 'GET',
    path: '/account',
    responses: { 200: accountHubSchema, ...errorAnswers(401) },
  }),
};
