import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations, type Database } from '@chamber/db';

/** Whether the process is alive, and whether it can serve: for load balancers and containers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'The process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      // The most frequent call of load balancers and monitors, with a constant answer: plain
      // JSON.stringify instead of the zod serializer's parse of the answer against its schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['ops'],
        summary: 'The database is reachable and every migration of this build is applied',
        response: {
          200: z.object({ ready: z.literal(true) }),
          503: z.object({ ready: z.literal(false), reason: z.string() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const pending = await pendingMigrations(db);
        if (pending > 0) {
          return reply
            .status(503)
            .send({ ready: false as const, reason: `${pending} migrations not applied` });
        }
        return { ready: true as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ ready: false as const, reason: 'database unreachable' });
      }
    },
  );
};
