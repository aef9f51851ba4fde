import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contacts, users } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import {
  getMember,
  memberOf,
  putMember,
  putOwnProfile,
  signedInAdmin,
  storedContact as storedOf,
} from '../../test/members.js';

let ctx: TestContext;
let owner: { contactId: string; token: string; email: string };
let tokens: Record<'other' | 'moderator' | 'admin' | 'suspended', string>;

async function member(tier: 'standard' | 'enhanced' | 'elite', extra = {}) {
  const user = await createTestUser(ctx.db, { contact: { membershipTier: tier, ...extra } });
  return { contactId: user.contactId!, token: await signIn(ctx, user.email), email: user.email };
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await member('standard');
  const suspended = await member('standard');
  tokens = {
    other: (await member('standard')).token,
    moderator: await signIn(ctx, (await createTestUser(ctx.db, { role: 'moderator' })).email),
    admin: await signedInAdmin(ctx),
    suspended: suspended.token,
  };
  await ctx.db
    .update(users)
    .set({ status: 'suspended' })
    .where(eq(users.contactId, suspended.contactId));
});
afterAll(() => ctx.close());

const storedContact = (id: string) => storedOf(ctx, id);

describe('who may save a member page', () => {
  it.each([
    { who: 'anonymous visitor', as: undefined, status: 401 },
    { who: 'another member', as: 'other', status: 403 },
    { who: 'suspended member (token dead)', as: 'suspended', status: 401 },
    { who: 'owner', as: 'owner', status: 200 },
    { who: 'moderator', as: 'moderator', status: 200 },
    { who: 'admin', as: 'admin', status: 200 },
  ] as const)('$who → $status', async ({ as, status }) => {
    const token = as === undefined ? undefined : as === 'owner' ? owner.token : tokens[as];
    const tagline = `Tagline set by ${as ?? 'nobody'}`;
    const before = (await storedContact(owner.contactId)).tagline;
    const res = await putMember(ctx, owner.contactId, { tagline }, token);
    expect(res.statusCode, res.body).toBe(status);
    const after = (await storedContact(owner.contactId)).tagline;
    if (status === 200) {
      expect(memberOf(res).tagline).toBe(tagline);
      expect(after).toBe(tagline);
    } else {
      expect(res.json()).toHaveProperty('message');
      expect(after).toBe(before);
    }
  });

  it('answers 404 for a member that does not exist', async () => {
    const res = await putMember(ctx, '7d1c7f0e-2b7a-4d0e-9a4c-3f1b2a9e8c77', {}, tokens.admin);
    expect(res.statusCode).toBe(404);
  });
});

describe('what a save changes', () => {
  let enhanced: Awaited<ReturnType<typeof member>>;
  let elite: Awaited<ReturnType<typeof member>>;
  beforeEach(async () => {
    enhanced = await member('enhanced');
    elite = await member('elite');
  });

  it('refuses gated fields above the tier and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ bio: 'We fix sinks' }, 'A business bio is available with Enhanced membership.'],
      [{ website: 'https://example.org' }, 'A website link is available with Enhanced membership.'],
      [{ address1: '1 Main St' }, 'An address is available with Enhanced membership.'],
      [{ couponCodes: ['SAVE5'] }, 'Coupon codes are available with Elite membership.'],
    ];
    for (const [body, message] of cases) {
      const res = await putMember(
        ctx,
        owner.contactId,
        { ...body, tagline: 'changed?' },
        owner.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'tier_required', message });
    }
    const stored = await storedContact(owner.contactId);
    expect(stored).toMatchObject({ bio: null, website: null, address1: null, couponCodes: [] });
    expect(stored.tagline).not.toBe('changed?');
  });

  it('accepts empty gated fields from a lower tier, as a form with blank fields sends them', async () => {
    const res = await putMember(
      ctx,
      owner.contactId,
      { bio: '', website: null, couponCodes: [], businessName: 'Owner Outfitters' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(memberOf(res).businessName).toBe('Owner Outfitters');
  });

  it('keeps a downgraded member’s stored bio unpublished, and untouched by a blank save', async () => {
    await putMember(ctx, enhanced.contactId, { bio: 'Our story' }, enhanced.token);
    await ctx.db
      .update(contacts)
      .set({ membershipTier: 'standard' })
      .where(eq(contacts.id, enhanced.contactId));
    const page = memberOf(await getMember(ctx, enhanced.contactId));
    expect(page.bio).toBeNull();
    const res = await putMember(ctx, enhanced.contactId, { bio: null }, enhanced.token);
    expect(res.statusCode).toBe(200);
    expect((await storedContact(enhanced.contactId)).bio).toBe('Our story');
  });

  it('lets enhanced members set bio, website and address but not coupons', async () => {
    const body = {
      bio: 'Fresh bread daily',
      website: 'https://bakery.example',
      address1: '12 Elm St',
      city: 'Riverton',
      state: 'ut',
      postalCode: '84065',
    };
    const res = await putMember(ctx, enhanced.contactId, body, enhanced.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(memberOf(res)).toMatchObject({ ...body, state: 'UT' });
    const coupons = await putMember(
      ctx,
      enhanced.contactId,
      { couponCodes: ['X'] },
      enhanced.token,
    );
    expect(coupons.statusCode).toBe(403);
  });

  it('takes coupon_codes as a JSON string from elite members, trimmed and deduplicated', async () => {
    const res = await putMember(
      ctx,
      elite.contactId,
      { coupon_codes: JSON.stringify([' SPRING10 ', 'SPRING10', '', 'VIP']) },
      elite.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(memberOf(res).couponCodes).toEqual(['SPRING10', 'VIP']);
  });

  it('lets moderators edit above their own tier: the member’s tier decides', async () => {
    const res = await putMember(ctx, elite.contactId, { couponCodes: ['MOD'] }, tokens.moderator);
    expect(res.statusCode).toBe(200);
    expect(memberOf(res).couponCodes).toEqual(['MOD']);
  });

  it('refuses a cover image that was not uploaded to the portal', async () => {
    for (const coverImage of [
      'https://evil.example/x.png',
      '/api/media/' + 'a'.repeat(64) + '.png',
    ]) {
      const res = await putMember(ctx, elite.contactId, { coverImage }, elite.token);
      expect(res.statusCode).toBe(400);
    }
  });

  it('never changes the email from the member page', async () => {
    const res = await putMember(ctx, elite.contactId, { email: 'new@example.org' }, elite.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email cannot be changed from the member page.');
    const same = await putMember(
      ctx,
      elite.contactId,
      { email: elite.email.toUpperCase() },
      elite.token,
    );
    expect(same.statusCode).toBe(200);
    expect((await storedContact(elite.contactId)).email).toBe(elite.email);
  });

  it('validates fields with clear messages', async () => {
    const cases: [object, string][] = [
      [{ state: 'Utah' }, 'state: State must be at most 2 characters (e.g. UT)'],
      [{ firstName: '' }, 'firstName: First name is required'],
      [{ website: 'javascript:alert(1)' }, 'website: Website must be a full URL (https://...)'],
      [{ couponCodes: 'not json' }, 'couponCodes: Invalid input: expected array, received string'],
      // The limits the spec leaves open, named with the field.
      [{ bio: 'b'.repeat(2001) }, 'bio: Bio is at most 2,000 characters'],
      [{ tagline: 't'.repeat(201) }, 'tagline: Tagline is at most 200 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await putMember(ctx, elite.contactId, body, elite.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${elite.contactId}`,
      headers: { authorization: `Bearer ${elite.token}`, 'content-type': 'application/json' },
      payload: '{"tagline":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Request body is not valid JSON.' });
  });
});

describe('PUT /api/auth/profile', () => {
  const base = { firstName: 'Maria', lastName: 'Delgado' };

  it('needs a sign-in', async () => {
    const res = await putOwnProfile(ctx, { ...base, email: 'x@example.org' });
    expect(res.statusCode).toBe(401);
  });

  it('saves the login and copies names and phone to its contact', async () => {
    const me = await member('enhanced');
    const res = await putOwnProfile(
      ctx,
      {
        ...base,
        // The address as it is (in any case) is accepted, and left as stored.
        email: me.email.toUpperCase(),
        phone: '(801) 555-0100',
        bio: 'Cakes',
        tagline: 'Since 2009',
      },
      me.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Maria Delgado',
      email: me.email,
      phone: '(801) 555-0100',
      contactId: me.contactId,
    });
    expect(await storedContact(me.contactId)).toMatchObject({
      firstName: 'Maria',
      email: me.email,
      phone: '(801) 555-0100',
      bio: 'Cakes',
      tagline: 'Since 2009',
    });
    // Without the email at all, too.
    const bare = await putOwnProfile(ctx, { ...base, lastName: 'Vega' }, me.token);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ name: 'Maria Vega', email: me.email });
  });

  it('never changes the sign-in address: another one answers 400 naming the field', async () => {
    const me = await member('standard');
    for (const email of ['maria.new@example.org', owner.email]) {
      const res = await putOwnProfile(ctx, { ...base, email }, me.token);
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: expect.stringMatching(/^email: Your sign-in address cannot be changed/),
      });
    }
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, me.email));
    expect(stored).toMatchObject({ firstName: expect.not.stringMatching(/^Maria$/) });
    expect((await storedContact(me.contactId)).email).toBe(me.email);
    // The old address still signs in; the one asked for does not.
    await expect(signIn(ctx, me.email)).resolves.toEqual(expect.any(String));
    await expect(signIn(ctx, 'maria.new@example.org')).rejects.toThrow(/authorize failed/);
  });

  it('applies tier gating to the contact fields', async () => {
    const me = await member('standard');
    const res = await putOwnProfile(ctx, { ...base, email: me.email, bio: 'Hello' }, me.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('tier_required');
    expect((await storedContact(me.contactId)).firstName).not.toBe('Maria');
  });

  it('works for a login without a contact', async () => {
    const user = await createTestUser(ctx.db, { role: 'moderator', contact: false });
    const token = await signIn(ctx, user.email);
    const res = await putOwnProfile(ctx, { ...base, email: user.email, bio: 'ignored' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Maria Delgado', contactId: null });
  });
});

describe('what a member answer tells the viewer', () => {
  it.each([
    { who: 'anonymous visitor', as: undefined, canEdit: false },
    { who: 'another member', as: 'other', canEdit: false },
    { who: 'owner', as: 'owner', canEdit: true },
    { who: 'moderator', as: 'moderator', canEdit: true },
    { who: 'admin', as: 'admin', canEdit: true },
  ] as const)('$who: canEdit $canEdit', async ({ as, canEdit }) => {
    const token = as === undefined ? undefined : as === 'owner' ? owner.token : tokens[as];
    const res = await getMember(ctx, owner.contactId, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ canEdit });
  });

  it.each([
    { tier: 'standard', features: { enhanced: false, elite: false } },
    { tier: 'enhanced', features: { enhanced: true, elite: false } },
    { tier: 'elite', features: { enhanced: true, elite: true } },
  ] as const)('a $tier member’s page unlocks $features', async ({ tier, features }) => {
    const { contactId } = await member(tier);
    const res = await getMember(ctx, contactId);
    expect(res.json()).toMatchObject({ features });
  });
});
