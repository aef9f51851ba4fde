import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authorizeRequestSchema,
  authorizeResponseSchema,
  oauthErrorSchema,
  profileSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validateResponseSchema,
} from '@chamber/contract';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import { type AuthService, toProfile } from './service.js';

const oauth = { oauthErrors: true };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/authorize',
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Check credentials and issue a single-use PKCE authorization code',
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
      const code = await auth.authorize(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      return { code };
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
        // RFC 6749 4.1.3 sends the form encoding; JSON is accepted as well.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const token = await auth.exchange(request.body);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    },
  );

  app.get(
    '/auth/validate',
    {
      schema: {
        security: optionalBearer,
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

  app.get(
    '/auth/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: profileSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toProfile(requireSession(request));
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
