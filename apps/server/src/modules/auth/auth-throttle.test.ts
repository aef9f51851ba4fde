import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../../test/app.js';
import { authorize, type AuthorizeOptions, issueCode } from '../../test/auth.js';

const WRONG = 'definitely not it';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function newEmail(c: TestContext = ctx) {
  return (await createTestUser(c.db)).email;
}

/** Sequential wrong-password attempts; each must be an ordinary 401. */
async function fail(c: TestContext, times: number, opts: (i: number) => AuthorizeOptions) {
  for (let i = 0; i < times; i++) {
    const res = await authorize(c, { password: WRONG, ...opts(i) });
    expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(401);
  }
}

function expectThrottled(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    error: 'too_many_attempts',
    error_description: expect.stringMatching(
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
    ),
  });
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  return seconds;
}

describe('per account and address', () => {
  it('blocks the sixth attempt after five failures, even with the right password', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.10';
    await fail(ctx, 5, () => ({ email, remoteAddress }));
    const retryAfter = expectThrottled(await authorize(ctx, { email, remoteAddress }));

    // The member at their own address is not locked out.
    const elsewhere = await authorize(ctx, { email, remoteAddress: '198.51.100.11' });
    expect(elsewhere.statusCode).toBe(200);

    ctx.clock.advance(retryAfter * 1000 - 1000);
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
    ctx.clock.advance(1000);
    expect((await authorize(ctx, { email, remoteAddress })).statusCode).toBe(200);
  });

  it('lets the block end once the 15-minute window has passed', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.12';
    await fail(ctx, 5, () => ({ email, remoteAddress }));
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await authorize(ctx, { email, remoteAddress })).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.13';
    await fail(ctx, 4, () => ({ email, remoteAddress }));
    expect((await authorize(ctx, { email, remoteAddress })).statusCode).toBe(200);
    await fail(ctx, 4, () => ({ email, remoteAddress }));
    expect((await authorize(ctx, { email, remoteAddress })).statusCode).toBe(200);
    await fail(ctx, 5, () => ({ email, remoteAddress }));
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
  });

  it('counts the email without regard to case or spaces', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.14';
    const spellings = [email, email.toUpperCase(), ` ${email}`, `${email} `, email];
    await fail(ctx, 5, (i) => ({ email: spellings[i]!, remoteAddress }));
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
  });

  it('holds under a parallel burst of guesses', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.15';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => authorize(ctx, { email, password: WRONG, remoteAddress })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
  });
});

describe('per address', () => {
  it('blocks an address after 30 failures across accounts', async () => {
    const remoteAddress = '198.51.100.20';
    await fail(ctx, 29, (i) => ({ email: `nobody${i}@example.org`, remoteAddress }));
    // One short of the limit, a real sign-in still works; success does not clear this count.
    expect((await authorize(ctx, { email: await newEmail(), remoteAddress })).statusCode).toBe(200);
    await fail(ctx, 1, () => ({ email: 'nobody-last@example.org', remoteAddress }));

    const email = await newEmail();
    expectThrottled(await authorize(ctx, { email, remoteAddress }));
    expect((await authorize(ctx, { email, remoteAddress: '198.51.100.21' })).statusCode).toBe(200);
  });

  it('buys nothing with a forged X-Forwarded-For when no proxy is trusted', async () => {
    const email = await newEmail();
    const remoteAddress = '198.51.100.22';
    await fail(ctx, 5, (i) => ({
      email,
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    }));
    expectThrottled(
      await authorize(ctx, {
        email,
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.99' },
      }),
    );
  });
});

describe('per account', () => {
  it('blocks an account after 50 failures from many addresses', async () => {
    const email = await newEmail();
    await fail(ctx, 50, (i) => ({ email, remoteAddress: `192.0.2.${i + 1}` }));
    expectThrottled(await authorize(ctx, { email, remoteAddress: '192.0.2.200' }));
    expect(
      (await authorize(ctx, { email: await newEmail(), remoteAddress: '192.0.2.200' })).statusCode,
    ).toBe(200);
  });
});

describe('the owner’s own browser', () => {
  /** Signs in through the whole flow from a browser; answers its device cookie. */
  async function signInFrom(email: string, cookie?: string): Promise<string> {
    const { code, verifier } = await issueCode(ctx, {
      email,
      remoteAddress: '198.51.100.60',
      ...(cookie ? { headers: { cookie } } : {}),
    });
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...(cookie ? { headers: { cookie } } : {}),
      payload: {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: ctx.config.redirectUri,
      },
    });
    expect(token.statusCode, token.body).toBe(200);
    const set = String(token.headers['set-cookie']);
    expect(set).toMatch(
      /^chamber_device=[\w-]{43}; Path=\/api\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    );
    return set.split(';')[0]!;
  }

  it('keeps a budget of its own when strangers fill the account’s', async () => {
    const email = await newEmail();
    const device = await signInFrom(email);
    // 50 wrong passwords from 50 addresses: the account is closed to browsers it does not know.
    await fail(ctx, 50, (i) => ({ email, remoteAddress: `192.0.2.${i + 1}` }));
    expectThrottled(await authorize(ctx, { email, remoteAddress: '192.0.2.201' }));
    // A made-up cookie is a stranger too.
    const forged = `chamber_device=${'A'.repeat(43)}`;
    expectThrottled(
      await authorize(ctx, { email, remoteAddress: '192.0.2.202', headers: { cookie: forged } }),
    );
    // The owner's browser signs in, from any address; signing in again keeps its cookie.
    const own = { email, remoteAddress: '192.0.2.1', headers: { cookie: device } };
    expect((await authorize(ctx, own)).statusCode).toBe(200);
    expect(await signInFrom(email, device)).toBe(device);

    // Its own budget is tight: 5 wrong passwords, then it waits like anyone.
    await fail(ctx, 5, () => own);
    expectThrottled(await authorize(ctx, own));
  });

  it('is known for the accounts it signed in to only', async () => {
    const mine = await newEmail();
    const device = await signInFrom(mine);
    const theirs = await newEmail();
    await fail(ctx, 50, (i) => ({ email: theirs, remoteAddress: `192.0.2.${i + 100}` }));
    expectThrottled(
      await authorize(ctx, {
        email: theirs,
        remoteAddress: '192.0.2.203',
        headers: { cookie: device },
      }),
    );
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => proxied.close());

  const via = (client: string) => ({
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
  });

  it('counts each forwarded client address separately', async () => {
    const email = await newEmail(proxied);
    await fail(proxied, 5, () => ({ email, ...via('203.0.113.7') }));
    expectThrottled(await authorize(proxied, { email, ...via('203.0.113.7') }));
    expect((await authorize(proxied, { email, ...via('203.0.113.8') })).statusCode).toBe(200);
    // Nor is the proxy's own address blocked.
    expect((await authorize(proxied, { email, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('takes the address the proxy saw, not one the client prepended', async () => {
    const email = await newEmail(proxied);
    await fail(proxied, 5, (i) => ({ email, ...via(`10.9.9.${i}, 203.0.113.30`) }));
    expectThrottled(await authorize(proxied, { email, ...via('203.0.113.30') }));
  });

  it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
    const email = await newEmail(proxied);
    const remoteAddress = '198.51.100.40';
    await fail(proxied, 5, (i) => ({
      email,
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.${i + 50}` },
    }));
    expectThrottled(
      await authorize(proxied, {
        email,
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.99' },
      }),
    );
  });
});
