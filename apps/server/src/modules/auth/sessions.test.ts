import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@chamber/db';
import {
  createTestApp,
  createTestUser,
  pkcePair,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { authorize, issueCode, tokenIsLive } from '../../test/auth.js';
import { bearer } from '../../test/members.js';
import { describeUserAgent } from './sessions.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in from a browser with this user agent; returns the token. */
async function signInWith(email: string, userAgent: string) {
  const { code, verifier } = await issueCode(ctx, { email });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { 'user-agent': userAgent },
    payload: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: ctx.config.redirectUri,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

const list = async (token: string) => {
  const res = await ctx.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessions: Record<string, unknown>[] }>().sessions;
};

describe('the list of signed-in devices', () => {
  it('names each browser and system, when it signed in and was last used, and this device', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const laptop = await signInWith(user.email, FIREFOX_LINUX);
    const signedInAt = ctx.clock.now().toISOString();
    ctx.clock.advance(60_000);
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    // Someone else's session is not on the list.
    const stranger = await createTestUser(ctx.db, { status: 'active' });
    await signInWith(stranger.email, FIREFOX_LINUX);

    // Used ten minutes later, the laptop moves to the top with its new last use.
    ctx.clock.advance(10 * 60_000);
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: 'Firefox 128',
      os: 'Linux',
      device: 'desktop',
      signedInAt,
      lastUsedAt: ctx.clock.now().toISOString(),
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS',
      device: 'mobile',
      current: false,
    });
    // Seen from the phone, the phone is this device.
    const fromPhone = await list(phone);
    expect(fromPhone.find((s) => s.current)?.browser).toBe('Safari 17');
  });

  it('records a use at most every five minutes', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const token = await signInWith(user.email, FIREFOX_LINUX);
    const first = ctx.clock.now().toISOString();
    ctx.clock.advance(4 * 60_000);
    expect((await list(token))[0]!.lastUsedAt).toBe(first);
    ctx.clock.advance(2 * 60_000);
    expect((await list(token))[0]!.lastUsedAt).toBe(ctx.clock.now().toISOString());
  });

  it('reads user agents it does not know as unknown, never failing', () => {
    expect(describeUserAgent(null)).toEqual({
      browser: 'Unknown browser',
      os: 'Unknown system',
      device: 'unknown',
    });
    expect(describeUserAgent('curl/8.5.0').os).toBe('Unknown system');
    expect(describeUserAgent('\u0001'.repeat(600)).browser).toBe('Unknown browser');
  });
});

describe('signing devices out', () => {
  it('signs one device out, and only a session of one’s own', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const laptop = await signInWith(user.email, FIREFOX_LINUX);
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    const phoneId = (await list(laptop)).find((s) => !s.current)!.id as string;

    const stranger = await createTestUser(ctx.db, { status: 'active' });
    const strangerToken = await signIn(ctx, stranger.email);
    const del = (id: string, token: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
    expect((await del(phoneId, strangerToken)).statusCode).toBe(404);
    expect(await tokenIsLive(ctx, phone)).toBe(true);

    expect((await del(phoneId, laptop)).statusCode).toBe(204);
    expect(await tokenIsLive(ctx, phone)).toBe(false);
    expect(await tokenIsLive(ctx, laptop)).toBe(true);
    // Twice, unknown, or not an id at all: 404 with a sentence.
    for (const id of [phoneId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await del(id, laptop);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That session has already ended.');
    }
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ action: 'sessions.end', after: { sessionsEnded: 1 } });
  });

  it('signs out everywhere else, this device staying signed in', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const here = await signInWith(user.email, FIREFOX_LINUX);
    const others = [await signInWith(user.email, SAFARI_IPHONE), await signIn(ctx, user.email)];
    // A sign-in half done elsewhere: its code must not turn into a session afterwards.
    const { verifier, challenge } = pkcePair();
    const pending = (await authorize(ctx, { email: user.email, challenge })).json().code;

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/end-others',
      headers: bearer(here),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const token of others) expect(await tokenIsLive(ctx, token)).toBe(false);
    expect(await tokenIsLive(ctx, here)).toBe(true);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: {
        grant_type: 'authorization_code',
        code: pending,
        code_verifier: verifier,
        redirect_uri: ctx.config.redirectUri,
      },
    });
    expect(late.statusCode).toBe(400);
    expect(await list(here)).toHaveLength(1);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/end-others',
      headers: bearer(here),
    });
    expect(again.json()).toEqual({ ended: 0 });
  });

  it('is for signed-in accounts only', async () => {
    expect((await ctx.app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others' });
    expect(res.statusCode).toBe(401);
  });
});
