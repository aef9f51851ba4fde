import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
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

  contractRoute(
    app,
    endpoints.auth.verifyMfa,
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: "Complete a sign-in's second step with a code",
        description:
          "After authorize answered `mfa_required`: the challenge id and a 6-digit code from the authenticator app, or one of the account's recovery codes (each works once). Answers the authorization code for POST /auth/token. A challenge lives 5 minutes and takes 5 wrong codes; wrong codes are throttled as wrong passwords are (429 with Retry-After). For a challenge with `enrol`, the code is the first of the secret from POST /auth/mfa/enrolment: two-factor is then on, and the answer carries the ten recovery codes, shown once.",
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.completeSignIn(request.body, request.ip);
    },
  );

  contractRoute(
    app,
    endpoints.auth.mfaEnrolment,
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Set up two-factor sign-in during a sign-in that requires it',
        description:
          'For a challenge with `enrol` (staff, when the chamber requires two-factor sign-in of them and they have none): a new secret and its QR code. Asking again replaces the secret.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.enrolAtSignIn(request.body.challengeId);
    },
  );

  contractRoute(
    app,
    endpoints.auth.getTwoFactor,
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: "Whether the account's two-factor sign-in is on",
      },
    },
    async (request) => twoFactor.status(requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.auth.setUpTwoFactor,
    {
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Start turning two-factor sign-in on: a secret to scan',
        description:
          'A new secret (and its QR code) waits for its first code; asking again replaces it. 409 when two-factor sign-in is already on.',
      },
    },
    async (request) => twoFactor.setup(requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.auth.confirmTwoFactor,
    {
      config: signedIn,
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with the first code',
        description:
          'The first code of the secret from setup turns two-factor sign-in on and answers ten recovery codes, shown this once and stored hashed. A wrong code answers 400; wrong codes are throttled (429). Audited.',
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

  contractRoute(
    app,
    endpoints.auth.newRecoveryCodes,
    {
      config: signedIn,
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Replace the recovery codes',
        description:
          'With the password: ten new recovery codes, shown once; the old ones stop working. Audited.',
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

  contractRoute(
    app,
    endpoints.auth.disableTwoFactor,
    {
      config: signedIn,
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off',
        description:
          'With the password. Refused (409) for admins and moderators while the chamber requires two-factor sign-in of them. Audited.',
      },
    },
    async (request) => {
      const session = requireSession(request);
      await twoFactor.disable(session, request.body.password, request.ip);
      return twoFactor.status(session);
    },
  );
};
