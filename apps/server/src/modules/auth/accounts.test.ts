import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@chamber/db';
import { sha256Hex } from '../../lib/crypto.js';
import { COMMAND_LINE } from '../../lib/audit.js';
import { createMailer, type Mailer } from '../../lib/mail/mailer.js';
import {
  createContact,
  createTestApp,
  createTestUser,
  PASSWORD,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { exchange as exchangeCode, issueCode, profile as profileOf } from '../../test/auth.js';
import { mailTo } from '../../test/sign-up.js';
import { chamberMail } from '../chamber/index.js';
import { AccountService } from './accounts.js';
import { verifyPassword } from './password.js';

let ctx: TestContext;
let mailer: Mailer;
let accounts: AccountService;

beforeAll(async () => {
  ctx = await createTestApp();
  mailer = createMailer(ctx.config);
  accounts = new AccountService(ctx.db, ctx.clock, chamberMail(ctx.db, ctx.config, mailer));
});
afterAll(async () => {
  await mailer.close();
  await ctx.close();
});

const profile = (token: string) => profileOf(ctx, token);

/** A sign-in code, not yet exchanged for a token. */
const unexchangedCode = (email: string) => issueCode(ctx, { email });

const exchange = (code: { code: string; verifier: string }) => exchangeCode(ctx, code);

const auditOf = (userId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, userId))
    .orderBy(desc(auditLog.createdAt));

describe('setting a password', () => {
  it('ends every session of the account, the 30-day ones included, and unused sign-in codes', async () => {
    const user = await createTestUser(ctx.db);
    const session = await signIn(ctx, user.email);
    const remembered = await signIn(ctx, user.email, PASSWORD, true);
    const pending = await unexchangedCode(user.email);
    const bystander = await createTestUser(ctx.db);
    const theirs = await signIn(ctx, bystander.email);
    expect((await profile(remembered)).statusCode).toBe(200);

    const result = await accounts.setPassword({ email: user.email.toUpperCase() }, 'new-pass-2026');
    expect(result).toMatchObject({ email: user.email, endedSessions: 2, notice: { sent: true } });

    for (const token of [session, remembered]) expect((await profile(token)).statusCode).toBe(401);
    expect((await exchange(pending)).statusCode).toBe(400);
    // Another account's session is untouched.
    expect((await profile(theirs)).statusCode).toBe(200);
    // The new password signs in, the old one no longer does.
    expect((await profile(await signIn(ctx, user.email, 'new-pass-2026'))).statusCode).toBe(200);
    await expect(signIn(ctx, user.email, PASSWORD)).rejects.toThrow(/authorize failed/);
  });

  it('keeps the caller’s own session when asked, and ends the others', async () => {
    const user = await createTestUser(ctx.db);
    const mine = await signIn(ctx, user.email);
    const other = await signIn(ctx, user.email);
    const tokenId = await tokenIdOf(mine);

    const result = await accounts.setPassword({ userId: user.id }, 'changed-pass-1', {
      keepSessionId: tokenId,
    });
    expect(result.endedSessions).toBe(1);
    expect((await profile(mine)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
  });

  it('mails the owner a notice, and audits a change made by an operator', async () => {
    const user = await createTestUser(ctx.db, { firstName: 'Marisol' });
    await signIn(ctx, user.email);
    await accounts.setPassword({ userId: user.id }, 'operator-set-1', { actor: COMMAND_LINE });
    const [mail] = await mailTo(ctx, user.email);
    expect(mail!.subject).toMatch(/password was changed$/);
    expect(mail!.text).toContain('Hi Marisol,');
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: 'chamber command line',
      action: 'user.password',
      targetType: 'user',
      after: { sessionsEnded: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain('operator-set-1');
  });

  it('refuses an unknown account and a password the rules refuse, changing nothing', async () => {
    await expect(
      accounts.setPassword({ email: 'nobody@nowhere.example' }, 'long-enough-1'),
    ).rejects.toMatchObject({
      status: 404,
      message: 'No account with email nobody@nowhere.example',
    });
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    await expect(accounts.setPassword({ userId: user.id }, 'short')).rejects.toMatchObject({
      status: 400,
      message: 'Password must be at least 8 characters long',
    });
    expect((await profile(token)).statusCode).toBe(200);
  });
});

describe('making an admin', () => {
  it('creates an active admin, audited', async () => {
    const result = await accounts.createAdmin(
      {
        email: 'Office@Chamber.example',
        password: 'first-pass-1',
        firstName: 'Olive',
        lastName: 'Office',
      },
      COMMAND_LINE,
    );
    expect(result).toMatchObject({
      created: true,
      email: 'Office@Chamber.example',
      endedSessions: 0,
    });
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'Office@Chamber.example'));
    expect(user).toMatchObject({ role: 'admin', status: 'active', firstName: 'Olive' });
    expect((await auditOf(user!.id)).map((e) => e.action)).toEqual(['user.create']);
  });

  it('on an existing account: makes it an active admin, sets the password, ends its sessions', async () => {
    const user = await createTestUser(ctx.db, { status: 'pending' });
    const token = await signIn(ctx, user.email);
    const result = await accounts.createAdmin(
      { email: user.email, password: 'admin-pass-99', firstName: 'X', lastName: 'Y' },
      COMMAND_LINE,
    );
    expect(result).toMatchObject({ created: false, endedSessions: 1 });
    expect((await profile(token)).statusCode).toBe(401);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ role: 'admin', status: 'active', firstName: user.firstName });
    expect(await verifyPassword(after!.passwordHash, 'admin-pass-99')).toBe(true);
    const audit = await auditOf(user.id);
    expect(audit.map((e) => e.action).sort()).toEqual(['user.password', 'user.update']);
    expect(audit.find((e) => e.action === 'user.update')).toMatchObject({
      before: { role: 'member', status: 'pending' },
      after: { role: 'admin', status: 'active' },
    });
  });

  it('refuses the address of a roster listing, which its member may still claim', async () => {
    const listing = await createContact(ctx.db, { email: 'roster.only@chamber.example' });
    await expect(
      accounts.createAdmin(
        {
          email: 'Roster.Only@chamber.example',
          password: 'long-enough-1',
          firstName: 'A',
          lastName: 'B',
        },
        COMMAND_LINE,
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This email belongs to another listing/),
    });
    const made = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${listing.email})`);
    expect(made).toEqual([]);
  });

  it('refuses an address that is not one', async () => {
    await expect(
      accounts.createAdmin(
        { email: 'not-an-email', password: 'long-enough-1', firstName: 'A', lastName: 'B' },
        COMMAND_LINE,
      ),
    ).rejects.toMatchObject({ status: 400, message: '"not-an-email" is not an email address' });
  });
});

/** The stored id of a session (what a signed-in request knows as its own). */
async function tokenIdOf(token: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ id: string }>(
    sql`select id from access_tokens where token_hash = ${sha256Hex(token)}`,
  );
  return rows[0]!.id;
}

describe('saving a login', () => {
  it('ends every session and unused sign-in code when it saves the account as suspended', async () => {
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const code = await unexchangedCode(user.email);

    const renamed = await ctx.db.transaction(async (tx) => {
      const locked = (await accounts.lock(tx, user.id))!;
      return accounts.saveLogin(tx, locked, { firstName: 'Renamed' });
    });
    expect(renamed.firstName).toBe('Renamed');
    expect((await profile(token)).statusCode).toBe(200);

    const suspended = await ctx.db.transaction(async (tx) =>
      accounts.saveLogin(tx, (await accounts.lock(tx, user.id))!, { status: 'suspended' }),
    );
    expect(suspended.status).toBe('suspended');
    expect((await profile(token)).statusCode).toBe(401);
    expect((await exchange(code)).statusCode).toBe(400);
    // Reactivated, the account's old sessions stay ended: the owner signs in again.
    await ctx.db.transaction(async (tx) =>
      accounts.saveLogin(tx, (await accounts.lock(tx, user.id))!, { status: 'active' }),
    );
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('finds no login for an id that is not a UUID', async () => {
    await expect(ctx.db.transaction((tx) => accounts.lock(tx, 'not-a-uuid'))).resolves.toBe(
      undefined,
    );
  });
});
