import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMailingApp,
  createTestUser,
  PASSWORD,
  pkcePair,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { authorize, exchange } from '../../test/auth.js';
import { bearer } from '../../test/members.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';
import { createMailer } from '../../lib/mail/mailer.js';
import { chamberMail } from '../chamber/index.js';
import { AccountService } from './accounts.js';
import { SECOND_STEP_FAILURES_LIMIT } from './two-factor.js';

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;
let adminEmail: string;
let ipCounter = 0;
/** Every attempt from another address, as a guesser rotating addresses sends them. */
const freshIp = () => `203.0.113.${++ipCounter % 250}`;

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp());
  const admin = await createTestUser(ctx.db, { role: 'admin', status: 'active' });
  adminEmail = admin.email;
});
afterAll(() => close());

const epoch = () => Math.floor(ctx.clock.now().getTime() / 1000);
const appCode = (secret: string) => generate({ secret, epoch: epoch() });
/** A six-digit code that is not the one the app shows now. */
const wrongCode = async (secret: string) => {
  const right = await appCode(secret);
  return right === '123456' ? '654321' : '123456';
};

const post = (url: string, payload: object | undefined, token?: string, ip?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** An active member with two-factor sign-in on; its secret and recovery codes. */
async function memberWithTwoFactor() {
  const user = await createTestUser(ctx.db, { status: 'active' });
  const token = await signIn(ctx, user.email);
  const setup = await post('/api/auth/two-factor/setup', undefined, token);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await post(
    '/api/auth/two-factor/confirm',
    { code: await appCode(secret) },
    token,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  ctx.clock.advance(30_000);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { user, token, secret, recoveryCodes };
}

/** The password, right, from a new address: the challenge of the second step. */
async function challenge(email: string, password = PASSWORD) {
  const { verifier, challenge: codeChallenge } = pkcePair();
  const res = await authorize(ctx, {
    email,
    password,
    challenge: codeChallenge,
    remoteAddress: freshIp(),
  });
  return { res, verifier };
}

const answer = (challengeId: string, code: string) =>
  post('/api/auth/mfa', { challengeId, code }, undefined, freshIp());

/** `times` wrong codes, four to a challenge, each from another address; the last answer. */
async function guess(email: string, secret: string, times: number) {
  let last: Awaited<ReturnType<typeof answer>> | undefined;
  let challengeId = '';
  for (let i = 0; i < times; i += 1) {
    if (i % 4 === 0) {
      // A new throttle window each round, as a patient guesser waits for one.
      ctx.clock.advance(15 * 60_000);
      const { res } = await challenge(email);
      expect(res.statusCode, res.body).toBe(200);
      challengeId = res.json<{ challengeId: string }>().challengeId;
    }
    last = await answer(challengeId, await wrongCode(secret));
    if (i < times - 1) expect(last.statusCode, `guess ${i + 1}: ${last.body}`).toBe(401);
  }
  return last!;
}

async function fullSignIn(email: string, code: () => Promise<string>, password = PASSWORD) {
  const { res, verifier } = await challenge(email, password);
  expect(res.statusCode, res.body).toBe(200);
  const done = await answer(res.json<{ challengeId: string }>().challengeId, await code());
  expect(done.statusCode, done.body).toBe(200);
  const token = await exchange(ctx, { code: done.json<{ code: string }>().code, verifier });
  expect(token.statusCode).toBe(200);
}

const stopped = /^Signing in to this account is stopped after too many wrong codes\./;

describe('wrong second-step codes, counted per account across windows', () => {
  it(`stop the second step at the ${SECOND_STEP_FAILURES_LIMIT}th, mail the owner, and hold until a password reset`, async () => {
    const { user, secret } = await memberWithTwoFactor();
    const last = await guess(user.email, secret, SECOND_STEP_FAILURES_LIMIT);
    expect(last.statusCode).toBe(403);
    expect(last.json()).toEqual({
      error: 'access_denied',
      error_description: expect.stringMatching(stopped),
    });
    const mail = await smtp.mailTo(user.email, /was stopped$/);
    expect(mail.text).toContain(`${SECOND_STEP_FAILURES_LIMIT} wrong two-factor codes in a row`);

    // A day later, the right password from a new address still gets no second step, and a
    // right code on a challenge opened before the stop is refused too.
    ctx.clock.advance(24 * 3600_000);
    const { res } = await challenge(user.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_description).toMatch(stopped);

    // A password reset (the reset link's, the command line's) starts the count afresh.
    const mailer = createMailer(ctx.config);
    const accounts = new AccountService(ctx.db, ctx.clock, chamberMail(ctx.db, ctx.config, mailer));
    await accounts.setPassword({ userId: user.id }, 'a brand new password');
    await mailer.close();
    await fullSignIn(user.email, () => appCode(secret), 'a brand new password');
  });

  it('stop until an admin resets two-factor sign-in, which mails the owner', async () => {
    const { user, secret } = await memberWithTwoFactor();
    expect((await guess(user.email, secret, SECOND_STEP_FAILURES_LIMIT)).statusCode).toBe(403);
    const reset = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/two-factor`,
      // Signed in now: the tests move the clock on by days.
      headers: bearer(await signIn(ctx, adminEmail)),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await smtp.mailTo(user.email, /Two-factor sign-in is off/);
    expect(mail.text).toContain('Chamber staff turned two-factor sign-in off');
    expect((await signIn(ctx, user.email)).length).toBeGreaterThan(10);
  });

  it('start afresh after a right code', async () => {
    const { user, secret } = await memberWithTwoFactor();
    expect((await guess(user.email, secret, SECOND_STEP_FAILURES_LIMIT - 1)).statusCode).toBe(401);
    ctx.clock.advance(30_000);
    await fullSignIn(user.email, () => appCode(secret));
    expect((await guess(user.email, secret, SECOND_STEP_FAILURES_LIMIT - 1)).statusCode).toBe(401);
  });
});

describe('the owner is told', () => {
  it('when two-factor sign-in is turned on, used with a recovery code, and turned off', async () => {
    const { user, token, recoveryCodes } = await memberWithTwoFactor();
    expect((await smtp.mailTo(user.email, /Two-factor sign-in is on/)).text).toContain(
      'was turned on',
    );

    await fullSignIn(user.email, async () => recoveryCodes[0]!);
    const used = await smtp.mailTo(user.email, /A recovery code was used/);
    expect(used.text).toContain(`${recoveryCodes.length - 1} are left`);

    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await smtp.mailTo(user.email, /Two-factor sign-in is off/)).text).toContain(
      'was turned off',
    );
  });
});

describe('the mail of a second factor', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  it('is queued with the change it tells of, and sent from the outbox alone', async () => {
    const { user, token } = await memberWithTwoFactor();
    await outbox.mailedFromTheOutboxOnly(
      'two-factor',
      { subject: /Two-factor sign-in is off/, to: user.email },
      async () => {
        const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
        expect(off.statusCode, off.body).toBe(200);
      },
    );
  });

  it('queues nothing, and changes nothing, when the change rolls back', async () => {
    const { user, token } = await memberWithTwoFactor();
    await ctx.app.flushMail();
    await outbox.refuseAtCommit('two-factor');
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, token);
    expect(off.statusCode).toBe(500);
    await outbox.undo();
    // Still on: signing in asks for the second step.
    expect((await authorize(ctx, { email: user.email })).json()).toMatchObject({
      status: 'mfa_required',
    });
  });
});
