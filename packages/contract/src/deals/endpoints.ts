import { z } from 'zod';
import { apiErrorSchema } from '../common.js';
import {
  createDealSchema,
  dealInputSchema,
  dealListSchema,
  dealSchema,
  listDealsQuerySchema,
  listingDealsSchema,
} from '../deals.js';
import { endpoint, errorAnswers, idParams } from '../endpoint.js';

/** The deals module's endpoints (apps/server/src/modules/deals). */
export const dealsEndpoints = {
  listDeals: endpoint({
    method: 'GET',
    path: '/deals',
    query: listDealsQuerySchema,
    responses: { 200: dealListSchema, 400: apiErrorSchema },
  }),
  listingDeals: endpoint({
    method: 'GET',
    path: '/deals/listing/:id',
    params: idParams,
    responses: { 200: listingDealsSchema, ...errorAnswers(401, 403, 404) },
  }),
  createDeal: endpoint({
    method: 'POST',
    path: '/deals',
    body: createDealSchema,
    responses: { 201: dealSchema, ...errorAnswers(400, 401, 403, 404, 413) },
  }),
  updateDeal: endpoint({
    method: 'PUT',
    path: '/deals/:id',
    params: idParams,
    body: dealInputSchema,
    responses: { 200: dealSchema, ...errorAnswers(400, 401, 403, 404, 413) },
  }),
  deleteDeal: endpoint({
    method: 'DELETE',
    path: '/deals/:id',
    params: idParams,
    responses: { 204: z.null(), ...errorAnswers(401, 403, 404) },
  }),
};
