import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, authCodes } from '@chamber/db';
import { sha256Hex } from '../../lib/crypto.js';
import { createTestApp, createTestUser, pkcePair, type TestContext } from '../../test/app.js';
import { authorize, exchange, issueCode, tokenIsLive, validate } from '../../test/auth.js';

let ctx: TestContext;
let email: string;
beforeAll(async () => {
  ctx = await createTestApp();
  email = (await createTestUser(ctx.db)).email;
});
afterAll(() => ctx.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const oauthError = (error: string) => ({ error, error_description: expect.any(String) });

async function tokensOfCode(code: string) {
  const [row] = await ctx.db
    .select()
    .from(authCodes)
    .where(eq(authCodes.codeHash, sha256Hex(code)));
  expect(row).toBeDefined();
  return ctx.db.select().from(accessTokens).where(eq(accessTokens.authCodeId, row!.id));
}

function post(url: string, payload: string, contentType = 'application/json') {
  return ctx.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

describe('code exchange', () => {
  it('refuses a wrong verifier and spends the code', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    const wrong = await exchange(ctx, { code, verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(wrong.json()).toEqual(oauthError('invalid_grant'));
    expect(await tokensOfCode(code)).toEqual([]);

    const retry = await exchange(ctx, { code, verifier });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toEqual(oauthError('invalid_grant'));
    expect(await tokensOfCode(code)).toEqual([]);
  });

  it('refuses a reused code and revokes the token of its first use', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    const first = await exchange(ctx, { code, verifier });
    expect(first.statusCode).toBe(200);
    const token = first.json().access_token as string;
    expect(await tokenIsLive(ctx, token)).toBe(true);

    const second = await exchange(ctx, { code, verifier });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(oauthError('invalid_grant'));

    expect(await tokenIsLive(ctx, token)).toBe(false);
    expect((await validate(ctx, token)).json()).toEqual({ valid: false });
    const rows = await tokensOfCode(code);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).toEqual(ctx.clock.now());
  });

  it('lets exactly one of five parallel exchanges of a code win', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => exchange(ctx, { code, verifier })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json()).toEqual(oauthError('invalid_grant'));
    }
    const winner = answers.find((a) => a.statusCode === 200)!.json().access_token as string;
    const rows = await tokensOfCode(code);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(winner));
    // The losers are replays of a spent code, so the token it issued is revoked too.
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect(await tokenIsLive(ctx, winner)).toBe(false);
  });

  it('refuses an unknown code', async () => {
    const res = await exchange(ctx, { code: 'never-issued', verifier: pkcePair().verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError('invalid_grant'));
  });

  it('accepts a code for 59 s and refuses it at 60 s and after', async () => {
    const fresh = await issueCode(ctx, { email });
    ctx.clock.advance(59_000);
    const ok = await exchange(ctx, fresh);
    expect(ok.statusCode).toBe(200);
    expect(await tokenIsLive(ctx, ok.json().access_token)).toBe(true);

    const stale = await issueCode(ctx, { email });
    ctx.clock.advance(61_000);
    const late = await exchange(ctx, stale);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(oauthError('invalid_grant'));
    expect(await tokensOfCode(stale.code)).toEqual([]);

    const edge = await issueCode(ctx, { email });
    ctx.clock.advance(60_000);
    expect((await exchange(ctx, edge)).json()).toEqual(oauthError('invalid_grant'));
  });

  it('refuses a token request whose redirect_uri differs from the authorized one', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    const res = await exchange(ctx, { code, verifier, redirectUri: `${ctx.config.redirectUri}/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError('invalid_grant'));
    expect(await tokensOfCode(code)).toEqual([]);
  });

  it('accepts the token request form-encoded (RFC 6749 §4.1.3)', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: ctx.config.redirectUri,
    });
    const res = await post('/api/auth/token', form.toString(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 43200 });
    expect(await tokenIsLive(ctx, res.json().access_token)).toBe(true);
  });
});

describe('authorize request checks', () => {
  it.each([
    ['a trailing slash', (uri: string) => `${uri}/`],
    ['another host', () => 'https://evil.example.org/auth'],
    ['another path', (uri: string) => uri.replace(/\/auth$/, '/callback')],
    ['a query string', (uri: string) => `${uri}?next=/admin`],
    ['another scheme', (uri: string) => uri.replace(/^http:/, 'https:')],
    ['other case', (uri: string) => uri.toUpperCase()],
  ])('refuses a redirect URI with %s', async (_, make) => {
    const res = await authorize(ctx, { email, redirectUri: make(ctx.config.redirectUri) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError('invalid_request'));
  });

  it('takes the redirect URI from PUBLIC_URL', () => {
    expect(ctx.config.redirectUri).toBe('http://localhost:3000/auth');
  });

  it('refuses the plain method and malformed challenges', async () => {
    const { verifier, challenge } = pkcePair();
    const cases = [
      { method: 'plain', challenge: verifier },
      { method: 'plain', challenge },
      { method: 's256', challenge },
      { challenge: challenge.slice(1) },
      { challenge: `${challenge}A` },
      { challenge: `${challenge.slice(1)}=` },
      { challenge: `${challenge.slice(1)}+` },
      { challenge: `${challenge.slice(1)}/` },
      { challenge: '' },
    ];
    for (const c of cases) {
      const res = await authorize(ctx, { email, ...c });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json()).toEqual(oauthError('invalid_request'));
    }
  });
});

describe('token request checks', () => {
  it('refuses malformed verifiers without spending the code', async () => {
    const { code, verifier } = await issueCode(ctx, { email });
    for (const bad of ['a'.repeat(42), 'a'.repeat(129), `${verifier.slice(1)}!`, `${verifier} `]) {
      const res = await exchange(ctx, { code, verifier: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual(oauthError('invalid_request'));
    }
    // RFC 7636 allows 43 to 128 unreserved characters, '.' and '~' included.
    expect((await exchange(ctx, { code: 'x', verifier: `${'a.~'.repeat(14)}a` })).json()).toEqual(
      oauthError('invalid_grant'),
    );
    expect((await exchange(ctx, { code, verifier })).statusCode).toBe(200);
  });

  // RFC 6749 5.2: a grant type the portal does not support is unsupported_grant_type; an
  // empty one is a missing parameter, invalid_request.
  it.each([
    ['password', 'unsupported_grant_type'],
    ['refresh_token', 'unsupported_grant_type'],
    ['client_credentials', 'unsupported_grant_type'],
    ['', 'invalid_request'],
  ])('refuses grant_type %j with %s', async (grantType, error) => {
    const { code, verifier } = await issueCode(ctx, { email });
    const res = await exchange(ctx, { code, verifier, grantType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError(error));
    expect(await tokensOfCode(code)).toEqual([]);
  });
});

describe('malformed bodies', () => {
  it.each(['/api/auth/authorize', '/api/auth/token'])(
    'answers broken JSON on %s with a 400 OAuth error',
    async (url) => {
      for (const payload of ['{"email":', 'not json', '[1,2', '']) {
        const res = await post(url, payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual(oauthError('invalid_request'));
      }
    },
  );

  it('answers broken JSON on other routes with a 400 API error', async () => {
    // A public route: one that needs a session answers 401 before it reads the body.
    const res = await post('/api/site/contact', '{"oops"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'Request body is not valid JSON.',
    });
  });

  it('refuses wrong types with 400 and only error and error_description', async () => {
    const { challenge, verifier } = pkcePair();
    const good = {
      email,
      password: 'whatever-password',
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      redirectUri: ctx.config.redirectUri,
    };
    for (const body of [
      { ...good, email: 12345 },
      { ...good, password: ['a'] },
      { ...good, remember: 'yes' },
      { ...good, codeChallenge: null },
      { ...good, email: undefined },
      [good],
      'a string',
      42,
    ]) {
      const res = await post('/api/auth/authorize', JSON.stringify(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(oauthError('invalid_request'));
    }
    const token = await post(
      '/api/auth/token',
      JSON.stringify({ grant_type: 'authorization_code', code: 7, code_verifier: verifier }),
    );
    expect(token.statusCode).toBe(400);
    expect(token.json()).toEqual(oauthError('invalid_request'));
  });

  it('refuses a body in an unsupported media type', async () => {
    const res = await post('/api/auth/authorize', '<xml/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(oauthError('unsupported_media_type'));
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post('/api/auth/authorize', JSON.stringify({ email: 'x'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(oauthError('payload_too_large'));
  });
});

describe('token lifetimes', () => {
  it('gives a 12-hour token without remember', async () => {
    const user = await createTestUser(ctx.db);
    const { verifier, challenge } = pkcePair();
    const auth = await authorize(ctx, { email: user.email, challenge, remember: false });
    const res = await exchange(ctx, { code: auth.json().code, verifier });
    expect(res.json().expires_in).toBe(43200);
    const token = res.json().access_token as string;

    ctx.clock.advance(12 * HOUR - 1000);
    expect(await tokenIsLive(ctx, token)).toBe(true);
    ctx.clock.advance(2000);
    expect(await tokenIsLive(ctx, token)).toBe(false);
    expect((await validate(ctx, token)).json()).toEqual({ valid: false });
  });

  it('gives a 30-day token with remember', async () => {
    const user = await createTestUser(ctx.db);
    const { verifier, challenge } = pkcePair();
    const auth = await authorize(ctx, { email: user.email, challenge, remember: true });
    const res = await exchange(ctx, { code: auth.json().code, verifier });
    expect(res.json().expires_in).toBe(2592000);
    const token = res.json().access_token as string;

    ctx.clock.advance(12 * HOUR + 1000);
    expect(await tokenIsLive(ctx, token)).toBe(true);
    ctx.clock.advance(30 * DAY - 12 * HOUR - 2000);
    expect(await tokenIsLive(ctx, token)).toBe(true);
    ctx.clock.advance(2000);
    expect(await tokenIsLive(ctx, token)).toBe(false);
  });
});

describe('what OAuth client libraries rely on', () => {
  it('serves RFC 8414 metadata at the well-known address, naming S256 and the grant', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const base = ctx.config.publicUrl;
    expect(res.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/api/auth/authorize`,
      token_endpoint: `${base}/api/auth/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('answers unsupported_grant_type to a form-encoded refresh_token request', async () => {
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' });
    const res = await post('/api/auth/token', form.toString(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(oauthError('unsupported_grant_type'));
  });

  it('answers invalid_request to a token request without a grant type', async () => {
    const res = await post('/api/auth/token', JSON.stringify({ code: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(oauthError('invalid_request'));
  });

  it('names a dead bearer token invalid_token in WWW-Authenticate (RFC 6750)', async () => {
    const profile = (authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: authorization ? { authorization } : {},
      });
    const unknown = await profile('Bearer not-a-token-the-portal-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);

    const { code, verifier } = await issueCode(ctx, { email });
    const token = (await exchange(ctx, { code, verifier })).json().access_token as string;
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    const revoked = await profile(`Bearer ${token}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);

    // No token at all: the bare challenge, without an error code (RFC 6750 3.1).
    expect((await profile()).headers['www-authenticate']).toBe('Bearer');
  });
});
