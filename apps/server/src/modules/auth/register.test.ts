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
import { getMember, listMembers, putOwnProfile } from '../../test/members.js';
import { mailTo, post } from '../../test/sign-up.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Nora',
    lastName: 'Quinn',
    businessName: 'Quinn Floral Design',
    email: `nora${n}@quinnfloral.example`,
    password: 'peonies-and-tulips',
    confirmPassword: 'peonies-and-tulips',
    ...overrides,
  };
}
const register = (body: object, ip = `203.0.113.${100 + n}`) => post(ctx, 'register', body, ip);

describe('new registration', () => {
  it('creates a contact and a pending login, mails a welcome, and lets the member sign in', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message:
        'Welcome! Your account is ready to sign in. Chamber staff will confirm your membership, and then your business appears in the directory.',
      email: body.email,
      status: 'pending',
    });

    const [user] = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email}`);
    expect(user).toMatchObject({ role: 'member', status: 'pending', firstName: 'Nora' });
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, user!.contactId!));
    expect(contact).toMatchObject({
      firstName: 'Nora',
      lastName: 'Quinn',
      businessName: 'Quinn Floral Design',
      email: body.email,
      membershipTier: 'standard',
      paymentStatus: 'pending',
    });

    const [mail] = await mailTo(ctx, body.email);
    expect(mail!.subject).toBe('Welcome to the Riverton Area Chamber of Commerce');
    expect(mail!.text).toContain('Hi Nora,');
    expect(mail!.text).toContain(`${ctx.config.publicUrl}/login`);

    // Pending: signs in and edits the profile, but is not in the directory yet.
    const token = await signIn(ctx, body.email, body.password);
    const saved = await putOwnProfile(
      ctx,
      { firstName: 'Nora', lastName: 'Quinn', email: body.email, tagline: 'Flowers for every day' },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = await listMembers(ctx, { search: 'Quinn Floral' });
    expect(listed.json().total).toBe(0);
    expect((await getMember(ctx, contact!.id)).statusCode).toBe(404);
    expect((await getMember(ctx, contact!.id, token)).statusCode).toBe(200);
  });

  it('takes the business name as optional', async () => {
    const res = await register(registration({ businessName: undefined }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 409 for an address that already has a login', async () => {
    const user = await createTestUser(ctx.db);
    const res = await register(registration({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it('sends a roster contact to the existing-contact sign-up instead of duplicating it', async () => {
    const contact = await createContact(ctx.db, { email: 'owner@copperleaf.example' });
    const res = await register(registration({ email: 'Owner@Copperleaf.example' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'contact_on_file',
      message:
        'This email is already on the chamber’s member roster. Connect your membership to claim it.',
    });
    const rows = await ctx.db
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = 'owner@copperleaf.example'`);
    expect(rows.map((r) => r.id)).toEqual([contact.id]);
  });

  it.each([
    [
      { password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters long',
    ],
    [{ confirmPassword: 'something-else' }, 'Passwords do not match'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
  ])('refuses %j with a plain message', async (change, message) => {
    const res = await register(registration(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
  });

  it('lets only one of two parallel registrations of one address through', async () => {
    const body = registration();
    const results = await Promise.all([
      register(body, '203.0.113.201'),
      register(body, '203.0.113.202'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
