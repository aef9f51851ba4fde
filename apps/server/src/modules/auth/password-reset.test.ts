import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT } from '@chamber/contract';
import { auditLog, emailChanges, passwordResets, users } from '@chamber/db';
import { deleteExpiredRows } from '../../background/delete-expired-rows.js';
import {
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
let client = 0;

beforeAll(async () => {
  ({ ctx, smtp, close } = await createMailingApp({ PUBLIC_URL: 'https://portal.example.org' }));
});
afterAll(() => close());
// Each test from a client address of its own, so the per-client limits stay out of the way.
let ip = '';
beforeEach(() => {
  ip = `203.0.113.${++client}`;
});

const MINUTE = 60_000;
const NEW_PASSWORD = 'a brand new password';

function forgot(email: string, remoteAddress = ip) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    payload: { email },
  });
}

function reset(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: ip,
    payload: { token, password, confirmPassword },
  });
}

/** Every message sent to `to` so far, once the mail queued by the answers is out. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  await ctx.app.flushMail();
  return smtp.sentTo(to);
}

/** The token of the newest reset link mailed to `to`, read from the message as sent. */
async function linkFor(to: string): Promise<string> {
  const links = (await mailsTo(to))
    .map((m) =>
      /https:\/\/portal\.example\.org\/reset-password\?token=([\w%-]+)/.exec(m.text ?? ''),
    )
    .filter((m) => m !== null);
  const last = links.at(-1);
  if (!last) throw new Error(`no reset link was mailed to ${to}`);
  return decodeURIComponent(last[1]!);
}

describe('a forgotten password', () => {
  it('is reset with the link from the mail, ending every session and mailing a notice', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    const laptop = await signIn(ctx, user.email);
    const phone = await signIn(ctx, user.email, PASSWORD, true);

    const asked = await forgot(user.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toMatch(/^Reset your .* password$/);
    expect(mail!.html).toContain('https://portal.example.org/reset-password?token=');
    const token = await linkFor(user.email);
    // Only a hash of the token is kept.
    const [row] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    // Nothing changed yet: the old password still signs in.
    expect((await authorize(ctx, { email: user.email })).statusCode).toBe(200);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password was changed. Please sign in with your new password.',
      email: user.email,
    });
    expect(await tokenIsLive(ctx, laptop)).toBe(false);
    expect(await tokenIsLive(ctx, phone)).toBe(false);
    expect((await authorize(ctx, { email: user.email })).statusCode).toBe(401);
    await signIn(ctx, user.email, NEW_PASSWORD);

    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reset your .* password$/),
      expect.stringMatching(/^Your .* password was changed$/),
    ]);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({
      action: 'user.password_reset',
      actorId: user.id,
      actorEmail: user.email,
      after: { sessionsEnded: 2 },
    });
  });

  it('works once: a second use, or a second tab, is told the link is no longer valid', async () => {
    const user = await createTestUser(ctx.db);
    await forgot(user.email);
    const token = await linkFor(user.email);
    // Two tabs submit at the same moment: one wins, the other finds the link spent.
    const both = await Promise.all([
      reset(token, 'first tab password'),
      reset(token, 'second tab password'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = both.find((r) => r.statusCode === 400)!;
    expect(loser.json()).toMatchObject({ error: 'invalid_token' });
    const winner = both[0]!.statusCode === 200 ? 'first tab password' : 'second tab password';
    await signIn(ctx, user.email, winner);

    const again = await reset(token, 'third try password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'invalid_token',
      message: expect.stringContaining('no longer valid'),
    });
    await signIn(ctx, user.email, winner);
  });

  it('expires after 30 minutes', async () => {
    const user = await createTestUser(ctx.db);
    await forgot(user.email);
    const token = await linkFor(user.email);
    ctx.clock.advance(30 * MINUTE);
    const late = await reset(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_token' });
    await signIn(ctx, user.email, PASSWORD);
  });

  it('is void once the password changed some other way, and a reset spends the other links', async () => {
    const user = await createTestUser(ctx.db);
    await forgot(user.email);
    const first = await linkFor(user.email);
    await forgot(user.email);
    const second = await linkFor(user.email);
    expect(second).not.toBe(first);
    // Both links work until one is used; then the other is spent with it.
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'another new password')).json()).toMatchObject({
      error: 'invalid_token',
    });

    // A link made before a change in /profile is void after it.
    await forgot(user.email);
    const third = await linkFor(user.email);
    const session = await signIn(ctx, user.email, NEW_PASSWORD);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(session),
      payload: {
        currentPassword: NEW_PASSWORD,
        password: 'changed in the profile',
        confirmPassword: 'changed in the profile',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(third, 'one more new password')).json()).toMatchObject({
      error: 'invalid_token',
    });
    await signIn(ctx, user.email, 'changed in the profile');
  });

  it('changes only the account the link was made for', async () => {
    const owner = await createTestUser(ctx.db);
    const other = await createTestUser(ctx.db);
    await forgot(owner.email);
    const token = await linkFor(owner.email);
    expect((await reset(token)).json()).toMatchObject({ email: owner.email });
    // The new password is the owner's only; the other account keeps its own.
    expect((await authorize(ctx, { email: other.email, password: NEW_PASSWORD })).statusCode).toBe(
      401,
    );
    await signIn(ctx, other.email, PASSWORD);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const user = await createTestUser(ctx.db);
    const before = smtp.received.length;
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await ctx.app.flushMail();
    expect(smtp.received.length).toBe(before + 1);
    expect(await mailsTo('nobody-here@example.org')).toEqual([]);
  });

  it('mails nothing to a suspended account', async () => {
    const user = await createTestUser(ctx.db, { status: 'suspended' });
    expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('is throttled per address and per client, with Retry-After and a readable message', async () => {
    const user = await createTestUser(ctx.db);
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await forgot(user.email, `192.0.2.${i + 1}`));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([202, 202, 202]);
    for (const answer of answers.slice(3)) {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json()).toMatchObject({
        error: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many reset links were asked for\. Please try again in \d+ (minutes?|seconds?)\.$/,
        ),
      });
    }
    expect(await mailsTo(user.email)).toHaveLength(3);
    // An unknown address is limited alike, so the limit tells nothing either.
    const stranger = [];
    for (let i = 0; i < 4; i++)
      stranger.push((await forgot('no-account@example.org', `192.0.2.${100 + i}`)).statusCode);
    expect(stranger).toEqual([202, 202, 202, 429]);

    // One client asking for many addresses.
    const fromOne = [];
    for (let i = 0; i < 21; i++)
      fromOne.push((await forgot(`someone-${i}@example.org`)).statusCode);
    expect(fromOne.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });

  it('refuses bad input with a clear 400, never a 500', async () => {
    const user = await createTestUser(ctx.db);
    await forgot(user.email);
    const token = await linkFor(user.email);
    const cases: [object, string][] = [
      [
        { token, password: 'short12', confirmPassword: 'short12' },
        'Password must be at least 8 characters long',
      ],
      [
        { token, password: 'long enough', confirmPassword: 'long enougH' },
        'Passwords do not match',
      ],
      [
        { token, password: 'x'.repeat(1000), confirmPassword: 'x'.repeat(1000) },
        'Password must be at most 128 characters long',
      ],
      [
        { token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'The link is incomplete.',
      ],
      [{ token: 'x'.repeat(600), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, ''],
      [
        { token: 'unknown-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'no longer valid',
      ],
      [{ token: `${token}\u0000`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, ''],
      [{ token, password: 'with a \u0000 byte', confirmPassword: 'with a \u0000 byte' }, ''],
      [{ password: NEW_PASSWORD }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: ip,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    for (const email of [
      '',
      'not-an-email',
      `a\u0000@example.org`,
      `${'x'.repeat(300)}@example.org`,
    ]) {
      const res = await forgot(email);
      expect(res.statusCode, email.slice(0, 40)).toBe(400);
    }
    // None of them spent the link; 8 characters are enough.
    expect((await reset(token, '12345678')).statusCode).toBe(200);
    await signIn(ctx, user.email, '12345678');
  });
});

describe('staff sending a reset link', () => {
  it('mails the member the same link, leaves the password as it is, and is audited', async () => {
    const admin = await createTestUser(ctx.db, { role: 'admin', status: 'active' });
    const member = await createTestUser(ctx.db, { status: 'active' });
    const session = await signIn(ctx, admin.email);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/password-reset`,
      headers: bearer(session),
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toContain(member.email);
    const token = await linkFor(member.email);
    await signIn(ctx, member.email, PASSWORD);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password_reset_link'));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetId: member.id,
      after: { sentTo: member.email },
    });
    expect((await reset(token)).statusCode).toBe(200);
    await signIn(ctx, member.email, NEW_PASSWORD);

    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users/not-a-uuid/password-reset',
      headers: bearer(session),
    });
    expect(missing.statusCode).toBe(404);
    const suspended = await createTestUser(ctx.db, { status: 'suspended' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended.id}/password-reset`,
      headers: bearer(session),
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the mail of a reset link', () => {
  const outbox = outboxChecks(
    () => ctx,
    () => smtp,
  );
  afterEach(() => outbox.undo());

  it('is mailed from the outbox, with a link made as it is composed', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    await outbox.mailedFromTheOutboxOnly(
      'password-reset',
      { subject: /^Reset your .* password$/, to: user.email },
      async () => {
        expect((await forgot(user.email)).statusCode).toBe(202);
        // No link exists until the mail is composed: the outbox holds none that works.
        const links = await ctx.db
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.userId, user.id));
        expect(links).toEqual([]);
      },
    );
    expect((await reset(await linkFor(user.email))).statusCode).toBe(200);
  });

  it('is queued alike for an address without an account, then skipped', async () => {
    const before = (await outbox.rowsOf('password-reset')).length;
    await ctx.app.outbox.stop(5_000);
    const sent = smtp.received.length;
    expect((await forgot('nobody-at-all@example.org')).statusCode).toBe(202);
    // The answer wrote one row, as for a known address: nothing was looked up.
    const rows = await outbox.rowsOf('password-reset');
    expect(rows).toHaveLength(before + 1);
    // Rows written at the same clock time come back in no set order: find it by its address.
    const nobodys = (all: typeof rows) =>
      all.filter((r) => (r.params as { email?: string }).email === 'nobody-at-all@example.org');
    expect(nobodys(rows)).toEqual([expect.objectContaining({ state: 'pending' })]);
    ctx.app.outbox.start();
    await ctx.app.flushMail();
    const [row] = nobodys(await outbox.rowsOf('password-reset'));
    expect(row).toMatchObject({ state: 'skipped', recipient: null });
    // Mail queued by earlier tests may go out in the same flush: only this address counts.
    expect(smtp.sentTo('nobody-at-all@example.org', sent)).toEqual([]);
  });

  it('sent by staff is queued with its audit entry, or not at all', async () => {
    const admin = await createTestUser(ctx.db, { role: 'admin', status: 'active' });
    const member = await createTestUser(ctx.db, { status: 'active' });
    const session = await signIn(ctx, admin.email);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${member.id}/password-reset`,
        headers: bearer(session),
      });
    const before = (await outbox.rowsOf('password-reset')).length;
    await outbox.refuseAtCommit('password-reset');
    expect((await send()).statusCode).toBe(500);
    expect(await outbox.rowsOf('password-reset')).toHaveLength(before);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(audited).toEqual([]);
    await outbox.undo();
    await outbox.mailedFromTheOutboxOnly(
      'password-reset',
      { subject: /^Reset your .* password$/, to: member.email },
      async () => {
        expect((await send()).statusCode).toBe(202);
      },
    );
  });

  it('leaves the password-changed notice in the outbox with the change', async () => {
    const user = await createTestUser(ctx.db, { status: 'active' });
    expect((await forgot(user.email)).statusCode).toBe(202);
    const token = await linkFor(user.email);
    await outbox.mailedFromTheOutboxOnly(
      'password-changed',
      { subject: /password was changed/i, to: user.email },
      async () => {
        expect((await reset(token)).statusCode).toBe(200);
      },
    );
  });
});

describe('the scheduled clean-up', () => {
  it('deletes expired reset links and email changes, and keeps live ones', async () => {
    await ctx.db.delete(passwordResets);
    await ctx.db.delete(emailChanges);
    const user = await createTestUser(ctx.db);
    const now = ctx.clock.now();
    const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
    await ctx.db.insert(passwordResets).values([
      { tokenHash: 'expired', userId: user.id, passwordFingerprint: 'f', expiresAt: at(-1) },
      { tokenHash: 'live', userId: user.id, passwordFingerprint: 'f', expiresAt: at(10) },
    ]);
    const other = await createTestUser(ctx.db);
    await ctx.db.insert(emailChanges).values([
      {
        tokenHash: 'e1',
        userId: user.id,
        oldEmail: user.email,
        newEmail: 'n1@example.org',
        expiresAt: at(-1),
      },
      {
        tokenHash: 'e2',
        userId: other.id,
        oldEmail: other.email,
        newEmail: 'n2@example.org',
        expiresAt: at(60),
      },
    ]);
    const deleted = await deleteExpiredRows(ctx.db, now);
    expect(deleted).toMatchObject({ password_resets: 1, email_changes: 1 });
    expect((await ctx.db.select().from(passwordResets)).map((r) => r.tokenHash)).toEqual(['live']);
    expect((await ctx.db.select().from(emailChanges)).map((r) => r.tokenHash)).toEqual(['e2']);
    expect(await deleteExpiredRows(ctx.db, at(61))).toMatchObject({
      password_resets: 1,
      email_changes: 1,
    });
    expect(await ctx.db.$count(users)).toBeGreaterThan(0);
  });
});
