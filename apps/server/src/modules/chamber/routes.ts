import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireRole } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import type { EmbedOrigins } from './embed-origins.js';
import { ChamberService } from './service.js';

/** The chamber's record: GET and PUT /locations/{locationId} (docs/product.md#api-calls, docs/product.md#errors Location info). */
export const chamberRoutes: FastifyPluginAsyncZod<ModuleDeps & { embeds: EmbedOrigins }> = async (
  app,
  deps,
) => {
  const chamber = new ChamberService(deps.db, deps.clock, deps.config);

  contractRoute(
    app,
    endpoints.chamber.getChamber,
    {
      schema: {
        tags: ['site'],
        summary: "The chamber's record, with the external forms its pages embed",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return chamber.get(request.params.locationId);
    },
  );

  contractRoute(
    app,
    endpoints.chamber.updateChamber,
    {
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['site'],
        summary: "Edit the chamber's record (admins; audited)",
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
