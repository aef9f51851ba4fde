import { endpoint, errorAnswers } from '../endpoint.js';
import {
  appConfigSchema,
  contactMessageSchema,
  nominationSchema,
  submissionAcceptedSchema,
} from '../site.js';

/** The site module's endpoints (apps/server/src/modules/site). */
export const siteEndpoints = {
  getConfig: endpoint({
    method: 'GET',
    path: '/config',
    responses: { 200: appConfigSchema },
  }),
  sendContactMessage: endpoint({
    method: 'POST',
    path: '/site/contact',
    body: contactMessageSchema,
    responses: { 201: submissionAcceptedSchema, ...errorAnswers(400, 429) },
  }),
  sendNomination: endpoint({
    method: 'POST',
    path: '/site/nominations',
    body: nominationSchema,
    responses: { 201: submissionAcceptedSchema, ...errorAnswers(400, 429) },
  }),
};
