import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  currentPasswordSchema,
  mfaEnrolmentRequestSchema,
  mfaVerifyRequestSchema,
  mfaVerifyResponseSchema,
  oauthErrorSchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@chamber/contract';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { accountServices } from './services.js';
import type { AuthService } from './sign-in.js';

const oauth = { oauthErrors: true };
const signedIn = { access: 'signed-in' as const };

/**
 * Two-factor sign-in: the second step of the PKCE sign-in and the account's own setup in
 * /profile (an admin's reset and the chamber's setting are the admin module's). Secrets and recovery codes are answered with
 * `no-store` (every signed-in answer is private) and never replayed from an Idempotency-Key.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<ModuleDeps & { auth: AuthService }> = async (
  app,
  deps,
) => {
  const twoFactor = accountServices(deps).twoFactor;

  app.post(
    '/auth/mfa',
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: "Complete a sign-in's second step with a code",
        description:
          "After authorize answered `mfa_required`: the challenge id and a 6-digit code from the authenticator app, or one of the account's recovery codes (each works once). Answers the authorization code for POST /auth/token. A challenge lives 5 minutes and takes 5 wrong codes; wrong codes are throttled as wrong passwords are (429 with Retry-After). For a challenge with `enrol`, the code is the first of the secret from POST /auth/mfa/enrolment: two-factor is then on, and the answer carries the ten recovery codes, shown once.",
        body: mfaVerifyRequestSchema,
        response: {
          200: mfaVerifyResponseSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          429: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.completeSignIn(request.body, request.ip);
    },
  );

  app.post(
    '/auth/mfa/enrolment',
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Set up two-factor sign-in during a sign-in that requires it',
        description:
          'For a challenge with `enrol` (staff, when the chamber requires two-factor sign-in of them and they have none): a new secret and its QR code. Asking again replaces the secret.',
        body: mfaEnrolmentRequestSchema,
        response: { 200: twoFactorSetupSchema, 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.enrolAtSignIn(request.body.challengeId);
    },
  );

  app.get(
    '/auth/two-factor',
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: "Whether the account's two-factor sign-in is on",
        response: { 200: twoFactorStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request) => twoFactor.status(requireSession(request)),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Start turning two-factor sign-in on: a secret to scan',
        description:
          'A new secret (and its QR code) waits for its first code; asking again replaces it. 409 when two-factor sign-in is already on.',
        response: { 200: twoFactorSetupSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => twoFactor.setup(requireSession(request)),
  );

  app.post(
    '/auth/two-factor/confirm',
    {
      config: signedIn,
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with the first code',
        description:
          'The first code of the secret from setup turns two-factor sign-in on and answers ten recovery codes, shown this once and stored hashed. A wrong code answers 400; wrong codes are throttled (429). Audited.',
        body: twoFactorConfirmSchema,
        response: {
          200: recoveryCodesSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      recoveryCodes: await twoFactor.confirm(
        requireSession(request),
        request.body.code,
        request.ip,
      ),
    }),
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      config: signedIn,
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Replace the recovery codes',
        description:
          'With the password: ten new recovery codes, shown once; the old ones stop working. Audited.',
        body: currentPasswordSchema,
        response: {
          200: recoveryCodesSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      recoveryCodes: await twoFactor.regenerateRecoveryCodes(
        requireSession(request),
        request.body.password,
        request.ip,
      ),
    }),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      config: signedIn,
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off',
        description:
          'With the password. Refused (409) for admins and moderators while the chamber requires two-factor sign-in of them. Audited.',
        body: currentPasswordSchema,
        response: {
          200: twoFactorStatusSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await twoFactor.disable(session, request.body.password, request.ip);
      return twoFactor.status(session);
    },
  );
};
