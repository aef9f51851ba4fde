import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authorizeRequestSchema,
  authorizeResponseSchema,
  oauthErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validateResponseSchema,
} from '@chamber/contract';
import { requireSession } from '../../plugins/auth.js';
import type { AuthService } from './sign-in.js';

const oauth = { oauthErrors: true };

/** Sign-in and sign-out: /auth/authorize, /auth/token, /auth/validate, /auth/logout. */
export const signInRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/authorize',
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Check credentials and issue a single-use PKCE authorization code',
        description:
          'For an account with two-factor sign-in the answer is `mfa_required` with a challenge id instead of the code; POST /auth/mfa completes it.',
        body: authorizeRequestSchema,
        response: {
          200: authorizeResponseSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          403: oauthErrorSchema,
          429: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await auth.authorize(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/auth/token',
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Exchange an authorization code and its PKCE verifier for an access token',
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const token = await auth.exchange(request.body, {
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    },
  );

  app.get(
    '/auth/validate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Tell whether the bearer token is live',
        response: { 200: validateResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = request.session;
      return session
        ? { valid: true, expiresAt: session.expiresAt.toISOString() }
        : { valid: false };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token',
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(requireSession(request));
      return reply.status(204).send(null);
    },
  );
};
