import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { MembersService } from '../members/index.js';
import { ProfileService, toProfile } from './profile.js';
import { accountServices } from './services.js';
import type { AuthService } from './sign-in.js';

/** The signed-in user's own profile: GET and PUT /auth/profile. */
export const profileRoutes: FastifyPluginAsyncZod<ModuleDeps & { auth: AuthService }> = async (
  app,
  deps,
) => {
  const members = new MembersService(deps.db, deps.clock, deps.config.publicUrl);
  const { accounts } = accountServices(deps);
  const profiles = new ProfileService(deps.db, deps.clock, members, accounts);

  contractRoute(
    app,
    endpoints.auth.getProfile,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toProfile(requireSession(request));
    },
  );

  contractRoute(
    app,
    endpoints.auth.updateProfile,
    {
      config: { access: 'signed-in' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['members'],
        summary: 'Save the signed-in user’s own profile',
        description:
          'Names and phone are the login’s and are copied to its contact; the other fields are the contact’s, gated by tier as on the member page. The sign-in address is not changed here: `email` may be sent as it is, and another address answers 400 (POST /auth/email changes it, with the password and a link mailed to the new address).',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return profiles.update(requireSession(request), request.body);
    },
  );
};
