import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@chamber/db';
import {
  createContact,
  createMailingApp,
  createTestUser,
  PASSWORD,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { authorize, tokenIsLive } from '../../test/auth.js';
import { bearer } from '../../test/members.js';
import { outboxChecks } from '../../test/outbox.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp({ PUBLIC_URL: 'https://portal.example.org' }));
});
afterAll(() => close());

const HOUR = 3600_000;

function post(url: string, token: string | undefined, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

async function mailsTo(to: string): Promise<ParsedMail[]> {
  await ctx.app.flushMail();
  return smtp.sentTo(to);
}

async function confirmLinkFor(to: string): Promise<string> {
  const found = (await mailsTo(to))
    .map((m) => /https:\/\/portal\.example\.org\/confirm-email\?token=([\w%-]+)/.exec(m.text ?? ''))
    .filter((m) => m !== null)
    .at(-1);
  if (!found) throw new Error(`no confirmation link was mailed to ${to}`);
  return decodeURIComponent(found[1]!);
}

const emailOf = async (id: string) =>
  (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

describe('changing the password in /profile', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const user = await createTestUser(ctx.db);
    const here = await signIn(ctx, user.email);
    const elsewhere = await signIn(ctx, user.email, PASSWORD, true);

    const wrong = await post('/api/auth/password', here, {
      currentPassword: 'not my password',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not correct.');
    expect(await tokenIsLive(ctx, elsewhere)).toBe(true);

    const mismatch = await post('/api/auth/password', here, {
      currentPassword: PASSWORD,
      password: 'a new password',
      confirmPassword: 'a new passworD',
    });
    expect(mismatch.json()).toMatchObject({ message: 'Passwords do not match' });
    const short = await post('/api/auth/password', here, {
      currentPassword: PASSWORD,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.json()).toMatchObject({ message: 'Password must be at least 8 characters long' });

    const done = await post('/api/auth/password', here, {
      currentPassword: PASSWORD,
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password was changed. 1 other session was signed out.',
      endedSessions: 1,
    });
    expect(await tokenIsLive(ctx, here)).toBe(true);
    expect(await tokenIsLive(ctx, elsewhere)).toBe(false);
    expect((await authorize(ctx, { email: user.email })).statusCode).toBe(401);
    await signIn(ctx, user.email, 'a new password');
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/password was changed$/),
    ]);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({ action: 'user.password', actorId: user.id });
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const user = await createTestUser(ctx.db);
    const session = await signIn(ctx, user.email);
    const guess = () =>
      post('/api/auth/password', session, {
        currentPassword: 'a guess',
        password: 'a new password',
        confirmPassword: 'a new password',
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await guess();
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many wrong passwords\. Please try again in/);
  });
});

describe('changing the sign-in address in /profile', () => {
  it('changes nothing until the link mailed to the new address is opened', async () => {
    const user = await createTestUser(ctx.db, { firstName: 'Robin' });
    const session = await signIn(ctx, user.email);
    const asked = await post('/api/auth/email', session, {
      email: 'robin.new@example.org',
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({
      pendingEmail: 'robin.new@example.org',
      expiresInSeconds: 24 * 3600,
    });
    // The old address is told; the new one gets the link.
    const [notice] = await mailsTo(user.email);
    expect(notice!.subject).toMatch(/sign-in address was requested$/);
    expect(notice!.text).toContain('robin.new@example.org');
    const token = await confirmLinkFor('robin.new@example.org');

    expect(await emailOf(user.id)).toBe(user.email);
    expect((await authorize(ctx, { email: 'robin.new@example.org' })).statusCode).toBe(401);
    await signIn(ctx, user.email);

    const confirmed = await post('/api/auth/confirm-email', undefined, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your sign-in address is now robin.new@example.org.',
      email: 'robin.new@example.org',
    });
    expect(await emailOf(user.id)).toBe('robin.new@example.org');
    await signIn(ctx, 'robin.new@example.org');
    expect((await authorize(ctx, { email: user.email })).statusCode).toBe(401);
    // The session that asked stays signed in.
    expect(await tokenIsLive(ctx, session)).toBe(true);
    const told = await mailsTo(user.email);
    expect(told.at(-1)!.subject).toMatch(/sign-in address was changed$/);

    const again = await post('/api/auth/confirm-email', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_token' });

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'user.email_change',
      'user.email_change_request',
    ]);
    expect(entries.find((e) => e.action === 'user.email_change')).toMatchObject({
      before: { email: user.email },
      after: { email: 'robin.new@example.org' },
    });
  });

  it('is abandoned when the link is not opened within 24 hours', async () => {
    const user = await createTestUser(ctx.db);
    const session = await signIn(ctx, user.email);
    await post('/api/auth/email', session, {
      email: 'never-confirmed@example.org',
      currentPassword: PASSWORD,
    });
    const token = await confirmLinkFor('never-confirmed@example.org');
    ctx.clock.advance(24 * HOUR);
    const late = await post('/api/auth/confirm-email', undefined, { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_token' });
    expect(await emailOf(user.id)).toBe(user.email);
    await signIn(ctx, user.email);
  });

  it('replaces an earlier request: only the newest link works', async () => {
    const user = await createTestUser(ctx.db);
    const session = await signIn(ctx, user.email);
    await post('/api/auth/email', session, {
      email: 'first-try@example.org',
      currentPassword: PASSWORD,
    });
    const first = await confirmLinkFor('first-try@example.org');
    await post('/api/auth/email', session, {
      email: 'second-try@example.org',
      currentPassword: PASSWORD,
    });
    const second = await confirmLinkFor('second-try@example.org');
    expect((await post('/api/auth/confirm-email', undefined, { token: first })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/confirm-email', undefined, { token: second })).statusCode).toBe(
      200,
    );
    expect(await emailOf(user.id)).toBe('second-try@example.org');
  });

  it('refuses an address another login or another roster listing holds', async () => {
    const user = await createTestUser(ctx.db);
    const other = await createTestUser(ctx.db);
    const roster = await createContact(ctx.db, { email: 'on-the-roster@example.org' });
    const session = await signIn(ctx, user.email);
    const ask = (email: string, currentPassword = PASSWORD) =>
      post('/api/auth/email', session, { email, currentPassword });

    const taken = await ask(other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    const listed = await ask(roster.email!);
    expect(listed.statusCode).toBe(409);
    expect(listed.json().message).toContain('member roster');
    expect((await ask(user.email)).statusCode).toBe(400);
    expect((await ask('fresh@example.org', 'wrong password')).statusCode).toBe(400);
    expect((await ask('not an address')).json()).toMatchObject({
      message: 'Please enter a valid email address.',
    });
    expect((await ask('nul\u0000@example.org')).statusCode).toBe(400);
    expect(await mailsTo('fresh@example.org')).toEqual([]);

    // Taken between the request and the confirmation: the link cannot take it over.
    await post('/api/auth/email', session, {
      email: 'contested@example.org',
      currentPassword: PASSWORD,
    });
    const token = await confirmLinkFor('contested@example.org');
    await ctx.db
      .update(users)
      .set({ email: 'contested@example.org' })
      .where(eq(users.id, other.id));
    const late = await post('/api/auth/confirm-email', undefined, { token });
    expect(late.statusCode).toBe(409);
    expect(await emailOf(user.id)).toBe(user.email);
  });
});

describe('the mail of an address change', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  it('is queued with the request and the change, and sent from the outbox alone', async () => {
    const user = await createTestUser(ctx.db, { firstName: 'Oona' });
    const session = await signIn(ctx, user.email);
    await ctx.app.flushMail();
    await ctx.app.outbox.stop(5_000);
    const before = smtp.received.length;
    const asked = await post('/api/auth/email', session, {
      email: 'oona.new@example.org',
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(202);
    expect(smtp.received.length).toBe(before);
    const pending = async (kind: string) =>
      (await outbox.rowsOf(kind)).filter((r) => r.state === 'pending');
    expect(await pending('email-change-link')).toHaveLength(1);
    expect(await pending('email-change-notice')).toHaveLength(1);
    ctx.app.outbox.start();
    // The link is made as its mail is composed, and it works.
    const token = await confirmLinkFor('oona.new@example.org');
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/sign-in address was requested$/),
    ]);
    await outbox.mailedFromTheOutboxOnly(
      'email-change-notice',
      { subject: /sign-in address was changed$/, to: user.email },
      async () => {
        expect((await post('/api/auth/confirm-email', undefined, { token })).statusCode).toBe(200);
      },
    );
  });

  it('queues nothing when the request rolls back', async () => {
    const user = await createTestUser(ctx.db);
    const session = await signIn(ctx, user.email);
    const before = (await outbox.rowsOf('email-change-link')).length;
    await outbox.refuseAtCommit('email-change-link');
    const asked = await post('/api/auth/email', session, {
      email: 'rolled.back@example.org',
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(500);
    expect(await outbox.rowsOf('email-change-link')).toHaveLength(before);
  });
});
