import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaChallenges, recoveryCodes } from '@chamber/db';
import { deleteExpiredRows } from '../../background/delete-expired-rows.js';
import {
  createTestApp,
  createTestUser,
  PASSWORD,
  pkcePair,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { authorize, exchange, tokenIsLive } from '../../test/auth.js';
import { bearer } from '../../test/members.js';

let ctx: TestContext;
let adminToken: string;
let ipCounter = 0;
/** A client address of its own per test, so throttling windows of one test spare the next. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestUser(ctx.db, { role: 'admin', status: 'active' });
  adminToken = await signIn(ctx, admin.email);
});
afterAll(async () => {
  await ctx.close();
});

const epoch = () => Math.floor(ctx.clock.now().getTime() / 1000);
/** What the authenticator app shows now, by the portal's clock. */
const appCode = (secret: string) => generate({ secret, epoch: epoch() });

const post = (url: string, payload: object | undefined, token?: string, ip?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** Turns two-factor on from /profile; returns the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = await post('/api/auth/two-factor/setup', undefined, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await post(
    '/api/auth/two-factor/confirm',
    { code: await appCode(secret) },
    token,
  );
  expect(confirmed.statusCode).toBe(200);
  // The next code is a new time step: the one just used is spent.
  ctx.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Authorize with the password; returns the PKCE verifier and the answer. */
async function startSignIn(email: string, ip = freshIp()) {
  const { verifier, challenge } = pkcePair();
  const res = await authorize(ctx, { email, challenge, remoteAddress: ip });
  return { verifier, res, ip };
}

const secondStep = (challengeId: string, code: string, ip = freshIp()) =>
  post('/api/auth/mfa', { challengeId, code }, undefined, ip);

/** The whole sign-in with a code: password, second step, exchange; returns the token. */
async function signInWithCode(email: string, code: () => Promise<string> | string) {
  const { verifier, res, ip } = await startSignIn(email);
  expect(res.statusCode).toBe(200);
  const { challengeId } = res.json<{ challengeId: string }>();
  const done = await secondStep(challengeId, await code(), ip);
  expect(done.statusCode, done.body).toBe(200);
  const token = await exchange(ctx, { code: done.json<{ code: string }>().code, verifier });
  expect(token.statusCode).toBe(200);
  return token.json<{ access_token: string }>().access_token;
}

async function lastAudit(targetId: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}

describe('turning two-factor sign-in on from the profile', () => {
  it('shows a secret and its QR code, takes the first code, and answers ten recovery codes once', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const token = await signIn(ctx, user.email);
    const off = await ctx.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) });
    expect(off.json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await post('/api/auth/two-factor/setup', undefined, token);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toContain('no-store');
    const { secret, otpauthUrl, qrCode } = setup.json<{
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauthUrl)).toContain(user.email);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // A wrong code changes nothing; the right one turns it on.
    const wrong = await post('/api/auth/two-factor/confirm', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('That code is not right');
    const right = await post(
      '/api/auth/two-factor/confirm',
      { code: await appCode(secret) },
      token,
    );
    expect(right.statusCode).toBe(200);
    const codes = right.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    // Stored hashed: no row holds a code as it was shown.
    const stored = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    const on = await ctx.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) });
    expect(on.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'twoFactor.enable',
      actorId: user.id,
    });
    // Shown once: a second setup is refused rather than showing a new secret.
    expect((await post('/api/auth/two-factor/setup', undefined, token)).statusCode).toBe(409);
  });

  it('refuses malformed codes with a clear 400, never a 500', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const token = await signIn(ctx, user.email);
    await post('/api/auth/two-factor/setup', undefined, token);
    for (const code of ['12345', '1234567', 'abcdef', 'x'.repeat(1000), '12\u000034']) {
      const res = await post('/api/auth/two-factor/confirm', { code }, token);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('signing in with two-factor on', () => {
  it('answers mfa_required instead of a code, and a code from the app completes the sign-in', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const { secret } = await enrol(await signIn(ctx, user.email));

    const { verifier, res, ip } = await startSignIn(user.email);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      status: 'mfa_required',
      challengeId: expect.any(String),
      expiresIn: 300,
      enrol: false,
    });
    expect(answer.code).toBeUndefined();

    const wrong = await secondStep(answer.challengeId, '000000', ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error_description).toBe('That code is not right. Please try again.');

    const code = await appCode(secret);
    const done = await secondStep(answer.challengeId, code, ip);
    expect(done.statusCode).toBe(200);
    const token = await exchange(ctx, { code: done.json().code, verifier });
    expect(token.statusCode).toBe(200);
    expect(await tokenIsLive(ctx, token.json().access_token)).toBe(true);

    // The challenge is spent, and the same code (overheard, say) is no good for a new one.
    expect((await secondStep(answer.challengeId, code, ip)).statusCode).toBe(400);
    const again = await startSignIn(user.email);
    expect((await secondStep(again.res.json().challengeId, code, again.ip)).statusCode).toBe(401);
  });

  it('takes a recovery code once, and burns it', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const { recoveryCodes: codes } = await enrol(await signIn(ctx, user.email));
    // Typed in capitals and without the dashes, it is still the code.
    const typed = codes[3]!.toUpperCase().replaceAll('-', '');
    const token = await signInWithCode(user.email, () => typed);
    const status = await ctx.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) });
    expect(status.json().recoveryCodesLeft).toBe(9);
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'twoFactor.recoveryCodeUsed',
      after: { recoveryCodesLeft: 9 },
    });

    const { res, ip } = await startSignIn(user.email);
    const reused = await secondStep(res.json().challengeId, codes[3]!, ip);
    expect(reused.statusCode).toBe(401);
    // Another account's recovery code opens nothing either.
    const other = await createTestUser(ctx.db, { status: 'active' });
    const { recoveryCodes: theirs } = await enrol(await signIn(ctx, other.email));
    expect((await secondStep(res.json().challengeId, theirs[0]!, ip)).statusCode).toBe(401);
  });

  it('lets a challenge live five minutes and take five wrong codes', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const { secret } = await enrol(await signIn(ctx, user.email));

    const late = await startSignIn(user.email);
    ctx.clock.advance(5 * 60_000);
    const expired = await secondStep(late.res.json().challengeId, await appCode(secret), late.ip);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('invalid_grant');

    // Five wrong codes from five addresses: the challenge is dead even for the right code.
    const guessed = await startSignIn(user.email);
    const id = guessed.res.json().challengeId;
    for (let i = 0; i < 5; i += 1) expect((await secondStep(id, '000000')).statusCode).toBe(401);
    expect((await secondStep(id, await appCode(secret))).statusCode).toBe(400);

    for (const challengeId of ['unknown', 'x'.repeat(128)]) {
      expect((await secondStep(challengeId, '123456')).statusCode).toBe(400);
    }
    expect((await secondStep(id, 'x'.repeat(1000))).statusCode).toBe(400);
    expect((await secondStep(id, '12\u00003456')).statusCode).toBe(400);
  });

  it('throttles wrong codes from one address as it throttles wrong passwords', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const { secret } = await enrol(await signIn(ctx, user.email));
    const ip = freshIp();
    // Fresh challenges, so the per-challenge limit is not what stops the guesser.
    for (let i = 0; i < 5; i += 1) {
      const { res } = await startSignIn(user.email, ip);
      expect((await secondStep(res.json().challengeId, '000000', ip)).statusCode).toBe(401);
    }
    const { res } = await startSignIn(user.email, ip);
    const blocked = await secondStep(res.json().challengeId, await appCode(secret), ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error_description).toMatch(
      /Too many attempts. Please try again in \d+ minutes?\./,
    );
    // The owner from another address is not locked out by it.
    expect(await tokenIsLive(ctx, await signInWithCode(user.email, () => appCode(secret)))).toBe(
      true,
    );
  });

  it('leaves accounts without two-factor signing in with the password alone', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const res = await authorize(ctx, { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['code']);
  });
});

describe('turning it off, and new recovery codes', () => {
  it('asks for the password, then turns it off', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const token = await signIn(ctx, user.email);
    const { recoveryCodes: old } = await enrol(token);

    const wrong = await post('/api/auth/two-factor/recovery-codes', { password: 'nope' }, token);
    expect(wrong.statusCode).toBe(400);
    const fresh = await post('/api/auth/two-factor/recovery-codes', { password: PASSWORD }, token);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    // The old codes stopped working.
    const { res, ip } = await startSignIn(user.email);
    expect((await secondStep(res.json().challengeId, old[0]!, ip)).statusCode).toBe(401);

    expect(
      (await post('/api/auth/two-factor/disable', { password: 'nope' }, token)).statusCode,
    ).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect(await lastAudit(user.id)).toMatchObject({ action: 'twoFactor.disable' });
    expect(Object.keys((await authorize(ctx, { email: user.email })).json())).toEqual(['code']);
    expect(
      (await post('/api/auth/two-factor/disable', { password: PASSWORD }, token)).statusCode,
    ).toBe(409);
  });
});

describe('required for admins and moderators', () => {
  const setRequired = (requireStaffTwoFactor: boolean, token = adminToken) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: bearer(token),
      payload: { requireStaffTwoFactor },
    });

  it('leads a moderator without it to enrol at sign-in, and keeps it on', async () => {
    const moderator = await createTestUser(ctx.db, { role: 'moderator', status: 'active' });
    const member = await createTestUser(ctx.db, { status: 'active' });
    const before = await ctx.app.inject({
      url: '/api/admin/security-settings',
      headers: bearer(adminToken),
    });
    expect(before.json()).toEqual({ requireStaffTwoFactor: false });
    expect((await setRequired(true)).json()).toEqual({ requireStaffTwoFactor: true });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.security'))
      .limit(1);
    expect(entry).toMatchObject({
      before: { requireStaffTwoFactor: false },
      after: { requireStaffTwoFactor: true },
    });

    try {
      // A member signs in as before.
      expect(Object.keys((await authorize(ctx, { email: member.email })).json())).toEqual(['code']);

      const { verifier, res, ip } = await startSignIn(moderator.email);
      expect(res.json()).toMatchObject({ status: 'mfa_required', enrol: true });
      const { challengeId } = res.json<{ challengeId: string }>();
      // No code can finish it before a secret is set up.
      expect((await secondStep(challengeId, '123456', ip)).statusCode).toBe(400);
      const setup = await post('/api/auth/mfa/enrolment', { challengeId }, undefined, ip);
      expect(setup.statusCode).toBe(200);
      const { secret, qrCode } = setup.json<{ secret: string; qrCode: string }>();
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      const done = await secondStep(challengeId, await appCode(secret), ip);
      expect(done.statusCode).toBe(200);
      expect(done.json().recoveryCodes).toHaveLength(10);
      const token = (await exchange(ctx, { code: done.json().code, verifier })).json().access_token;
      const status = await ctx.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) });
      expect(status.json()).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });

      // Required: it cannot be turned off; the next sign-in asks for a code.
      const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toContain('requires two-factor sign-in');
      ctx.clock.advance(30_000);
      const next = await startSignIn(moderator.email);
      expect(next.res.json()).toMatchObject({ status: 'mfa_required', enrol: false });
      // An enrolment cannot be asked for on a challenge that wants a code.
      const sneak = await post('/api/auth/mfa/enrolment', {
        challengeId: next.res.json().challengeId,
      });
      expect(sneak.statusCode).toBe(400);
    } finally {
      await setRequired(false);
    }
  });

  it('is an admin’s setting', async () => {
    const moderator = await createTestUser(ctx.db, { role: 'moderator', status: 'active' });
    const token = await signIn(ctx, moderator.email);
    expect((await setRequired(true, token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      payload: { requireStaffTwoFactor: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: bearer(adminToken),
      payload: { requireStaffTwoFactor: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an admin resets another account’s two-factor', () => {
  it('removes it, audited, and the next sign-in needs the password only', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    await enrol(await signIn(ctx, user.email));
    const reset = (id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${id}/two-factor`,
        headers: bearer(adminToken),
      });
    const res = await reset(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reset: true, message: 'Two-factor sign-in was reset.' });
    const entry = await lastAudit(user.id);
    expect(entry).toMatchObject({ action: 'twoFactor.reset', actorEmail: expect.any(String) });
    expect(entry?.actorId).not.toBe(user.id);
    expect(Object.keys((await authorize(ctx, { email: user.email })).json())).toEqual(['code']);
    expect(await ctx.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0);

    expect((await reset(user.id)).json()).toMatchObject({ reset: false });
    expect((await reset('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reset('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('the scheduled clean-up', () => {
  it('deletes sign-in challenges once expired, and keeps live ones', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    await enrol(await signIn(ctx, user.email));
    await startSignIn(user.email);
    const mine = () => ctx.db.$count(mfaChallenges, and(eq(mfaChallenges.userId, user.id)));
    expect(await mine()).toBe(1);
    const live = await deleteExpiredRows(ctx.db, ctx.clock.now());
    expect(await mine()).toBe(1);
    expect(live).toHaveProperty('mfa_challenges');
    ctx.clock.advance(5 * 60_000);
    const gone = await deleteExpiredRows(ctx.db, ctx.clock.now());
    expect(gone.mfa_challenges).toBeGreaterThanOrEqual(1);
    expect(await mine()).toBe(0);
  });
});
