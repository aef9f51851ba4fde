import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail } from '@chamber/contract';
import { businessPeople } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { getMember, putMember } from '../../test/members.js';

// A listing shows the people of its business who chose to be shown: name and title to
// everyone, their email only to those who may see members' emails.
let ctx: TestContext;
let business: string;
let tokens: Record<'owner' | 'member' | 'admin' | 'pending', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await createTestUser(ctx.db, {
    email: 'gina@grainmill.example',
    firstName: 'Gina',
    lastName: 'Grain',
    contact: { businessName: 'Grain Mill', membershipTier: 'standard' },
  });
  business = owner.contactId!;
  const member = await createTestUser(ctx.db, { contact: { businessName: 'Other Shop' } });
  const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
  const pending = await createTestUser(ctx.db, {
    status: 'pending',
    contact: { businessName: 'Pending Shop' },
  });
  tokens = {
    owner: await signIn(ctx, owner.email),
    member: await signIn(ctx, member.email),
    admin: await signIn(ctx, admin.email),
    pending: await signIn(ctx, pending.email),
  };
  // Joined one after the other (one statement would give both the same created_at).
  await ctx.db.insert(businessPeople).values([
    {
      contactId: business,
      createdAt: new Date('2026-01-05T10:00:00Z'),
      role: 'billing',
      firstName: 'Bo',
      lastName: 'Books',
      title: 'Bookkeeper',
      email: 'bo@grainmill.example',
      shownOnListing: true,
    },
    {
      contactId: business,
      createdAt: new Date('2026-01-06T10:00:00Z'),
      role: 'employee',
      firstName: 'Hidden',
      lastName: 'Helper',
      email: 'hidden@grainmill.example',
      shownOnListing: false,
    },
  ]);
});
afterAll(() => ctx.close());

const peopleSeenBy = async (token?: string) => {
  const res = await getMember(ctx, business, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberDetail>().people.map(({ name, title, email }) => ({ name, title, email }));
};

describe("a listing's people", () => {
  it("shows those who chose to be shown; their email only to who may see members' emails", async () => {
    const bo = { name: 'Bo Books', title: 'Bookkeeper' };
    expect(await peopleSeenBy()).toEqual([{ ...bo, email: null }]);
    expect(await peopleSeenBy(tokens.pending)).toEqual([{ ...bo, email: null }]);
    for (const who of ['member', 'admin', 'owner'] as const) {
      expect(await peopleSeenBy(tokens[who]), who).toEqual([
        { ...bo, email: 'bo@grainmill.example' },
      ]);
    }
  });

  it("follows a change of who is shown, in the visitors' kept answer too", async () => {
    expect(await peopleSeenBy()).toHaveLength(1);
    await ctx.db
      .update(businessPeople)
      .set({ shownOnListing: true, title: 'Owner' })
      .where(eq(businessPeople.contactId, business));
    // The primary person first, then the others as they joined.
    expect((await peopleSeenBy()).map((p) => [p.name, p.title])).toEqual([
      ['Gina Grain', 'Owner'],
      ['Bo Books', 'Owner'],
      ['Hidden Helper', 'Owner'],
    ]);
    await ctx.db
      .update(businessPeople)
      .set({ shownOnListing: false })
      .where(eq(businessPeople.email, 'hidden@grainmill.example'));
    expect((await peopleSeenBy()).map((p) => p.name)).toEqual(['Gina Grain', 'Bo Books']);
  });

  it('comes back with a save of the page', async () => {
    const saved = await putMember(ctx, business, { tagline: 'Stone-ground' }, tokens.owner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MemberDetail>().people.map((p) => p.email)).toContain('bo@grainmill.example');
  });

  it('is empty for a business nobody of which is shown', async () => {
    const roster = await createContact(ctx.db, {
      businessName: 'Quiet Co',
      email: 'q@quiet.example',
    });
    const res = await getMember(ctx, roster.id);
    expect(res.json<MemberDetail>().people).toEqual([]);
  });
});
