import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, users } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { getMember } from '../../test/members.js';
import {
  confirmCode,
  mailTo,
  post,
  readOutbox,
  registerExisting,
  requestCode,
  sendConfirmation,
  verifyConfirmation,
  verifyContact,
} from '../../test/sign-up.js';
import { pruneEmailCodes } from './sign-up.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A roster contact without a login, as staff import them. */
const rosterContact = (overrides: Parameters<typeof createContact>[1] = {}) =>
  createContact(ctx.db, {
    firstName: 'Elena',
    lastName: 'Marsh',
    businessName: 'Marsh & Pike Law',
    email: `elena.marsh.${Math.random().toString(36).slice(2)}@marshpike.example`,
    phone: '(801) 555-0190',
    ...overrides,
  });

describe('the existing-contact flow, end to end', () => {
  it('verifies, mails a code, checks it, registers, links the contact and signs in', async () => {
    const contact = await rosterContact({ email: 'Elena@MarshPike.example' });

    const verify = await verifyContact(ctx, 'elena@marshpike.example');
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ exists: true, contact: null });
    expect(verify.headers['cache-control']).toBe('no-store');

    const code = await requestCode(ctx, 'elena@marshpike.example');
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await mailTo(ctx, 'elena@marshpike.example');
    expect(mail!.subject).toBe(
      `${code} is your Riverton Area Chamber of Commerce confirmation code`,
    );
    expect(mail!.html).toContain(code);

    const confirmed = await verifyConfirmation(ctx, 'elena@marshpike.example', code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      verified: true,
      contact: {
        id: contact.id,
        firstName: 'Elena',
        lastName: 'Marsh',
        businessName: 'Marsh & Pike Law',
      },
      claimToken: expect.stringMatching(/^[\w-]{43}$/),
      claimExpiresInSeconds: 900,
    });
    const { claimToken } = confirmed.json<{ claimToken: string }>();

    const registered = await registerExisting(ctx, 'elena@marshpike.example', 'river-stones-42', {
      existingContactId: contact.id,
      claimToken,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toEqual({
      message: 'Registration successful! You can now sign in with your credentials.',
      email: 'Elena@MarshPike.example',
      status: 'active',
    });

    const [user] = await ctx.db.select().from(users).where(eq(users.contactId, contact.id));
    expect(user).toMatchObject({
      email: 'Elena@MarshPike.example',
      firstName: 'Elena',
      lastName: 'Marsh',
      phone: '(801) 555-0190',
      role: 'member',
      status: 'active',
    });

    const token = await signIn(ctx, 'elena@marshpike.example', 'river-stones-42');
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({
      contactId: contact.id,
      businessName: 'Marsh & Pike Law',
    });
    // Still listed: a claimed roster contact is an active member.
    expect((await getMember(ctx, contact.id)).statusCode).toBe(200);

    const mails = await mailTo(ctx, 'elena@marshpike.example', 2);
    // A first-time claim is welcomed: no password of theirs was changed.
    expect(mails[1]!.subject).toBe(
      'Welcome to the Riverton Area Chamber of Commerce member portal',
    );
    expect(mails[1]!.text).toContain('connected to your listing in the member directory');
    expect(mails[1]!.text).not.toMatch(/password/i);
    expect(mails[1]!.text).toContain('Hi Elena,');

    // The code and its claim token were spent, and the address now has a login.
    const reused = await registerExisting(ctx, 'elena@marshpike.example', 'another-pass-1', {
      claimToken,
    });
    expect(reused.statusCode).toBe(403);
    const again = await verifyContact(ctx, 'elena@marshpike.example', '203.0.113.11');
    expect(again.statusCode).toBe(409);
  });
});

describe('the API description', () => {
  it('lists the sign-up calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const described = Object.keys(res.json<{ paths: object }>().paths);
    for (const call of [
      'verify-contact',
      'send-confirmation',
      'verify-confirmation',
      'register-existing',
      'register',
    ]) {
      expect(described).toContain(`/api/auth/${call}`);
    }
  });
});

describe('verify-contact', () => {
  it('answers exists: false for an address not on file', async () => {
    const res = await verifyContact(ctx, 'nobody@nowhere.example', '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false, contact: null });
  });

  it('answers 409 with the spec’s message when the contact already has a login', async () => {
    const user = await createTestUser(ctx.db);
    const res = await verifyContact(ctx, user.email.toUpperCase(), '198.51.100.2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it('answers 409 for a login without a contact (staff accounts) too', async () => {
    const user = await createTestUser(ctx.db, { contact: false, role: 'admin' });
    const res = await verifyContact(ctx, user.email, '198.51.100.3');
    expect(res.statusCode).toBe(409);
  });

  it.each([['not-an-email'], [''], ['a@b'], [' @x.example']])(
    'answers 400 with the spec’s message for %j',
    async (email) => {
      const res = await verifyContact(ctx, email, '198.51.100.4');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter a valid email address.' });
    },
  );

  it('answers 400 for a missing or mistyped body, never 500', async () => {
    for (const payload of [{}, { email: 42 }, { email: ['a@b.example'] }]) {
      const res = await post(ctx, 'verify-contact', payload, '198.51.100.5');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address.');
    }
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('is limited per client address, so the roster cannot be harvested', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 10; i++) {
      const res = await verifyContact(ctx, `guess${i}@harvest.example`, ip);
      expect(res.statusCode).toBe(200);
    }
    const blocked = await verifyContact(ctx, 'guess10@harvest.example', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many email checks from your network\. Please/);
    // Another client is not affected, and the window ends.
    expect((await verifyContact(ctx, 'x@harvest.example', '192.0.2.51')).statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000);
    expect((await verifyContact(ctx, 'y@harvest.example', ip)).statusCode).toBe(200);
  });

  it('shares its budget with /register, which also tells a taken address', async () => {
    const ip = '192.0.2.60';
    const taken = await createTestUser(ctx.db);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        ctx,
        'register',
        {
          firstName: 'Guess',
          lastName: 'Work',
          email: taken.email,
          password: 'long-enough-1',
          confirmPassword: 'long-enough-1',
        },
        ip,
      );
      expect(res.statusCode).toBe(409);
      expect((await verifyContact(ctx, `guess${i}@shared.example`, ip)).statusCode).toBe(200);
    }
    expect((await verifyContact(ctx, 'more@shared.example', ip)).statusCode).toBe(429);
  });
});

describe('send-confirmation', () => {
  it('answers the same for an unknown address, a taken one and a roster contact, and mails only the contact', async () => {
    const contact = await rosterContact();
    const taken = await createTestUser(ctx.db);
    const answers = [];
    for (const email of ['stranger@unknown.example', taken.email, contact.email!]) {
      const res = await sendConfirmation(ctx, email, '198.51.100.20');
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message:
          'If this address is on the chamber’s roster, a confirmation code is on its way. It expires in 10 minutes.',
        expiresInSeconds: 600,
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    await mailTo(ctx, contact.email!);
    const recipients = (await readOutbox(ctx)).map((m) =>
      (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address?.toLowerCase(),
    );
    expect(recipients).toContain(contact.email!.toLowerCase());
    expect(recipients).not.toContain('stranger@unknown.example');
    expect(recipients).not.toContain(taken.email.toLowerCase());
  });

  it('stores only a slow hash of the code, bound to the lower-cased address', async () => {
    const contact = await rosterContact();
    const code = await requestCode(ctx, contact.email!.toUpperCase());
    const { rows } = await ctx.db.execute<{ email: string; code_hash: string; expires_at: string }>(
      sql`select email, code_hash, expires_at from email_codes where email = ${contact.email!.toLowerCase()}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(new Date(rows[0]!.expires_at).getTime() - ctx.clock.now().getTime()).toBe(600_000);
  });

  it('answers 400 for an invalid address', async () => {
    const res = await sendConfirmation(ctx, 'nope', '198.51.100.21');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address.');
  });
});

describe('verify-confirmation', () => {
  it('answers the spec’s message for a wrong code, and the same for an unknown address', async () => {
    const contact = await rosterContact();
    await requestCode(ctx, contact.email!);
    await sendConfirmation(ctx, 'unknown@stranger.example', '198.51.100.30');

    for (const email of [contact.email!, 'unknown@stranger.example']) {
      const res = await verifyConfirmation(ctx, email, '000000', '198.51.100.31');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: 'Invalid confirmation code. Please try again.',
      });
    }
  });

  it('refuses a code that is not six digits', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verifyConfirmation(ctx, 'a@b.example', code, '198.51.100.32');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter the 6-digit code from the email.');
    }
  });

  it('only accepts the code for the address it was sent to', async () => {
    const first = await rosterContact();
    const second = await rosterContact();
    const code = await requestCode(ctx, first.email!);
    await requestCode(ctx, second.email!);
    const res = await verifyConfirmation(ctx, second.email!, code, '198.51.100.33');
    // A one-in-a-million chance that the second address drew the same code.
    if (res.statusCode !== 200) expect(res.json().message).toMatch(/Invalid confirmation code/);
    expect((await verifyConfirmation(ctx, first.email!, code)).statusCode).toBe(200);
  });
});

describe('register-existing', () => {
  it('refuses an address whose code was never verified, with the same answer for any address', async () => {
    const contact = await rosterContact();
    await requestCode(ctx, contact.email!);
    for (const email of [contact.email!, 'nobody@unknown.example']) {
      const res = await registerExisting(ctx, email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message:
          'Please confirm your email address with the code we sent before completing registration.',
      });
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.contactId, contact.id));
    expect(user).toBeUndefined();
  });

  it('enforces the password rules of docs/product.md#validation with their messages', async () => {
    const contact = await rosterContact();
    const code = await requestCode(ctx, contact.email!);
    const claimToken = await confirmCode(ctx, contact.email!, code);
    const ip = '198.51.100.40';

    const short = await registerExisting(ctx, contact.email!, 'short', { claimToken }, ip);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');

    const mismatch = await registerExisting(
      ctx,
      contact.email!,
      'long-enough-1',
      { confirmPassword: 'long-enough-2', claimToken },
      ip,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');

    const badEmail = await registerExisting(ctx, 'not an email', undefined, { claimToken }, ip);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address.');

    // The code and its token are still good for a correct attempt.
    const ok = await registerExisting(ctx, contact.email!, undefined, { claimToken }, ip);
    expect(ok.statusCode).toBe(201);
  });

  it('refuses another contact’s id', async () => {
    const contact = await rosterContact();
    const other = await rosterContact();
    const code = await requestCode(ctx, contact.email!);
    const claimToken = await confirmCode(ctx, contact.email!, code);
    const res = await registerExisting(
      ctx,
      contact.email!,
      'long-enough-1',
      { existingContactId: other.id, claimToken },
      '198.51.100.41',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This contact does not belong to the confirmed email address.');
    expect((await ctx.db.select().from(users).where(eq(users.contactId, other.id))).length).toBe(0);
  });

  it('answers 409 when a login appeared for the address after the code was verified', async () => {
    const contact = await rosterContact();
    const code = await requestCode(ctx, contact.email!);
    const claimToken = await confirmCode(ctx, contact.email!, code);
    await createTestUser(ctx.db, { email: contact.email!, contact: false });
    const res = await registerExisting(
      ctx,
      contact.email!,
      undefined,
      { claimToken },
      '198.51.100.42',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it('lets exactly one of two parallel registrations through', async () => {
    const contact = await rosterContact();
    const code = await requestCode(ctx, contact.email!);
    const claimToken = await confirmCode(ctx, contact.email!, code);
    const results = await Promise.all([
      registerExisting(ctx, contact.email!, 'first-password-1', { claimToken }, '198.51.100.43'),
      registerExisting(ctx, contact.email!, 'second-password-2', { claimToken }, '198.51.100.44'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect((await ctx.db.select().from(users).where(eq(users.contactId, contact.id))).length).toBe(
      1,
    );
  });
});

describe('the claim token of a verified code', () => {
  const CLAIM_INVALID =
    'This confirmation is no longer valid. Please start over and confirm your email address with a new code.';
  let n = 0;
  /** A roster contact with a verified code, confirmed from its own client address. */
  async function verified() {
    n += 1;
    const contact = await rosterContact();
    const ip = `203.0.113.${100 + n}`;
    const code = await requestCode(ctx, contact.email!, ip);
    const claimToken = await confirmCode(ctx, contact.email!, code, ip);
    return { contact, email: contact.email!, ip, claimToken };
  }
  const loginsOf = async (contactId: string) =>
    (await ctx.db.select().from(users).where(eq(users.contactId, contactId))).length;

  it('is needed: another client that only knows the address cannot claim the listing', async () => {
    const { contact, email, ip, claimToken } = await verified();
    const attacker = '192.0.2.200';
    const withoutToken = await registerExisting(ctx, email, 'attacker-pass-1', {}, attacker);
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toEqual({
      error: 'forbidden',
      message:
        'Please confirm your email address with the code we sent before completing registration.',
    });
    const guessed = await registerExisting(
      ctx,
      email,
      'attacker-pass-1',
      { claimToken: 'x'.repeat(43), existingContactId: contact.id },
      attacker,
    );
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json().message).toBe(CLAIM_INVALID);
    expect(await loginsOf(contact.id)).toBe(0);

    // The person who entered the code still can.
    const owner = await registerExisting(ctx, email, 'owner-pass-1', { claimToken }, ip);
    expect(owner.statusCode).toBe(201);
    await signIn(ctx, email, 'owner-pass-1');
  });

  it('is stored only as a hash, bound to the address and the contact', async () => {
    const { contact, email, claimToken } = await verified();
    const {
      rows: [row],
    } = await ctx.db.execute<{ claim_token_hash: string; contact_id: string }>(
      sql`select claim_token_hash, contact_id from email_codes where email = ${email.toLowerCase()}`,
    );
    expect(row!.claim_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.claim_token_hash).not.toContain(claimToken);
    expect(row!.contact_id).toBe(contact.id);
  });

  it('works once', async () => {
    const { email, ip, claimToken } = await verified();
    expect((await registerExisting(ctx, email, undefined, { claimToken }, ip)).statusCode).toBe(
      201,
    );
    const again = await registerExisting(ctx, email, 'second-try-22', { claimToken }, ip);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(CLAIM_INVALID);
    const {
      rows: [row],
    } = await ctx.db.execute<{ claim_token_hash: string | null; used_at: Date | null }>(
      sql`select claim_token_hash, used_at from email_codes where email = ${email.toLowerCase()}`,
    );
    expect(row).toMatchObject({ claim_token_hash: null, used_at: expect.anything() });
  });

  it('is replaced by a later right code: the earlier token is dead', async () => {
    const { email, ip, claimToken: first } = await verified();
    const code = await requestCode(ctx, email, ip);
    const second = await confirmCode(ctx, email, code, ip);
    expect(second).not.toBe(first);
    const old = await registerExisting(ctx, email, undefined, { claimToken: first }, ip);
    expect(old.statusCode).toBe(403);
    const fresh = await registerExisting(ctx, email, undefined, { claimToken: second }, ip);
    expect(fresh.statusCode).toBe(201);
  });

  it('expires 15 minutes after the code was verified', async () => {
    const early = await verified();
    const late = await verified();
    ctx.clock.advance(15 * 60_000);
    const inTime = await registerExisting(
      ctx,
      early.email,
      undefined,
      { claimToken: early.claimToken },
      early.ip,
    );
    expect(inTime.statusCode).toBe(201);
    ctx.clock.advance(1000);
    const tooLate = await registerExisting(
      ctx,
      late.email,
      undefined,
      { claimToken: late.claimToken },
      late.ip,
    );
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().message).toBe(CLAIM_INVALID);
    expect(await loginsOf(late.contact.id)).toBe(0);
  });

  it('is only good for its own address', async () => {
    const first = await verified();
    const second = await verified();
    const crossed = await registerExisting(
      ctx,
      second.email,
      undefined,
      { claimToken: first.claimToken },
      first.ip,
    );
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().message).toBe(CLAIM_INVALID);
    expect(await loginsOf(second.contact.id)).toBe(0);
    // Neither token was spent by the refusal.
    for (const { email, ip, claimToken } of [first, second]) {
      expect((await registerExisting(ctx, email, undefined, { claimToken }, ip)).statusCode).toBe(
        201,
      );
    }
  });

  it('is only good for the contact it proved', async () => {
    const { contact, email, ip, claimToken } = await verified();
    // The roster moves the address to another contact after the code was checked.
    await ctx.db
      .update(contacts)
      .set({ email: `moved.${contact.id}@marshpike.example` })
      .where(eq(contacts.id, contact.id));
    const newcomer = await rosterContact({ email });
    const res = await registerExisting(ctx, email, undefined, { claimToken }, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CLAIM_INVALID);
    expect(await loginsOf(newcomer.id)).toBe(0);
    expect(await loginsOf(contact.id)).toBe(0);
  });

  it('is throttled per client address before any password is hashed', async () => {
    const { email, claimToken } = await verified();
    const ip = '192.0.2.210';
    // A burst like the one in the review: 10 go through to the token check, the rest are 429.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => registerExisting(ctx, email, 'burst-pass-1', {}, ip)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const blocked = burst.find((r) => r.statusCode === 429)!;
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(
        /^Too many registration attempts from your network\. Please try again in \d+ minutes?\.$/,
      ),
    });
    // Even the right token waits for the window; another client is not affected.
    expect((await registerExisting(ctx, email, undefined, { claimToken }, ip)).statusCode).toBe(
      429,
    );
    ctx.clock.advance(15 * 60_000);
    const code = await requestCode(ctx, email, '192.0.2.211');
    const fresh = await confirmCode(ctx, email, code, '192.0.2.211');
    expect(
      (await registerExisting(ctx, email, undefined, { claimToken: fresh }, ip)).statusCode,
    ).toBe(201);
  });
});

describe('the clean-up of used and expired codes', () => {
  it('deletes spent codes and those past their life and the claim token’s, nothing else', async () => {
    const spent = await rosterContact();
    const code = await requestCode(ctx, spent.email!, '203.0.113.150');
    const claimToken = await confirmCode(ctx, spent.email!, code, '203.0.113.150');
    await registerExisting(ctx, spent.email!, undefined, { claimToken }, '203.0.113.150');
    const old = await rosterContact();
    await requestCode(ctx, old.email!, '203.0.113.151');
    ctx.clock.advance(10 * 60_000 + 15 * 60_000 + 1000);
    const live = await rosterContact();
    await requestCode(ctx, live.email!, '203.0.113.152');

    const removed = await pruneEmailCodes(ctx.db, ctx.clock.now());
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = (
      await ctx.db.execute<{ email: string }>(sql`select email from email_codes`)
    ).rows.map((r) => r.email);
    expect(left).toContain(live.email!.toLowerCase());
    expect(left).not.toContain(spent.email!.toLowerCase());
    expect(left).not.toContain(old.email!.toLowerCase());
  });
});
