import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, chamberSchema, updateChamberSchema } from '@chamber/contract';
import { requireRole } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import type { EmbedOrigins } from './embed-origins.js';
import { ChamberService } from './service.js';

const locationParams = z.object({ locationId: z.string().min(1).max(64) });

/** The chamber's record: GET and PUT /locations/{locationId} (spec §7, §8 Location info). */
export const chamberRoutes: FastifyPluginAsyncZod<ModuleDeps & { embeds: EmbedOrigins }> = async (
  app,
  deps,
) => {
  const chamber = new ChamberService(deps.db, deps.clock, deps.config);

  app.get(
    '/locations/:locationId',
    {
      schema: {
        tags: ['site'],
        summary: "The chamber's record, with the external forms its pages embed",
        params: locationParams,
        response: { 200: chamberSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return chamber.get(request.params.locationId);
    },
  );

  app.put(
    '/locations/:locationId',
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['site'],
        summary: "Edit the chamber's record (admins; audited)",
        params: locationParams,
        body: updateChamberSchema,
        response: {
          200: chamberSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      const updated = await chamber.update(actor, request.params.locationId, request.body);
      deps.embeds.invalidate();
      return updated;
    },
  );
};
