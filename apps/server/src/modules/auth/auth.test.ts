import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { accessTokens, authCodes, users } from '@chamber/db';
import { sha256Hex } from '../../lib/crypto.js';
import {
  cachedHash,
  createTestApp,
  createTestUser,
  pkcePair,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { authorize, exchange, logout, profile, tokenIsLive, validate } from '../../test/auth.js';
import { argon2 } from './password.js';
import { s256Challenge } from './pkce.js';

const HOUR = 3600_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('PKCE sign-in round trip', () => {
  it('issues a code, exchanges it for a bearer token and serves the profile', async () => {
    const user = await createTestUser(ctx.db, {
      role: 'moderator',
      firstName: 'Avery',
      lastName: 'Quinn',
      email: 'avery.quinn@example.org',
      contact: { businessName: 'Quinn Hardware', membershipTier: 'elite' },
    });
    const { verifier, challenge } = pkcePair();
    const start = ctx.clock.now().getTime();

    const auth = await authorize(ctx, { email: user.email, challenge });
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['cache-control']).toBe('no-store');
    const { code } = auth.json<{ code: string }>();
    expect(Object.keys(auth.json())).toEqual(['code']);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the code is stored, with the challenge and a 60 s life.
    const [codeRow] = await ctx.db.select().from(authCodes).where(eq(authCodes.userId, user.id));
    expect(codeRow).toMatchObject({
      codeHash: sha256Hex(code),
      codeChallenge: challenge,
      redirectUri: ctx.config.redirectUri,
      remember: false,
      usedAt: null,
      expiresAt: new Date(start + 60_000),
    });

    const token = await exchange(ctx, { code, verifier });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.headers.pragma).toBe('no-cache');
    const body = token.json<{ access_token: string }>();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 43200,
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const tokenRows = await ctx.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, user.id));
    expect(tokenRows).toEqual([
      expect.objectContaining({
        tokenHash: sha256Hex(body.access_token),
        authCodeId: codeRow!.id,
        expiresAt: new Date(start + 12 * HOUR),
        revokedAt: null,
      }),
    ]);
    const [spent] = await ctx.db.select().from(authCodes).where(eq(authCodes.id, codeRow!.id));
    expect(spent!.usedAt).toEqual(new Date(start));

    const me = await profile(ctx, body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.json()).toEqual({
      id: user.id,
      role: 'moderator',
      status: 'active',
      firstName: 'Avery',
      lastName: 'Quinn',
      name: 'Avery Quinn',
      email: 'avery.quinn@example.org',
      phone: null,
      contactId: user.contactId,
      businessName: 'Quinn Hardware',
      membershipTier: 'elite',
      paymentStatus: 'paid',
      createdAt: user.createdAt.toISOString(),
      // An active moderator may put events on the calendar.
      canCreateEvents: true,
      createEventsRefusal: null,
    });
    expect(user.contactId).toEqual(expect.any(String));

    const valid = await validate(ctx, body.access_token);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      valid: true,
      expiresAt: new Date(start + 12 * HOUR).toISOString(),
    });
  });

  it('matches the email without regard to case or surrounding spaces', async () => {
    const user = await createTestUser(ctx.db, { email: 'casey.lane@example.org' });
    const token = await signIn(ctx, '  Casey.LANE@Example.org ');
    expect((await profile(ctx, token)).json()).toMatchObject({ id: user.id });
  });

  it('lets a pending user sign in', async () => {
    const user = await createTestUser(ctx.db, { status: 'pending' });
    const token = await signIn(ctx, user.email);
    expect((await profile(ctx, token)).json()).toMatchObject({ id: user.id, status: 'pending' });
  });
});

describe('RFC 7636 Appendix B', () => {
  const octets = [
    116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77,
    105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
  ];
  const verifier = Buffer.from(octets).toString('base64url');
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('derives the S256 challenge of the appendix', () => {
    // The appendix's octets encode to this; the string sometimes quoted for it
    // ('dBjftJeZ4CVP-mJ92K9nc0h1mkhfMQZkHdSJOEL09so') is a different verifier.
    expect(verifier).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(s256Challenge(verifier)).toBe(challenge);
    expect(s256Challenge('dBjftJeZ4CVP-mJ92K9nc0h1mkhfMQZkHdSJOEL09so')).not.toBe(challenge);
  });

  it('signs in with the appendix pair through the API', async () => {
    const user = await createTestUser(ctx.db);
    const auth = await authorize(ctx, { email: user.email, challenge });
    expect(auth.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(authCodes).where(eq(authCodes.userId, user.id));
    expect(row!.codeChallenge).toBe(challenge);
    const token = await exchange(ctx, { code: auth.json().code, verifier });
    expect(token.statusCode).toBe(200);
    expect(await tokenIsLive(ctx, token.json().access_token)).toBe(true);
  });
});

describe('credential checks', () => {
  it('answers an unknown email exactly as a wrong password, after checking a hash', async () => {
    const user = await createTestUser(ctx.db);
    // A pass-through spy: it shows which hash each check used.
    const spy = vi.spyOn(argon2, 'verify');
    onTestFinished(() => spy.mockRestore());

    const wrong = await authorize(ctx, { email: user.email, password: 'not the password' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toBe(user.passwordHash);

    spy.mockClear();
    const unknown = await authorize(ctx, { email: 'nobody-here@example.org' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);

    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(wrong.json()).toEqual({
      error: 'access_denied',
      error_description: 'Invalid email or password.',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['cache-control']).toBe(wrong.headers['cache-control']);
    expect(await ctx.db.select().from(authCodes).where(eq(authCodes.userId, user.id))).toEqual([]);
  });

  it('accepts passwords of 8 and of 128 characters', async () => {
    for (const password of ['8chars!!', 'p'.repeat(64) + 'Q'.repeat(64)]) {
      expect([8, 128]).toContain(password.length);
      const user = await createTestUser(ctx.db);
      await ctx.db
        .update(users)
        .set({ passwordHash: await cachedHash(password) })
        .where(eq(users.id, user.id));
      const token = await signIn(ctx, user.email, password);
      expect(await tokenIsLive(ctx, token)).toBe(true);
    }
  });

  it('never truncates a long password to 72 bytes', async () => {
    const password = 'abcdefghij'.repeat(10);
    const user = await createTestUser(ctx.db);
    await ctx.db
      .update(users)
      .set({ passwordHash: await cachedHash(password) })
      .where(eq(users.id, user.id));
    const truncated = await authorize(ctx, { email: user.email, password: password.slice(0, 72) });
    expect(truncated.statusCode).toBe(401);
    const almost = await authorize(ctx, { email: user.email, password: password.slice(0, 99) });
    expect(almost.statusCode).toBe(401);
    expect(await tokenIsLive(ctx, await signIn(ctx, user.email, password))).toBe(true);
  });
});

describe('suspension', () => {
  it('refuses a suspended user and kills their live token at once', async () => {
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    expect(await tokenIsLive(ctx, token)).toBe(true);

    await ctx.db.execute(sql`update users set status = 'suspended' where id = ${user.id}`);

    const me = await profile(ctx, token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: 'unauthorized' });
    expect((await validate(ctx, token)).json()).toEqual({ valid: false });

    const auth = await authorize(ctx, { email: user.email });
    expect(auth.statusCode).toBe(403);
    expect(auth.json()).toEqual({ error: 'access_denied', error_description: expect.any(String) });
    const codes = await ctx.db.select().from(authCodes).where(eq(authCodes.userId, user.id));
    expect(codes).toHaveLength(1); // only the one issued before suspension
  });

  it('does not reveal suspension to someone without the password', async () => {
    const user = await createTestUser(ctx.db, { status: 'suspended' });
    const res = await authorize(ctx, { email: user.email, password: 'wrong password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'access_denied',
      error_description: 'Invalid email or password.',
    });
  });
});

describe('logout', () => {
  it('revokes only the token it is called with', async () => {
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const other = await signIn(ctx, user.email);

    const res = await logout(ctx, token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const me = await profile(ctx, token);
    expect(me.statusCode).toBe(401);
    expect((await validate(ctx, token)).json()).toEqual({ valid: false });
    const [row] = await ctx.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256Hex(token)));
    expect(row!.revokedAt).toEqual(ctx.clock.now());

    expect(await tokenIsLive(ctx, other)).toBe(true);
    expect((await logout(ctx, token)).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const res = await logout(ctx);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
  });
});

describe('bearer tokens', () => {
  it('answers the profile without a token with 401 JSON', async () => {
    const res = await profile(ctx);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
    expect((await validate(ctx)).json()).toEqual({ valid: false });
  });

  it('refuses garbage, other schemes and a token with extra characters', async () => {
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    for (const authorization of [
      'Bearer garbage',
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Basic ${token}`,
      token,
    ]) {
      const res = await ctx.app.inject({ url: '/api/auth/profile', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
      const v = await ctx.app.inject({ url: '/api/auth/validate', headers: { authorization } });
      expect(v.json()).toEqual({ valid: false });
    }
    // 'Bearer' without a token is no credentials at all: 400 (oauth-errors.test.ts).
    expect(await tokenIsLive(ctx, token)).toBe(true);
  });
});
