import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, PASSWORD_RESET_TTL_MINUTES } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import type { ModuleDeps } from '../deps.js';
import { accountServices } from './services.js';
import type { AuthService } from './sign-in.js';
import { rejectInvalid } from './route-validation.js';

const bodyLimit = 16 * 1024;

/** Forgotten passwords (docs/staff/accounts.md): the link by mail, and setting a password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { auth: AuthService }
> = async (app, deps) => {
  const resets = accountServices(deps).passwordResets;

  contractRoute(
    app,
    endpoints.auth.forgotPassword,
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to choose a new password',
        description: `Always answers 202 with the same message, at once: whether the address has an account is never told, and the lookup and the mail happen after the answer. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes, and stops working when the password changes. Limited to 3 an address every 15 minutes and 20 a client address an hour (429 with Retry-After).`,
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const answer = await resets.request(request.body.email, request.ip);
      return reply.header('cache-control', 'no-store').status(202).send(answer);
    },
  );

  contractRoute(
    app,
    endpoints.auth.resetPassword,
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the link from the mail',
        description:
          'Sets the password of the link’s account, ends every session of it, spends the link (and any other unused one) and mails a notice. A used, expired or unknown link, or one made before the password last changed, answers 400 `invalid_token`. Limited to 20 a client address every 15 minutes.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const { token, password } = request.body;
      reply.header('cache-control', 'no-store');
      return resets.reset(token, password, request.ip);
    },
  );
};
