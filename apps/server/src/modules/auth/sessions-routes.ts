import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { SessionService } from './sessions.js';

const signedIn = { access: 'signed-in' as const };

/** The account's signed-in devices, in /profile. */
export const sessionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const sessions = new SessionService(deps.db, deps.clock);

  contractRoute(
    app,
    endpoints.auth.listSessions,
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: "The account's signed-in devices",
        description:
          'Every live session of the signed-in account, most recently used first: browser and system read from the user agent it signed in with, when it signed in, when it was last used (to within five minutes), and whether it is the session of this request.',
      },
    },
    async (request) => ({ sessions: await sessions.list(requireSession(request)) }),
  );

  contractRoute(
    app,
    endpoints.auth.endSession,
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign one device out',
        description:
          "Revokes one live session of the signed-in account (this one included). Another account's session, or one already ended, answers 404. Audited.",
      },
    },
    async (request, reply) => {
      await sessions.end(requireSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  contractRoute(
    app,
    endpoints.auth.endOtherSessions,
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else',
        description:
          'Revokes every live session of the account but this one, and spends sign-in codes not yet exchanged. Doing it twice does no more than once, so it needs no Idempotency-Key. Audited when a session ended.',
      },
    },
    async (request) => ({ ended: await sessions.endOthers(requireSession(request)) }),
  );
};
