import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, EMAIL_CHANGE_TTL_HOURS } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { accountServices } from './services.js';
import type { AuthService } from './sign-in.js';
import { rejectInvalid } from './route-validation.js';

const bodyLimit = 16 * 1024;
const tags = ['auth'];

/** A member's own password and sign-in address, from /profile. */
export const accountChangeRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { auth: AuthService }
> = async (app, deps) => {
  const changes = accountServices(deps).accountChanges;

  contractRoute(
    app,
    endpoints.auth.changePassword,
    {
      config: { access: 'signed-in' },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change the signed-in account’s password',
        description:
          'Needs the current password (a wrong one answers 400; 5 wrong ones in 15 minutes answer 429 with Retry-After). Every other session of the account ends; this one stays. The owner is mailed a notice, and the change is audited.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      reply.header('cache-control', 'no-store');
      return changes.changePassword(requireSession(request), request.body);
    },
  );

  contractRoute(
    app,
    endpoints.auth.changeEmail,
    {
      config: { access: 'signed-in', idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Ask to sign in with another address',
        description: `Needs the current password. Mails the new address a link (once, ${EMAIL_CHANGE_TTL_HOURS} hours; a new request replaces it) and tells the old one; nothing changes until the link is opened. An address another login uses, or another roster listing's, answers 409. 5 requests an hour per account.`,
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const answer = await changes.requestEmailChange(requireSession(request), request.body);
      return reply.header('cache-control', 'no-store').status(202).send(answer);
    },
  );

  contractRoute(
    app,
    endpoints.auth.confirmEmail,
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Confirm a new sign-in address with the link mailed to it',
        description:
          'The account signs in with the new address from now on; the old address is told. A used, expired, replaced or unknown link answers 400 `invalid_token`; an address taken meanwhile 409. Needs no session (the link may be opened on another device). Limited to 20 a client address every 15 minutes.',
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      reply.header('cache-control', 'no-store');
      return changes.confirmEmailChange(request.body.token, request.ip);
    },
  );
};
