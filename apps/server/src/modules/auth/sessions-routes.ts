import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, endedSessionsSchema, sessionListSchema } from '@chamber/contract';
import { idParams } from '../../lib/route-schemas.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { SessionService } from './sessions.js';

const signedIn = { access: 'signed-in' as const };

/** The account's signed-in devices, in /profile. */
export const sessionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const sessions = new SessionService(deps.db, deps.clock);

  app.get(
    '/auth/sessions',
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: "The account's signed-in devices",
        description:
          'Every live session of the signed-in account, most recently used first: browser and system read from the user agent it signed in with, when it signed in, when it was last used (to within five minutes), and whether it is the session of this request.',
        response: { 200: sessionListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ sessions: await sessions.list(requireSession(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign one device out',
        description:
          "Revokes one live session of the signed-in account (this one included). Another account's session, or one already ended, answers 404. Audited.",
        params: idParams,
        response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await sessions.end(requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else',
        description:
          'Revokes every live session of the account but this one, and spends sign-in codes not yet exchanged. Doing it twice does no more than once, so it needs no Idempotency-Key. Audited when a session ended.',
        response: { 200: endedSessionsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ ended: await sessions.endOthers(requireSession(request)) }),
  );
};
