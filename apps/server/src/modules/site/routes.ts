import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema } from '@chamber/contract';
import { calendars, locations, pendingMigrations, type Database } from '@chamber/db';
import type { Config } from '../../config.js';

export const siteRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'The process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
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

  app.get(
    '/config',
    {
      config: { publicCache: true },
      schema: {
        tags: ['site'],
        summary: 'Public start-up configuration of the web app',
        response: { 200: appConfigSchema },
      },
    },
    async (_request, reply) => {
      const [row] = await db
        .select({ locationId: locations.id, calendarId: calendars.id, name: locations.name })
        .from(locations)
        .leftJoin(calendars, eq(calendars.locationId, locations.id))
        .orderBy(locations.createdAt, calendars.createdAt)
        .limit(1);
      reply.header('cache-control', 'public, max-age=60');
      return {
        locationId: row?.locationId ?? '',
        calendarId: row?.calendarId ?? '',
        chamberName: row?.name ?? config.chamberName,
        publicUrl: config.publicUrl,
      };
    },
  );
};
