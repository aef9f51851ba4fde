import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, AdminUser, AuditList, UserList } from '@chamber/contract';
import {
  contacts,
  eventRegistrations,
  events,
  membershipEvents,
  memberships,
  users,
} from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { tokenIsLive } from '../../test/auth.js';
import { bearer } from '../../test/members.js';

let ctx: TestContext;
let adminToken: string;
let adminId: string;

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestUser(ctx.db, {
    role: 'admin',
    firstName: 'Avery',
    lastName: 'Lindqvist',
    email: 'avery@chamber.example',
    contact: false,
    createdAt: ctx.clock.now(),
  });
  adminId = admin.id;
  adminToken = await signIn(ctx, admin.email);
});
afterAll(() => ctx.close());

async function member(overrides: Parameters<typeof createTestUser>[1] = {}) {
  return createTestUser(ctx.db, overrides);
}

describe('GET /api/admin/users', () => {
  it('pages 25 at a time, newest first, and searches names, emails and businesses', async () => {
    for (let i = 0; i < 26; i += 1) {
      ctx.clock.advance(1000);
      await member({
        email: `owner${i}@shop${i}.example`,
        contact: { businessName: i === 7 ? 'Lighthouse Bookkeeping' : `Shop ${i}` },
        createdAt: ctx.clock.now(),
      });
    }
    const first = (await call('GET', '/admin/users')).json<UserList>();
    expect(first.users).toHaveLength(25);
    expect(first.pagination).toEqual({ total: 27, hasMore: true });
    expect(first.users[0]!.email).toBe('owner25@shop25.example');
    const second = (await call('GET', '/admin/users?offset=25')).json<UserList>();
    expect(second.users).toHaveLength(2);
    expect(second.pagination.hasMore).toBe(false);
    const ids = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(ids.size).toBe(27);

    const byBusiness = (await call('GET', '/admin/users?search=lighthouse')).json<UserList>();
    expect(byBusiness.users.map((u) => u.email)).toEqual(['owner7@shop7.example']);
    const byEmail = (await call('GET', '/admin/users?search=SHOP12.example')).json<UserList>();
    expect(byEmail.pagination.total).toBe(1);
    const byName = (await call('GET', '/admin/users?search=avery lind')).json<UserList>();
    expect(byName.users.map((u) => u.id)).toEqual([adminId]);
    const wildcard = (await call('GET', '/admin/users?search=%25')).json<UserList>();
    expect(wildcard.pagination.total).toBe(0);
  });

  it('filters by role and status, "all" meaning no filter', async () => {
    await member({ status: 'pending', role: 'moderator' });
    const mods = (await call('GET', '/admin/users?role=moderator')).json<UserList>();
    expect(mods.users.every((u) => u.role === 'moderator')).toBe(true);
    expect(mods.pagination.total).toBe(1);
    const pending = (await call('GET', '/admin/users?status=pending&role=all')).json<UserList>();
    expect(pending.users.map((u) => u.status)).toEqual(['pending']);
    const bad = await call('GET', '/admin/users?status=banned');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('saves every field of the edit dialog and copies names and email to the contact', async () => {
    const user = await member({ contact: { membershipTier: 'standard' } });
    const res = await call('PUT', `/admin/users/${user.id}`, {
      firstName: 'Grace',
      lastName: 'Whitaker',
      email: 'grace@mountainviewdental.example',
      businessName: 'Mountain View Family Dental',
      phone: '(801) 555-0119',
      website: 'https://mountainviewdental.example',
      role: 'moderator',
      status: 'active',
      // The spec's fields, sent as they are: read-only, so the same value passes.
      membershipTier: 'standard',
      paymentStatus: 'paid',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: AdminUser }>().user).toMatchObject({
      firstName: 'Grace',
      email: 'grace@mountainviewdental.example',
      businessName: 'Mountain View Family Dental',
      role: 'moderator',
      membershipTier: 'standard',
      paymentStatus: 'paid',
    });
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, user.contactId!));
    expect(contact).toMatchObject({
      firstName: 'Grace',
      email: 'grace@mountainviewdental.example',
    });
  });

  it('refuses a change of membership tier or payment status, naming the field, and links the membership', async () => {
    const user = await member({
      contact: { membershipTier: 'standard', paymentStatus: 'pending' },
    });
    const [membership] = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.contactId, user.contactId!));
    const before = await ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, membership!.id));
    const history = async () =>
      ctx.db
        .select({ kind: membershipEvents.kind })
        .from(membershipEvents)
        .where(eq(membershipEvents.membershipId, membership!.id));
    const eventsBefore = await history();
    const base = { firstName: 'Changed', lastName: user.lastName, email: user.email };
    for (const [change, field] of [
      [{ membershipTier: 'enhanced' }, 'membershipTier'],
      [{ paymentStatus: 'paid' }, 'paymentStatus'],
      [{ membershipTier: 'elite', paymentStatus: 'failed' }, 'membershipTier'],
    ] as const) {
      const res = await call('PUT', `/admin/users/${user.id}`, { ...base, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field} is read-only`));
    }
    // Nothing changed: not the membership, its history, the contact nor the login's name.
    expect(
      await ctx.db.select().from(memberships).where(eq(memberships.id, membership!.id)),
    ).toEqual(before);
    expect(await history()).toEqual(eventsBefore);
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, user.contactId!));
    expect(contact).toMatchObject({ membershipTier: 'standard', paymentStatus: 'pending' });
    const [login] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(login!.firstName).toBe(user.firstName);

    // The answer keeps the spec's fields, read from the membership, and says which it is.
    const listed = (await call('GET', `/admin/users?search=${encodeURIComponent(user.email)}`))
      .json<UserList>()
      .users.find((u) => u.id === user.id)!;
    expect(listed).toMatchObject({
      membershipTier: 'standard',
      paymentStatus: 'pending',
      membershipId: membership!.id,
    });
    const saved = await call('PUT', `/admin/users/${user.id}`, base);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ user: AdminUser }>().user).toMatchObject({
      firstName: 'Changed',
      membershipId: membership!.id,
      paymentStatus: 'pending',
    });
  });

  it('takes basic as the standard tier and gives a login without a contact a listing', async () => {
    const user = await member({ contact: false });
    const res = await call('PUT', `/admin/users/${user.id}`, {
      firstName: 'Ken',
      lastName: 'Nakamura',
      email: user.email,
      businessName: 'South Valley Insurance',
      membershipTier: 'basic',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ user: AdminUser }>().user;
    expect(saved.membershipTier).toBe('standard');
    expect(saved.contactId).not.toBeNull();
  });

  it('refuses, for staff as for members, an address on a roster listing or another login', async () => {
    const staff = await createTestUser(ctx.db, { role: 'moderator', contact: false });
    const member_ = await member();
    const listing = await createContact(ctx.db, { email: 'claimable@roster.example' });
    for (const user of [staff, member_]) {
      for (const [email, message] of [
        [listing.email!.toUpperCase(), /^This email belongs to another listing/],
        [(await member()).email, /^An account with this email already exists\.$/],
      ] as const) {
        const res = await call('PUT', `/admin/users/${user.id}`, {
          firstName: 'X',
          lastName: 'Y',
          email,
        });
        expect(res.statusCode, `${user.role} → ${email}: ${res.body}`).toBe(409);
        expect(res.json().message).toMatch(message);
      }
    }
    // Its own address, in another case, is no change and saves.
    const same = await call('PUT', `/admin/users/${staff.id}`, {
      firstName: 'Y',
      lastName: 'Y',
      email: staff.email.toUpperCase(),
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses missing names, a bad email, unknown roles and a taken email', async () => {
    const user = await member();
    const other = await member();
    const cases: [object, number, string][] = [
      [
        { firstName: '', lastName: 'X', email: user.email },
        400,
        'firstName: First name is required',
      ],
      [
        { firstName: 'X', lastName: 'X', email: 'nope' },
        400,
        'email: Please enter a valid email address.',
      ],
      [
        { firstName: 'X', lastName: 'X', email: user.email, role: 'owner' },
        400,
        'role: Invalid option: expected one of "member"|"moderator"|"admin"',
      ],
      [
        { firstName: 'X', lastName: 'X', email: other.email.toUpperCase() },
        409,
        'An account with this email already exists.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('PUT', `/admin/users/${user.id}`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const valid = { firstName: 'X', lastName: 'Y', email: 'x@example.org' };
    expect((await call('PUT', '/admin/users/not-an-id', valid)).statusCode).toBe(404);
    const missing = await call('PUT', '/admin/users/7d1c7f0e-2b7a-4d0e-9a4c-3f1b2a9e8c77', valid);
    expect(missing.statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('suspending ends the user’s sessions at once; activating lets them sign in again', async () => {
    const user = await member();
    const token = await signIn(ctx, user.email);
    expect(await tokenIsLive(ctx, token)).toBe(true);
    const res = await call('PATCH', `/admin/users/${user.id}/status`, {
      status: 'suspended',
      reason: 'Dues unpaid since March',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokenIsLive(ctx, token)).toBe(false);
    await expect(signIn(ctx, user.email)).rejects.toThrow(/suspended/);

    await call('PATCH', `/admin/users/${user.id}/status`, { status: 'active' });
    await expect(signIn(ctx, user.email)).resolves.toEqual(expect.any(String));
  });

  it('a role change applies on the user’s next request', async () => {
    const user = await member();
    const token = await signIn(ctx, user.email);
    expect((await call('GET', '/admin/stats', undefined, token)).statusCode).toBe(403);
    await call('PUT', `/admin/users/${user.id}`, {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: 'admin',
    });
    expect((await call('GET', '/admin/stats', undefined, token)).statusCode).toBe(200);
  });

  it('refuses to suspend or delete oneself', async () => {
    const suspend = await call('PATCH', `/admin/users/${adminId}/status`, { status: 'suspended' });
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().message).toBe('You cannot suspend your own account.');
    const del = await call('DELETE', `/admin/users/${adminId}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('You cannot delete your own account.');
    const edit = await call('PUT', `/admin/users/${adminId}`, {
      firstName: 'Avery',
      lastName: 'Lindqvist',
      email: 'avery@chamber.example',
      status: 'suspended',
    });
    expect(edit.statusCode).toBe(403);
    expect((await ctx.db.select().from(users).where(eq(users.id, adminId)))[0]!.status).toBe(
      'active',
    );
  });
});

describe('the last active admin', () => {
  it('cannot be demoted, suspended or deleted by another admin who is about to go', async () => {
    // A fresh database: exactly two admins, one of whom is suspended.
    const local = await createTestApp();
    try {
      const a = await createTestUser(local.db, { role: 'admin', contact: false });
      const b = await createTestUser(local.db, { role: 'admin', contact: false });
      const tokenA = await signIn(local, a.email);
      const tokenB = await signIn(local, b.email);
      const req = (
        token: string,
        method: 'PUT' | 'PATCH' | 'DELETE',
        url: string,
        payload?: object,
      ) =>
        local.app.inject({
          method,
          url: `/api${url}`,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });

      // B demotes A: allowed, B is still an active admin.
      const demote = await req(tokenB, 'PUT', `/admin/users/${a.id}`, {
        firstName: a.firstName,
        lastName: a.lastName,
        email: a.email,
        role: 'member',
      });
      expect(demote.statusCode, demote.body).toBe(200);
      // A (now a member) can no longer act as admin.
      expect((await req(tokenA, 'DELETE', `/admin/users/${b.id}`)).statusCode).toBe(403);
      // B demoting themselves would leave no admin.
      const selfDemote = await req(tokenB, 'PUT', `/admin/users/${b.id}`, {
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email,
        role: 'member',
      });
      expect(selfDemote.statusCode).toBe(409);
      expect(selfDemote.json().message).toBe(
        'The chamber needs at least one active admin. Make another admin first.',
      );
    } finally {
      await local.close();
    }
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('removes the login, its listing and its registrations; its events stay', async () => {
    const user = await member({ contact: { businessName: 'Closing Time Antiques' } });
    const token = await signIn(ctx, user.email);
    const event = await createEvent(ctx.db, {
      calendarId: await calendarId(),
      contactId: user.contactId!,
      createdBy: user.id,
    });
    await ctx.db.insert(eventRegistrations).values({
      eventId: event.id,
      name: 'Closing Time',
      email: user.email,
      userId: user.id,
    });
    const res = await call('DELETE', `/admin/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, user.contactId!))).toEqual(
      [],
    );
    expect(
      await ctx.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, event.id)),
    ).toEqual([]);
    expect(await tokenIsLive(ctx, token)).toBe(false);
    const [kept] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(kept).toMatchObject({ contactId: null, createdBy: null });
    expect((await call('DELETE', `/admin/users/${user.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/stats and /api/admin/audit', () => {
  it('counts after a known set of changes, and the log lists each change newest first', async () => {
    const local = await createTestApp();
    try {
      const admin = await createTestUser(local.db, { role: 'admin', contact: false });
      const token = await signIn(local, admin.email);
      const req = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
        local.app.inject({
          method,
          url: `/api${url}`,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });
      const a = await createTestUser(local.db, { contact: { membershipTier: 'elite' } });
      const b = await createTestUser(local.db, {
        status: 'pending',
        contact: { membershipTier: 'enhanced' },
      });
      await createTestUser(local.db, { role: 'moderator' });

      await req('PATCH', `/admin/users/${a.id}/status`, {
        status: 'suspended',
        reason: 'Spam listings',
      });
      await req('PUT', `/admin/users/${b.id}`, {
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email,
        status: 'active',
      });

      const stats = (await req('GET', '/admin/stats')).json<AdminStats>();
      expect(stats).toEqual({
        users: {
          total: 4,
          active: 3,
          pending: 0,
          suspended: 1,
          byRole: { admin: 1, moderator: 1, member: 2 },
          byMembershipTier: { elite: 1, enhanced: 1, standard: 2 },
        },
      });

      const audit = (await req('GET', '/admin/audit')).json<AuditList>();
      expect(audit.pagination).toEqual({ total: 2, hasMore: false });
      expect(audit.entries.map((e) => e.action)).toEqual(['user.update', 'user.status']);
      expect(audit.entries[0]).toMatchObject({
        actor: { id: admin.id, email: admin.email },
        target: { type: 'user', id: b.id },
        before: { status: 'pending' },
        after: { status: 'active' },
        reason: null,
      });
      expect(audit.entries[1]).toMatchObject({
        before: { status: 'active' },
        after: { status: 'suspended' },
        reason: 'Spam listings',
      });
    } finally {
      await local.close();
    }
  });
});

async function calendarId(): Promise<string> {
  const { calendars, chambers } = await import('@chamber/db');
  await ctx.db.insert(chambers).values({ id: 'loc', name: 'Chamber' }).onConflictDoNothing();
  await ctx.db.insert(calendars).values({ id: 'cal', locationId: 'loc' }).onConflictDoNothing();
  return 'cal';
}

describe('GET /api/admin/exports/users.csv', () => {
  it('sends the accounts the filters match, newest first, with formula cells escaped', async () => {
    await member({
      email: 'csv-one@export.example',
      firstName: '@SUM(A1)',
      status: 'pending',
      contact: { businessName: 'Export One LLC' },
    });
    await member({ email: 'csv-two@export.example', status: 'active' });
    const res = await call('GET', '/admin/exports/users.csv?search=export.example&status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFFirst Name,Last Name,Email,Business Name,Phone,Website,Role,Status,Membership Tier,Payment Status,Created',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^'@SUM\(A1\),[^,]*,csv-one@export\.example,Export One LLC,.*,member,pending,/,
    );
  });

  it('refuses a filter outside the lists with a 400', async () => {
    const res = await call('GET', '/admin/exports/users.csv?role=owner');
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/admin/exports/contacts.csv', () => {
  it('sends every person of every business as CSV, not cached, with formula cells escaped', async () => {
    await member({
      email: 'formula@export.example',
      contact: { firstName: 'Fay', businessName: '=cmd|calc', phone: '+1 801 555 0199' },
    });
    const res = await call('GET', '/admin/exports/contacts.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFFirst Name,Last Name,Business Name,Email,Phone,Website,Address,City,State,ZIP,Tier,Member Since,Specialties,Title,Role,Business ID',
    );
    expect(lines.find((l) => l.includes('formula@export.example'))).toMatch(
      // A phone a spreadsheet would read as a number is kept as text by a text formula.
      /^Fay,[^,]*,'=cmd\|calc,formula@export\.example,"=""\+1 801 555 0199""",/,
    );
  });
});
