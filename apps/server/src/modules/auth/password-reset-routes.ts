import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  PASSWORD_RESET_TTL_MINUTES,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { AccountService } from './accounts.js';
import { PasswordResetService } from './password-reset.js';
import { rejectInvalid } from './route-validation.js';

const bodyLimit = 16 * 1024;

/** Forgotten passwords (README, "Accounts"): the link by mail, and setting a password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const accounts = new AccountService(deps.db, deps.clock, deps.mail);
  const resets = new PasswordResetService(
    deps.db,
    deps.clock,
    deps.throttle,
    deps.mail,
    accounts,
    deps.config,
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to choose a new password',
        description: `Always answers 202 with the same message, at once: whether the address has an account is never told, and the lookup and the mail happen after the answer. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes, and stops working when the password changes. Limited to 3 an address every 15 minutes and 20 a client address an hour (429 with Retry-After).`,
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const answer = await resets.request(request.body.email, request.ip);
      return reply.header('cache-control', 'no-store').status(202).send(answer);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { idempotent: true },
      bodyLimit,
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the link from the mail',
        description:
          'Sets the password of the link’s account, ends every session of it, spends the link (and any other unused one) and mails a notice. A used, expired or unknown link, or one made before the password last changed, answers 400 `invalid_token`. Limited to 20 a client address every 15 minutes.',
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const { token, password } = request.body;
      reply.header('cache-control', 'no-store');
      return resets.reset(token, password, request.ip);
    },
  );

  app.post(
    '/admin/users/:id/password-reset',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['admin'],
        summary: 'Mail a user a link to choose a new password',
        description:
          'The user edit dialog’s “Send password reset link”. The link is the one a forgotten password gets; the password stays as it is until the user chooses a new one. Audited. A suspended account answers 409.',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: {
          202: messageResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError('not_found', 'User not found');
      const answer = await resets.sendByStaff(requireSession(request), request.params.id);
      return reply.status(202).send(answer);
    },
  );
};
