// The directory pages and calendar windows that the server keeps between requests (see
// versioned-cache.ts): never stale, even when another process changed the data, and never
// shown to a viewer who may see less than the one it was computed for.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList, Member, MemberList } from '@chamber/contract';
import { connect, type DbHandle } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../test/app.js';
import { CALENDAR_ID, createCalendar, createdEvent, listEvents } from '../test/calendar.js';
import { getMember, listMembers } from '../test/members.js';
import { currentDataVersion } from './versioned-cache.js';

let ctx: TestContext;
/** A second connection of its own, as another server process or the CLI would have. */
let other: DbHandle;
let tokens: Record<'member' | 'admin', string>;
let rosterId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  other = connect(ctx.url, { max: 1 });
  await createCalendar(ctx.db);
  rosterId = (
    await createContact(ctx.db, {
      firstName: 'Ruth',
      lastName: 'Ellison',
      email: 'ruth@ellisonflorist.example',
      businessName: 'Ellison Florist',
    })
  ).id;
  const member = await createTestUser(ctx.db, { email: 'sam@quarrycafe.example' });
  const admin = await createTestUser(ctx.db, { role: 'admin', email: 'office@chamber.example' });
  tokens = { member: await signIn(ctx, member.email), admin: await signIn(ctx, admin.email) };
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const version = () => currentDataVersion(ctx.db);

const directory = async (query: Record<string, string | number> = {}, token?: string) => {
  const res = await listMembers(ctx, { limit: 50, ...query }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberList>();
};
const ruthIn = (page: MemberList) => page.members.find((m) => m.id === rosterId);

describe('the data version', () => {
  it('rises once per committed transaction that changes the directory or the calendar', async () => {
    const before = await version();
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`update contacts set tagline = 'one' where id = ${rosterId}`);
      await tx.execute(sql`update contacts set tagline = 'two' where id = ${rosterId}`);
      await tx.execute(sql`update users set updated_at = now()`); // every login: many rows
    });
    expect(await version()).toBe(before + 1);
  });

  it('does not rise for a transaction that is rolled back', async () => {
    const before = await version();
    await expect(
      other.db.transaction(async (tx) => {
        await tx.execute(sql`update contacts set tagline = 'never' where id = ${rosterId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
  });

  it('rises when any table behind a cached answer changes', async () => {
    // An event far from the windows the tests below read.
    const event = await createdEvent(ctx, tokens.member, {
      startTime: '2027-01-10T18:00:00.000Z',
      endTime: '2027-01-10T19:00:00.000Z',
    });
    const changes: Record<string, () => Promise<unknown>> = {
      contacts: () =>
        other.db.execute(sql`update contacts set tagline = 'three' where id = ${rosterId}`),
      users: () => other.db.execute(sql`update users set updated_at = now()`),
      calendars: () =>
        other.db.execute(sql`update calendars set name = name where id = ${CALENDAR_ID}`),
      events: () =>
        other.db.execute(sql`update events set title = 'Renamed' where id = ${event.id}`),
      event_registrations: () =>
        other.db.execute(sql`insert into event_registrations (event_id, name, email)
        values (${event.id}, 'Guest', 'guest@example.org')`),
    };
    for (const [table, change] of Object.entries(changes)) {
      const before = await version();
      await change();
      expect(await version(), table).toBe(before + 1);
    }
  });

  it('does not rise for tables no cached answer reads', async () => {
    const before = await version();
    await other.db.execute(sql`insert into rate_limits (key, window_start, count, expires_at)
      values ('probe', now(), 1, now() + interval '1 minute')`);
    expect(await version()).toBe(before);
  });
});

describe('cached directory pages', () => {
  it('show a change made through another connection at once', async () => {
    expect(ruthIn(await directory())?.businessName).toBe('Ellison Florist');
    await other.db.execute(
      sql`update contacts set business_name = 'Ellison Flowers & Gifts' where id = ${rosterId}`,
    );
    expect(ruthIn(await directory())?.businessName).toBe('Ellison Flowers & Gifts');
    // A new contact counts at once too.
    const { total } = await directory();
    await other.db
      .execute(sql`insert into contacts (first_name, last_name, business_name, membership_tier, payment_status)
      values ('New', 'Member', 'Fresh Bakery', 'standard', 'paid')`);
    expect((await directory()).total).toBe(total + 1);
  });

  it('never give an anonymous visitor the page a signed-in member was sent', async () => {
    const query = { search: 'ellison' };
    expect(ruthIn(await directory(query, tokens.member))?.email).toBe(
      'ruth@ellisonflorist.example',
    );
    expect(ruthIn(await directory(query))?.email).toBeNull();
    // And the other way round: a member after an anonymous visitor still gets the email.
    expect(ruthIn(await directory(query, tokens.member))?.email).toBe(
      'ruth@ellisonflorist.example',
    );
  });

  it('apply the role filter for admins only, whoever asked first', async () => {
    const everyone = (await directory()).total;
    const admins = await directory({ role: 'admin' }, tokens.admin);
    expect(admins.members.every((m) => m.role === 'admin')).toBe(true);
    expect(admins.total).toBeLessThan(everyone);
    expect((await directory({ role: 'admin' }, tokens.member)).total).toBe(everyone);
    expect((await directory({ role: 'admin' })).total).toBe(everyone);
    expect((await directory({ role: 'admin' }, tokens.admin)).total).toBe(admins.total);
  });

  it('answer ?refresh=true from the database, and the cached page stays right', async () => {
    await directory();
    await other.db.execute(
      sql`update contacts set business_name = 'Ellison & Daughters' where id = ${rosterId}`,
    );
    expect(ruthIn(await directory({ refresh: 'true' }))?.businessName).toBe('Ellison & Daughters');
    expect(ruthIn(await directory())?.businessName).toBe('Ellison & Daughters');
  });

  it('are sent compressed to a client that accepts it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/members?limit=50',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('cached member pages', () => {
  const page = async (token?: string) => {
    const res = await getMember(ctx, rosterId, token);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('show a change made through another connection at once', async () => {
    await page();
    await other.db.execute(
      sql`update contacts set tagline = 'Flowers for every occasion' where id = ${rosterId}`,
    );
    expect((await page()).json<Member>().tagline).toBe('Flowers for every occasion');
  });

  it('never give an anonymous visitor what a signed-in member was sent', async () => {
    const signedIn = await page(tokens.member);
    expect(signedIn.json<Member>().email).toBe('ruth@ellisonflorist.example');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const anonymous = await page();
    expect(anonymous.json<Member>().email).toBeNull();
    expect(anonymous.headers['cache-control']).toBe('no-cache');
  });

  it('stop showing a member whose login is suspended through another connection', async () => {
    const user = await createTestUser(ctx.db, { email: 'lee@leesigns.example' });
    expect((await getMember(ctx, user.contactId!)).statusCode).toBe(200);
    await other.db.execute(sql`update users set status = 'suspended' where id = ${user.id}`);
    expect((await getMember(ctx, user.contactId!)).statusCode).toBe(404);
  });
});

describe('cached calendar windows', () => {
  const window = async (token?: string) => {
    const res = await listEvents(ctx, '2026-03-01', '2026-03-31', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EventList>().events;
  };

  it('show an event added or renamed through another connection at once', async () => {
    expect(await window()).toHaveLength(0);
    const created = await createdEvent(ctx, tokens.member, { title: 'Ribbon cutting' });
    expect((await window()).map((e) => e.title)).toEqual(['Ribbon cutting']);
    await other.db.execute(sql`update events set title = 'Grand opening' where id = ${created.id}`);
    expect((await window()).map((e) => e.title)).toEqual(['Grand opening']);
    await other.db.execute(sql`delete from events where id = ${created.id}`);
    expect(await window()).toHaveLength(0);
  });

  it('are never what a signed-in editor was sent', async () => {
    await createdEvent(ctx, tokens.member, { title: 'Mixer' });
    expect((await window(tokens.member))[0]?.canEdit).toBe(true);
    const anonymous = await listEvents(ctx, '2026-03-01', '2026-03-31');
    expect(anonymous.json<EventList>().events[0]?.canEdit).toBe(false);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const signedIn = await listEvents(ctx, '2026-03-01', '2026-03-31', tokens.member);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('answer an unknown calendar with 404, also after a cached window of another', async () => {
    await window();
    const res = await listEvents(ctx, '2026-03-01', '2026-03-31', undefined, 'no-such-calendar');
    expect(res.statusCode).toBe(404);
    expect(
      (await listEvents(ctx, '2026-03-01', '2026-03-31', undefined, CALENDAR_ID)).statusCode,
    ).toBe(200);
  });
});
