import { z } from 'zod';
import { apiErrorSchema } from '../common.js';
import { endpoint } from '../endpoint.js';
import { chamberSchema, updateChamberSchema } from '../site.js';

/** The chamber module's endpoints (apps/server/src/modules/chamber). */
/** `:locationId`: the chamber's record (one chamber, under the spec's location id). */
const locationParams = z.object({ locationId: z.string().min(1).max(64) });

export const chamberEndpoints = {
  getChamber: endpoint({
    method: 'GET',
    path: '/locations/:locationId',
    params: locationParams,
    responses: { 200: chamberSchema, 404: apiErrorSchema },
  }),
  updateChamber: endpoint({
    method: 'PUT',
    path: '/locations/:locationId',
    params: locationParams,
    body: updateChamberSchema,
    responses: {
      200: chamberSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
  }),
};
