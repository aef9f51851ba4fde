import type { LightMyRequestResponse } from 'fastify';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { authorize } from '../../test/auth.js';

/**
 * What an OAuth client library reads of the portal's answers (RFC 6749 §5.2, RFC 6750 §3.1),
 * checked with oauth4webapi, a client that follows the RFCs to the letter. It talks to the app
 * through inject, as if over HTTP.
 */
let ctx: TestContext;
let as: oauth.AuthorizationServer;
const client: oauth.Client = { client_id: 'chamber-web' };

function toResponse(res: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) headers.append(name, String(one));
    }
  }
  const empty = res.statusCode === 204 || res.rawPayload.length === 0;
  const body = empty ? null : new Uint8Array(res.rawPayload);
  return new Response(body, { status: res.statusCode, headers });
}

/** oauth4webapi's customFetch: the request goes to the app through inject. */
async function viaInject(
  input: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<Response> {
  const url = new URL(input);
  const res = await ctx.app.inject({
    method: init.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: init.headers,
    ...(init.body != null ? { payload: String(init.body) } : {}),
  });
  return toResponse(res);
}

const options = { [oauth.customFetch]: viaInject, [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  ctx = await createTestApp();
  const issuer = new URL(ctx.config.publicUrl);
  const discovered = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' });
  as = await oauth.processDiscoveryResponse(issuer, discovered);
});
afterAll(() => ctx.close());

/** A code from the portal's sign-in, as the client's redirect would carry it. */
async function callback(email: string) {
  // The portal's own sign-in page takes the credentials: the code comes from authorize.
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const authorized = await authorize(ctx, { email, challenge });
  expect(authorized.statusCode, authorized.body).toBe(200);
  const params = oauth.validateAuthResponse(
    as,
    client,
    new URL(`${ctx.config.redirectUri}?code=${authorized.json<{ code: string }>().code}`),
    oauth.skipStateCheck,
  );
  return { params, verifier };
}

async function grant(email: string, auth: oauth.ClientAuth) {
  const { params, verifier } = await callback(email);
  return oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    ctx.config.redirectUri,
    verifier,
    options,
  );
}

describe('the token endpoint', () => {
  it('serves a public client (none, with PKCE)', async () => {
    const user = await createTestUser(ctx.db);
    const response = await grant(user.email, oauth.None());
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
  });

  it('refuses client_secret_basic, which the metadata does not advertise: 401 invalid_client', async () => {
    expect(as.token_endpoint_auth_methods_supported).toEqual(['none']);
    const user = await createTestUser(ctx.db);
    const response = await grant(user.email, oauth.ClientSecretBasic('s3cret'));
    expect(response.status).toBe(401);
    const error = await oauth
      .processAuthorizationCodeResponse(as, client, response)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((error as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
      scheme: 'basic',
    });
    expect(await response.clone().json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses client_secret_post: 401 invalid_client', async () => {
    const user = await createTestUser(ctx.db);
    const response = await grant(user.email, oauth.ClientSecretPost('s3cret'));
    const error = await oauth
      .processAuthorizationCodeResponse(as, client, response)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client' });
  });
});

describe('a protected resource', () => {
  it('answers a signed-in call without the right 403 with insufficient_scope', async () => {
    const member = await createTestUser(ctx.db);
    const token = await signIn(ctx, member.email);
    const url = new URL(`${ctx.config.publicUrl}/api/admin/users`);
    const error = await oauth
      .protectedResourceRequest(token, 'GET', url, new Headers(), null, options)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.response.status).toBe(403);
    expect(challenge.cause).toEqual([
      { scheme: 'bearer', parameters: { error: 'insufficient_scope' } },
    ]);
  });

  it('names insufficient_scope on a 403 a service answers too (a rule that needs the resource)', async () => {
    const member = await createTestUser(ctx.db);
    const other = await createTestUser(ctx.db);
    const token = await signIn(ctx, member.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${other.contactId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
  });

  it('answers a malformed Authorization header 400 invalid_request', async () => {
    const url = new URL(`${ctx.config.publicUrl}/api/auth/profile`);
    const error = await oauth
      .protectedResourceRequest('two words', 'GET', url, new Headers(), null, options)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.response.status).toBe(400);
    expect(challenge.cause).toEqual([
      { scheme: 'bearer', parameters: { error: 'invalid_request' } },
    ]);
    for (const header of [
      'Bearer',
      'Bearer ',
      'Bearer a b',
      'Bearer a,b',
      'bearer "quoted"',
      '=',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization: header },
      });
      expect(res.statusCode, JSON.stringify(header)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('reads another scheme as no token, and an unknown bearer token as invalid_token', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(other.statusCode).toBe(401);
    expect(other.headers['www-authenticate']).toBe('Bearer');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: 'Bearer dW5rbm93bg' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
  });
});
