import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, MemberList } from '@chamber/contract';
import { contacts, memberships } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { getMember, listMembers, walkDirectory } from '../../test/members.js';

let ctx: TestContext;
let ids: Record<'roster' | 'active' | 'pending' | 'suspended' | 'admin', string>;
let tokens: Record<'member' | 'admin' | 'pending', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const roster = await createContact(ctx.db, {
    firstName: 'Ruth',
    lastName: 'Ellison',
    email: 'ruth@ellisonflorist.example',
    businessName: 'Ellison Florist',
    membershipTier: 'standard',
    specialties: ['Flowers', 'Weddings'],
    bio: 'Stored but not published at the standard tier',
    website: 'https://ellisonflorist.example',
    address1: '100 Main St',
    couponCodes: ['ROSES'],
  });
  const active = await createTestUser(ctx.db, {
    email: 'sam@quarrycafe.example',
    firstName: 'Sam',
    lastName: 'Quarry',
    contact: {
      businessName: 'Quarry Cafe',
      membershipTier: 'enhanced',
      specialties: ['Coffee'],
      bio: 'Espresso and pie',
      website: 'https://quarrycafe.example',
      couponCodes: ['PIE2'],
    },
  });
  const pending = await createTestUser(ctx.db, {
    status: 'pending',
    email: 'pat@pendingplumbing.example',
    contact: { businessName: 'Pending Plumbing' },
  });
  const suspended = await createTestUser(ctx.db, {
    status: 'suspended',
    contact: { businessName: 'Suspended Signs' },
  });
  const admin = await createTestUser(ctx.db, {
    role: 'admin',
    email: 'office@chamber.example',
    contact: { businessName: 'Chamber Office', membershipTier: 'standard' },
  });
  ids = {
    roster: roster.id,
    active: active.contactId!,
    pending: pending.contactId!,
    suspended: suspended.contactId!,
    admin: admin.contactId!,
  };
  tokens = {
    member: await signIn(ctx, active.email),
    admin: await signIn(ctx, admin.email),
    pending: await signIn(ctx, pending.email),
  };
});
afterAll(() => ctx.close());

const list = async (query: Record<string, string | number> = {}, token?: string) => {
  const res = await listMembers(ctx, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberList>();
};
const idsOf = (page: MemberList) => page.members.map((m) => m.id).sort();

describe('GET /api/members', () => {
  it('lists roster contacts and active logins, never pending or suspended ones', async () => {
    const page = await list();
    expect(idsOf(page)).toEqual([ids.roster, ids.active, ids.admin].sort());
    expect(page).toMatchObject({ total: 3, hasMore: false });
  });

  it('hides email addresses from anonymous visitors and shows them to members', async () => {
    const anonymous = await list();
    expect(anonymous.members.every((m) => m.email === null)).toBe(true);
    const signedIn = await list({}, tokens.member);
    const ruth = signedIn.members.find((m) => m.id === ids.roster);
    expect(ruth?.email).toBe('ruth@ellisonflorist.example');
  });

  it('publishes only what each tier unlocks, and derives the tags', async () => {
    const { members } = await list({}, tokens.member);
    const byId = new Map(members.map((m) => [m.id, m]));
    expect(byId.get(ids.roster)).toMatchObject<Partial<Member>>({
      tags: [],
      bio: null,
      website: null,
      address1: null,
      couponCodes: [],
      status: 'active',
      role: 'member',
    });
    expect(byId.get(ids.active)).toMatchObject<Partial<Member>>({
      tags: ['enhanced'],
      bio: 'Espresso and pie',
      website: 'https://quarrycafe.example',
      couponCodes: [],
    });
    expect(byId.get(ids.admin)).toMatchObject<Partial<Member>>({ tags: ['admin'], role: 'admin' });
  });

  it('searches names, businesses and specialties, case-insensitively', async () => {
    expect(idsOf(await list({ search: 'quarry' }))).toEqual([ids.active]);
    expect(idsOf(await list({ search: 'ELLISON' }))).toEqual([ids.roster]);
    expect(idsOf(await list({ search: 'wedding' }))).toEqual([ids.roster]);
    expect(idsOf(await list({ search: 'sam' }))).toEqual([ids.active]);
    // A pending member stays hidden from a search that names them.
    expect((await list({ search: 'Pending Plumbing' })).total).toBe(0);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: '_' })).total).toBe(0);
  });

  it('honours the role filter for admins only', async () => {
    expect((await list({ role: 'admin' })).total).toBe(3);
    expect((await list({ role: 'admin' }, tokens.member)).total).toBe(3);
    expect(idsOf(await list({ role: 'admin' }, tokens.admin))).toEqual([ids.admin]);
    expect(idsOf(await list({ role: 'member' }, tokens.admin))).toEqual(
      [ids.roster, ids.active].sort(),
    );
    expect((await list({ role: 'moderator' }, tokens.admin)).total).toBe(0);
  });

  it('tells admins which roles the filter can match: staff are listed only with a listing', async () => {
    // A moderator login without a directory listing, as the seed's staff are.
    await createTestUser(ctx.db, { role: 'moderator', contact: false });
    expect((await list({}, tokens.member)).roles).toBeNull();
    expect((await list()).roles).toBeNull();
    expect((await list({}, tokens.admin)).roles).toEqual(['member', 'admin']);
    // Whatever is searched or filtered, and not handed to members from the kept answers.
    expect((await list({ search: 'quarry', role: 'member' }, tokens.admin)).roles).toEqual([
      'member',
      'admin',
    ]);
    expect((await list({}, tokens.member)).roles).toBeNull();
  });

  it('sorts by tier: elite, enhanced, then the rest', async () => {
    const elite = await createContact(ctx.db, {
      businessName: 'Zenith Bank',
      membershipTier: 'elite',
    });
    const page = await list({ sort: 'tier' });
    expect(page.members.slice(0, 2).map((m) => m.id)).toEqual([elite.id, ids.active]);
  });

  it('answers 400 for bad paging, sorts and roles', async () => {
    for (const query of <Record<string, string | number>[]>[
      { limit: 0 },
      { limit: 101 },
      { offset: -1 },
      { sort: 'age' },
      { role: 'owner' },
    ]) {
      const res = await listMembers(ctx, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });
});

describe('paging', () => {
  beforeAll(async () => {
    // Many members with the same name, tier and join date: only the id can order them.
    for (let i = 0; i < 45; i += 1) {
      await createContact(ctx.db, {
        firstName: 'Alex',
        lastName: 'Twin',
        businessName: 'Twin Peaks Realty',
        membershipTier: i % 3 === 0 ? 'elite' : 'standard',
        memberSince: i % 2 === 0 ? '2020-05-01' : null,
        specialties: ['Realty'],
      });
    }
    // A paid term gives a member a join date; staff may clear one the chamber does not know.
    await ctx.db
      .update(contacts)
      .set({ memberSince: null })
      .where(
        and(eq(contacts.businessName, 'Twin Peaks Realty'), ne(contacts.memberSince, '2020-05-01')),
      );
  });

  it.each(['name', 'memberSince', 'tier'])(
    'walks every page sorted by %s without repeating or skipping a member',
    async (sort) => {
      const everyone = await list({ limit: 100 });
      const { ids: walked, totals } = await walkDirectory(ctx, { sort });
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.length).toBe(everyone.total);
      expect([...walked].sort()).toEqual(idsOf(everyone));
      expect(new Set(totals)).toEqual(new Set([everyone.total]));
    },
  );

  it('pages a search result the same way', async () => {
    const { ids: walked } = await walkDirectory(ctx, { search: 'twin peaks' });
    expect(walked).toHaveLength(45);
    expect(new Set(walked).size).toBe(45);
  });

  it('puts members without a join date last when sorting by Member Since', async () => {
    const { members } = await list({ sort: 'memberSince', limit: 100 });
    const firstUnknown = members.findIndex((m) => m.memberSince === null);
    expect(firstUnknown).toBeGreaterThan(0);
    expect(members.slice(firstUnknown).every((m) => m.memberSince === null)).toBe(true);
    const dates = members.slice(0, firstUnknown).map((m) => m.memberSince!);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('GET /api/members/{id}', () => {
  it('answers 404 Member not found for unknown and malformed ids', async () => {
    for (const id of ['0b7f2c1e-9a51-4c57-8d51-2f8b6f9f0c11', 'not-a-uuid']) {
      const res = await getMember(ctx, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Member not found' });
    }
  });

  it('shows a pending member only to that member and to staff', async () => {
    expect((await getMember(ctx, ids.pending)).statusCode).toBe(404);
    expect((await getMember(ctx, ids.pending, tokens.member)).statusCode).toBe(404);
    const own = await getMember(ctx, ids.pending, tokens.pending);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'pending', email: 'pat@pendingplumbing.example' });
    expect((await getMember(ctx, ids.suspended, tokens.admin)).statusCode).toBe(200);
  });

  it('hides the email from anonymous visitors', async () => {
    expect((await getMember(ctx, ids.active)).json()).toMatchObject({ email: null });
    expect((await getMember(ctx, ids.active, tokens.member)).json()).toMatchObject({
      email: 'sam@quarrycafe.example',
    });
  });
});

describe('what an account nobody has confirmed yet sees of other members', () => {
  it('no email addresses in the directory, whoever asked for the page first', async () => {
    // Each order, on a page of its own, so a kept answer of one viewer is there for the other.
    for (const [first, second, search] of [
      ['member', 'pending', 'ellison'],
      ['pending', 'member', 'florist'],
    ] as const) {
      const seen: Record<string, MemberList> = {};
      seen[first] = await list({ search }, tokens[first]);
      seen[second] = await list({ search }, tokens[second]);
      expect(seen.pending!.total).toBeGreaterThan(0);
      expect(seen.pending!.members.map((m) => m.email)).toEqual(
        seen.pending!.members.map(() => null),
      );
      expect(seen.member!.members.find((m) => m.id === ids.roster)?.email).toBe(
        'ruth@ellisonflorist.example',
      );
    }
    // A forced recount follows the same rule.
    const fresh = await list({ refresh: 'true' }, tokens.pending);
    expect(fresh.members.every((m) => m.email === null)).toBe(true);
  });

  it('no email address on another member’s page, while an active member sees it', async () => {
    for (const id of [ids.active, ids.roster, ids.active]) {
      const pending = await getMember(ctx, id, tokens.pending);
      expect(pending.statusCode).toBe(200);
      expect(pending.json<Member>().email).toBeNull();
      const member = await getMember(ctx, id, tokens.member);
      expect(member.json<Member>().email).not.toBeNull();
    }
    // Their own page is theirs, email included.
    expect((await getMember(ctx, ids.pending, tokens.pending)).json<Member>().email).toBe(
      'pat@pendingplumbing.example',
    );
  });

  it('no unlisted member’s page, even when the account has a staff role', async () => {
    const moderator = await createTestUser(ctx.db, {
      role: 'moderator',
      status: 'pending',
      contact: false,
    });
    const token = await signIn(ctx, moderator.email);
    expect((await getMember(ctx, ids.suspended, token)).statusCode).toBe(404);
    expect((await getMember(ctx, ids.active, token)).json<Member>().email).toBeNull();
  });
});

describe('what a member whose membership is not current sees of other members', () => {
  it('no email addresses when lapsed or unpaid, while a member in grace sees them', async () => {
    const lapsed = await createTestUser(ctx.db, {
      contact: { businessName: 'Lund Print', paymentStatus: 'failed' },
    });
    const unpaid = await createTestUser(ctx.db, {
      contact: { businessName: 'Unpaid Upholstery', paymentStatus: 'pending' },
    });
    const grace = await createTestUser(ctx.db, { contact: { businessName: 'Tolman Heating' } });
    await ctx.db
      .update(memberships)
      .set({ status: 'grace' })
      .where(eq(memberships.contactId, grace.contactId!));
    const token = {
      lapsed: await signIn(ctx, lapsed.email),
      unpaid: await signIn(ctx, unpaid.email),
      grace: await signIn(ctx, grace.email),
    };
    for (const viewer of ['lapsed', 'unpaid'] as const) {
      const page = await list({ search: 'ellison' }, token[viewer]);
      expect(page.total, viewer).toBe(1);
      expect(page.members[0]!.email, viewer).toBeNull();
      expect((await getMember(ctx, ids.active, token[viewer])).json<Member>().email).toBeNull();
    }
    expect((await list({ search: 'ellison' }, token.grace)).members[0]!.email).toBe(
      'ruth@ellisonflorist.example',
    );
    expect((await getMember(ctx, ids.active, token.grace)).json<Member>().email).toBe(
      'sam@quarrycafe.example',
    );
    // Their own page is still theirs, email included.
    expect((await getMember(ctx, lapsed.contactId!, token.lapsed)).json<Member>().email).toBe(
      lapsed.email,
    );
  });
});

describe('the A-Z order', () => {
  it('sorts a name by its first letter, past an emoji, a symbol or punctuation in front', async () => {
    const made = await Promise.all(
      [
        '🌮 Taco Tuesday',
        '"Best" Bakery',
        '✨✨ Zephyr Yoga',
        '👩‍🍳 Anita’s Kitchen',
        'Moss & Co',
      ].map((businessName) => createContact(ctx.db, { businessName, membershipTier: 'standard' })),
    );
    const page = await list({ sort: 'name', limit: 100 });
    const ours = new Set(made.map((c) => c.id));
    expect(page.members.filter((m) => ours.has(m.id)).map((m) => m.businessName)).toEqual([
      '👩‍🍳 Anita’s Kitchen',
      '"Best" Bakery',
      'Moss & Co',
      '🌮 Taco Tuesday',
      '✨✨ Zephyr Yoga',
    ]);
    const [stored] = await ctx.db
      .select({ sortName: contacts.sortName })
      .from(contacts)
      .where(eq(contacts.id, made[0]!.id));
    expect(stored!.sortName).toBe('taco tuesday');
  });
});
