import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, authorizationServerMetadataSchema } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import type { Config } from '../../config.js';
import { OAuthError } from '../../lib/errors.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import { type AuthService, DEVICE_COOKIE, DEVICE_TTL_MS, deviceCookieOf } from './sign-in.js';

const oauth = { oauthErrors: true };

/** What the metadata advertises for the token endpoint: public clients only, with PKCE. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['none'];

/**
 * The portal's client is public (`none`): client authentication the metadata does not
 * advertise is refused with 401 `invalid_client` (RFC 6749 §5.2) rather than ignored, so a
 * client configured with a secret learns it is not used. Credentials in the Authorization
 * header (client_secret_basic) get the challenge of their scheme; a secret or an assertion in
 * the body (client_secret_post, private_key_jwt) the error alone.
 */
function refuseClientAuthentication(request: FastifyRequest) {
  const scheme = request.headers.authorization?.trim().split(/\s+/)[0];
  if (scheme && scheme.toLowerCase() !== 'bearer') {
    throw new OAuthError(401, 'invalid_client', clientAuthRefused, {
      'www-authenticate': `${scheme} realm="token endpoint"`,
    });
  }
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    const sent = ['client_secret', 'client_assertion', 'client_assertion_type'].some(
      (field) => body[field] !== undefined,
    );
    if (sent) throw new OAuthError(401, 'invalid_client', clientAuthRefused);
  }
}

const clientAuthRefused =
  'Client authentication is not supported: the portal’s client is public (token_endpoint_auth_method "none") and proves itself with PKCE.';

/** Sign-in and sign-out: /auth/authorize, /auth/token, /auth/validate, /auth/logout. */
export const signInRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  contractRoute(
    app,
    endpoints.auth.authorize,
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Check credentials and issue a single-use PKCE authorization code',
        description:
          'For an account with two-factor sign-in the answer is `mfa_required` with a challenge id instead of the code; POST /auth/mfa completes it.',
      },
    },
    async (request, reply) => {
      const answer = await auth.authorize(
        request.body,
        request.ip,
        deviceCookieOf(request.headers.cookie),
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  contractRoute(
    app,
    endpoints.auth.token,
    {
      config: oauth,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary: 'Exchange an authorization code and its PKCE verifier for an access token',
        description:
          'The client is public (`none` in the metadata): client authentication (an Authorization header of another scheme than Bearer, `client_secret`, `client_assertion`) answers 401 `invalid_client`.',
        // RFC 6749 4.1.3 sends the form encoding; JSON is accepted as well.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
      },
      // RFC 6749 5.2: a grant type the server does not support has its own error, which the
      // schema's literal alone would answer as invalid_request.
      preValidation: async (request) => {
        refuseClientAuthentication(request);
        const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
        if (typeof grant === 'string' && grant !== '' && grant !== 'authorization_code') {
          throw new OAuthError(
            400,
            'unsupported_grant_type',
            'Only the authorization_code grant (with PKCE) is supported.',
          );
        }
      },
    },
    async (request, reply) => {
      const { deviceToken, ...token } = await auth.exchange(request.body, {
        userAgent: request.headers['user-agent'],
        deviceToken: deviceCookieOf(request.headers.cookie),
      });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      // Known from now on: its wrong passwords have a budget of their own (signInWindows).
      const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${deviceToken}; Path=/api/auth; Max-Age=${DEVICE_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure}`,
      );
      return token;
    },
  );

  contractRoute(
    app,
    endpoints.auth.validate,
    {
      schema: {
        security: optionalBearer,
        tags: ['auth'],
        summary: 'Tell whether the bearer token is live',
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

  contractRoute(
    app,
    endpoints.auth.logout,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token',
      },
    },
    async (request, reply) => {
      await auth.logout(requireSession(request));
      return reply.status(204).send(null);
    },
  );
};

/**
 * RFC 8414 metadata at the well-known address (outside /api): OAuth client libraries read it
 * to find the endpoints and that PKCE with S256 is required. The authorization endpoint takes
 * the credentials as JSON from the portal's own sign-in page, not a browser redirect.
 */
export const oauthMetadataRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/.well-known/oauth-authorization-server',
    {
      schema: {
        tags: ['auth'],
        summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
        response: { 200: authorizationServerMetadataSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return {
        issuer: config.publicUrl,
        authorization_endpoint: `${config.publicUrl}/api/auth/authorize`,
        token_endpoint: `${config.publicUrl}/api/auth/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: TOKEN_ENDPOINT_AUTH_METHODS,
        service_documentation: `${config.publicUrl}/api/docs`,
      };
    },
  );
};
