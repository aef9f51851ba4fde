import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';
import {
  confirmCode,
  registerExisting,
  requestCode,
  sendConfirmation,
  verifyConfirmation,
  wrongCode,
} from '../../test/sign-up.js';
import { newConfirmationCode } from './sign-up.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let n = 0;
/** A roster contact on its own address, and its own client address for the throttles. */
async function claimant() {
  n += 1;
  const contact = await createContact(ctx.db, { email: `owner${n}@riverbend${n}.example` });
  return { email: contact.email!, ip: `198.18.0.${n}` };
}

const EXPIRED = 'This code has expired. Please use Resend email to get a new code.';
const LOCKED = 'Too many incorrect codes. Please use Resend email to get a new code.';
const INVALID = 'Invalid confirmation code. Please try again.';

describe('confirmation codes', () => {
  it('are six digits from a secure random source', () => {
    const codes = Array.from({ length: 2000 }, newConfirmationCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Leading zeros are kept: every first digit turns up.
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('expire after 10 minutes', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    ctx.clock.advance(10 * 60_000 - 1000);
    const wrong = await verifyConfirmation(ctx, email, wrongCode(code), ip);
    expect(wrong.json().message).toBe(INVALID);
    ctx.clock.advance(1000);
    const late = await verifyConfirmation(ctx, email, code, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(EXPIRED);
  });

  it('work within 10 minutes', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    ctx.clock.advance(9 * 60_000);
    expect((await verifyConfirmation(ctx, email, code, ip)).statusCode).toBe(200);
  });

  it('are dead after 5 wrong tries, even when the right code follows', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verifyConfirmation(ctx, email, wrongCode(code), ip);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([INVALID, INVALID, INVALID, INVALID, LOCKED]);
    const right = await verifyConfirmation(ctx, email, code, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(LOCKED);
    expect((await registerExisting(ctx, email)).statusCode).toBe(403);
  });

  it('count parallel wrong guesses one by one', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    const guesses = Array.from({ length: 8 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(guesses.map((g) => verifyConfirmation(ctx, email, g, ip)));
    const messages = results.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === INVALID)).toHaveLength(4);
    expect(messages.filter((m) => m === LOCKED)).toHaveLength(4);
    expect((await verifyConfirmation(ctx, email, code, ip)).json().message).toBe(LOCKED);
  });

  it('work once: a used code cannot register a second time', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    const claimToken = await confirmCode(ctx, email, code, ip);
    expect((await registerExisting(ctx, email, undefined, { claimToken }, ip)).statusCode).toBe(
      201,
    );
    const reuse = await verifyConfirmation(ctx, email, code, ip);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(EXPIRED);
  });

  it('are replaced by a resend, with a fresh count of tries', async () => {
    const { email, ip } = await claimant();
    const first = await requestCode(ctx, email, ip);
    for (let i = 0; i < 5; i++) await verifyConfirmation(ctx, email, wrongCode(first), ip);
    const second = await requestCode(ctx, email, ip);
    if (second !== first) {
      const old = await verifyConfirmation(ctx, email, first, ip);
      expect(old.json().message).toBe(INVALID);
    }
    expect((await verifyConfirmation(ctx, email, second, ip)).statusCode).toBe(200);
  });

  it('can be resent 3 times in 15 minutes per address, then 429 with Retry-After', async () => {
    const { email, ip } = await claimant();
    for (let i = 0; i < 3; i++) {
      expect((await sendConfirmation(ctx, email, ip)).statusCode).toBe(200);
    }
    const blocked = await sendConfirmation(ctx, email, '198.18.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({
      error: 'too_many_requests',
      message: expect.stringMatching(
        /^Too many confirmation emails were requested for this address\. Please try again in \d+ minutes?\.$/,
      ),
    });
    // The same limit holds for an address not on file: the answers do not tell them apart.
    for (let i = 0; i < 3; i++) await sendConfirmation(ctx, 'ghost@unknown.example', ip);
    expect((await sendConfirmation(ctx, 'ghost@unknown.example', ip)).statusCode).toBe(429);

    ctx.clock.advance(15 * 60_000);
    expect((await sendConfirmation(ctx, email, ip)).statusCode).toBe(200);
  });

  it('limit code checks per client address', async () => {
    const { email, ip } = await claimant();
    await requestCode(ctx, email, ip);
    const client = '198.18.2.2';
    // 30 checks on many addresses (none of which has a code), then the client is stopped.
    for (let i = 0; i < 30; i++) {
      const res = await verifyConfirmation(ctx, `spray${i}@unknown.example`, '123456', client);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await verifyConfirmation(ctx, email, '123456', client);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('must be followed by the registration within 15 minutes of being verified', async () => {
    const { email, ip } = await claimant();
    const code = await requestCode(ctx, email, ip);
    const claimToken = await confirmCode(ctx, email, code, ip);
    ctx.clock.advance(15 * 60_000 + 1000);
    const late = await registerExisting(ctx, email, undefined, { claimToken }, ip);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'This confirmation is no longer valid. Please start over and confirm your email address with a new code.',
    );
  });
});
