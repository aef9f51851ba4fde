import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Membership, paymentStatusOf } from '@chamber/contract';
import { connect, type DbHandle, memberships, membershipSettings } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';

// Staff's lists (Admin → Memberships) read straight from the table: what each list holds, in
// which order, and how it pages, checked against the rows as inserted.

let ctx: TestContext;
let admin: string;
let member: string;
/** A second connection of its own, as another server process or the CLI would have. */
let other: DbHandle;
let plans: Record<'basic' | 'enhanced' | 'elite', { id: string; name: string; price: number }>;

interface Made {
  id: string;
  contactId: string;
  businessName: string;
  contactName: string;
  email: string;
  plan: keyof typeof plans;
  nextPlan: keyof typeof plans | null;
  status: Membership['status'];
  startedOn: string | null;
  paidThrough: string | null;
  autoRenew: boolean;
  card: { brand: string; last4: string } | null;
}
const made: Made[] = [];
const GRACE_DAYS = 21;

/** The test app's clock stands at noon in Denver on 2026-03-10: March is the month due. */
const statuses = ['active', 'grace', 'lapsed', 'pending', 'cancelled'] as const;
const days = [
  '2026-02-28', // the day before the month: not due
  '2026-03-01', // first day of the month
  '2026-03-10',
  '2026-03-10',
  '2026-03-10',
  '2026-03-31', // last day of the month
  '2026-04-01', // the day after: not due
  '2026-04-09', // the 30th day from today: due within 30 days
  '2026-04-10', // the 31st: within 60
  '2026-06-08', // the 90th: within 90
  '2026-06-09', // the 91st: none of them
  '2027-03-15', // March of another year: not due
];

function ask(query: string, token?: string) {
  return ctx.app.inject({
    url: `/api/admin/memberships?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function list(query: string, token = admin) {
  const res = await ask(query, token);
  expect(res.statusCode).toBe(200);
  return res.json<{ memberships: Membership[]; pagination: { total: number; hasMore: boolean } }>();
}

const ref = (key: keyof typeof plans) => ({
  id: plans[key].id,
  level: key === 'basic' ? ('standard' as const) : key,
  name: plans[key].name,
  slug: key,
  priceCents: plans[key].price,
});

/** What the answer says of a membership, worked out from what was inserted. */
const expected = (m: Made): Membership => ({
  id: m.id,
  contactId: m.contactId,
  businessName: m.businessName,
  contactName: m.contactName,
  email: m.email,
  plan: ref(m.plan),
  nextPlan: m.nextPlan ? ref(m.nextPlan) : null,
  status: m.status,
  paymentStatus: paymentStatusOf(m.status),
  startedOn: m.startedOn,
  paidThrough: m.paidThrough,
  graceEndsOn: m.paidThrough ? addDays(m.paidThrough, GRACE_DAYS) : null,
  autoRenew: m.autoRenew,
  card: m.card,
  awaitingApproval: m.status === 'pending' && m.paidThrough !== null,
});

/** PostgreSQL's order: paid-through date, nulls last, then the id (a uuid compares as its hex). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byPaidThrough = (a: Made, b: Made) =>
  compare(a.paidThrough ?? '9999', b.paidThrough ?? '9999') || compare(a.id, b.id);

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createTestUser(ctx.db, { email: 'staff@chamber.example', role: 'admin' });
  admin = await signIn(ctx, user.email);
  member = await signIn(ctx, (await createTestUser(ctx.db, { email: 'owner@shop.example' })).email);
  other = connect(ctx.url, { max: 1 });
  await ctx.db.update(membershipSettings).set({ graceDays: GRACE_DAYS });
  const rows = await ctx.db.query.membershipPlans.findMany();
  plans = Object.fromEntries(
    rows.map((p) => [p.slug, { id: p.id, name: p.name, price: p.priceCents }]),
  ) as typeof plans;
  const keys = Object.keys(plans) as (keyof typeof plans)[];
  let n = 0;
  for (const status of statuses) {
    for (const day of days) {
      n += 1;
      const plan = keys[n % 3]!;
      const contact = await createContact(ctx.db, {
        firstName: 'Lee',
        lastName: `Owner${n}`,
        businessName: `${n % 2 ? 'Harbor' : 'Summit'} Shop ${n}`,
        email: `owner${n}@lists.example`,
      });
      const paid = status !== 'pending' || n % 2 === 0;
      const card = n % 4 === 0 ? { brand: 'visa', last4: String(1000 + n) } : null;
      // Every contact has its membership (a trigger makes it): set it as this case wants.
      const [row] = await ctx.db
        .update(memberships)
        .set({
          planId: plans[plan].id,
          nextPlanId: n % 5 === 0 ? plans.basic.id : null,
          status,
          startedOn: paid ? '2024-05-02' : null,
          paidThrough: paid ? day : null,
          autoRenew: n % 3 === 0,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
        })
        .where(eq(memberships.contactId, contact.id))
        .returning();
      made.push({
        id: row!.id,
        contactId: contact.id,
        businessName: contact.businessName!,
        contactName: `Lee Owner${n}`,
        email: contact.email!,
        plan,
        nextPlan: n % 5 === 0 ? 'basic' : null,
        status,
        startedOn: row!.startedOn,
        paidThrough: row!.paidThrough,
        autoRenew: row!.autoRenew,
        card,
      });
    }
  }
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

describe("staff's lists", () => {
  it("'due' holds the current memberships paid through a day of this month, by paid-through date then id", async () => {
    const due = made
      .filter((m) => ['active', 'grace'].includes(m.status))
      .filter((m) => m.paidThrough! >= '2026-03-01' && m.paidThrough! <= '2026-03-31')
      .sort(byPaidThrough);
    expect(due).toHaveLength(10);
    const answer = await list('list=due&limit=100');
    expect(answer.memberships).toEqual(due.map(expected));
    expect(answer.pagination).toEqual({ total: 10, hasMore: false });
  });

  it("'due30', 'due60' and 'due90' hold the current memberships paid through today to that many days ahead", async () => {
    for (const [name, last] of [
      ['due30', '2026-04-09'],
      ['due60', '2026-05-09'],
      ['due90', '2026-06-08'],
    ] as const) {
      const due = made
        .filter((m) => ['active', 'grace'].includes(m.status))
        .filter((m) => m.paidThrough! >= '2026-03-10' && m.paidThrough! <= last)
        .sort(byPaidThrough);
      const answer = await list(`list=${name}&limit=100`);
      expect(answer.memberships, name).toEqual(due.map(expected));
      expect(answer.pagination).toEqual({ total: due.length, hasMore: false });
    }
    const ids = async (name: string) =>
      (await list(`list=${name}&limit=100`)).memberships.map((m) => m.paidThrough);
    // Past the month's end: 1 April is due within 30 days but not this month.
    expect(await ids('due30')).toContain('2026-04-01');
    expect(await ids('due30')).not.toContain('2026-04-10');
    expect(await ids('due60')).toContain('2026-04-10');
    expect(await ids('due90')).toContain('2026-06-08');
    expect(await ids('due90')).not.toContain('2026-06-09');
    expect(await ids('due90')).not.toContain('2026-03-01');
  });

  it('pages through a list, each page in order, with the total of the whole list', async () => {
    const due = made
      .filter((m) => ['active', 'grace'].includes(m.status))
      .filter((m) => m.paidThrough!.startsWith('2026-03'))
      .sort(byPaidThrough)
      .map(expected);
    const first = await list('list=due&limit=4');
    const second = await list('list=due&limit=4&offset=4');
    const last = await list('list=due&limit=4&offset=8');
    const beyond = await list('list=due&limit=4&offset=40');
    expect(first).toEqual({
      memberships: due.slice(0, 4),
      pagination: { total: 10, hasMore: true },
    });
    expect(second).toEqual({
      memberships: due.slice(4, 8),
      pagination: { total: 10, hasMore: true },
    });
    expect(last).toEqual({ memberships: due.slice(8), pagination: { total: 10, hasMore: false } });
    expect(beyond).toEqual({ memberships: [], pagination: { total: 10, hasMore: false } });
  });

  it('searches a list by business, contact name and email', async () => {
    const harborDue = made
      .filter((m) => ['active', 'grace'].includes(m.status))
      .filter((m) => m.paidThrough!.startsWith('2026-03'))
      .filter((m) => m.businessName.startsWith('Harbor'))
      .sort(byPaidThrough)
      .map(expected);
    expect(harborDue.length).toBeGreaterThan(0);
    expect(await list('list=due&search=harbor')).toEqual({
      memberships: harborDue,
      pagination: { total: harborDue.length, hasMore: false },
    });
    const one = made.find((m) => m.status === 'grace' && m.paidThrough === '2026-03-31')!;
    expect(
      (await list(`list=due&search=${encodeURIComponent(one.contactName)}`)).memberships,
    ).toEqual([expected(one)]);
    expect((await list(`list=all&search=${one.email}`)).memberships).toEqual([expected(one)]);
  });

  it('lists grace, lapsed, pending and all in paid-through order', async () => {
    for (const name of ['grace', 'lapsed', 'pending'] as const) {
      const rows = made.filter((m) => m.status === name).sort(byPaidThrough);
      expect(await list(`list=${name}&limit=100&search=lists.example`)).toEqual({
        memberships: rows.map(expected),
        pagination: { total: rows.length, hasMore: false },
      });
    }
    const all = [...made].sort(byPaidThrough);
    expect(await list('list=all&limit=100&search=lists.example')).toEqual({
      memberships: all.map(expected),
      pagination: { total: all.length, hasMore: false },
    });
  });
});

describe("staff's lists, kept between requests", () => {
  const dueIds = async (token = admin) =>
    (await list('list=due&limit=100', token)).memberships.map((m) => m.id);

  it('are refused to visitors and members even when the answer is kept', async () => {
    const query = 'list=due&limit=100';
    await list(query);
    await list(query);
    const anonymous = await ask(query);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: expect.any(String) });
    expect(anonymous.body).not.toContain('lists.example');
    const asMember = await ask(query, member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain('lists.example');
  });

  it('keep each query apart: list, search, page and page size', async () => {
    const due = (await list('list=due&limit=100')).memberships;
    expect((await list('list=due&limit=2')).memberships).toEqual(due.slice(0, 2));
    expect((await list('list=due&limit=2&offset=2')).memberships).toEqual(due.slice(2, 4));
    expect((await list('list=due&limit=100&search=summit')).memberships).toEqual(
      due.filter((m) => m.businessName!.startsWith('Summit')),
    );
    expect((await list('list=grace&limit=100')).memberships.map((m) => m.status)).toEqual(
      made.filter((m) => m.status === 'grace').map(() => 'grace'),
    );
  });

  it('show a membership changed by another process on the next request', async () => {
    const ids = await dueIds();
    const moved = made.find((m) => m.id === ids[0])!;
    await other.db
      .update(memberships)
      .set({ paidThrough: '2026-05-20' })
      .where(eq(memberships.id, moved.id));
    try {
      expect(await dueIds()).toEqual(ids.slice(1));
    } finally {
      await other.db
        .update(memberships)
        .set({ paidThrough: moved.paidThrough })
        .where(eq(memberships.id, moved.id));
    }
    expect(await dueIds()).toEqual(ids);
  });

  it("show staff's change of plan on the next request", async () => {
    const due = (await list('list=due&limit=100')).memberships;
    const one = due.find((m) => m.plan.slug !== 'elite')!;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/memberships/${one.id}/plan`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { planId: plans.elite.id },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await list('list=due&limit=100')).memberships.find((m) => m.id === one.id)!;
    expect(after.plan).toEqual(ref('elite'));
  });

  it('show a payment recorded by another process on the next request', async () => {
    const payer = made.find((m) => m.status === 'active' && m.paidThrough === '2026-03-10')!;
    const [invoice] = await other.db
      .execute<{ id: string }>(
        sql`
      insert into invoices (number, year, sequence, purpose, contact_id, membership_id, bill_to,
        currency, total_cents, issued_on, due_on)
      values ('2026-9001', 2026, 9001, 'membership_renewal', ${payer.contactId}, ${payer.id},
        '{}'::jsonb, 'USD', 30000, '2026-03-01', '2026-03-31')
      returning id`,
      )
      .then((r) => r.rows);
    const paidIds = async () => (await list('list=paid&limit=100')).memberships.map((m) => m.id);
    expect(await paidIds()).not.toContain(payer.id);
    await other.db.execute(sql`
      insert into payments (invoice_id, amount_cents, currency, method, reference, received_on)
      values (${invoice!.id}, 30000, 'USD', 'check', '1001', '2026-03-09')`);
    expect(await paidIds()).toContain(payer.id);
  });

  it("follow the chamber's clock: a new month has its own due list", async () => {
    const march = await dueIds();
    const start = ctx.clock.now().getTime();
    // Noon in Denver on 1 April (signed in again: a session does not last three weeks).
    ctx.clock.advance(new Date('2026-04-01T18:00:00Z').getTime() - start);
    try {
      const token = await signIn(ctx, 'staff@chamber.example');
      const april = made
        .filter((m) => ['active', 'grace'].includes(m.status))
        .filter((m) => m.paidThrough!.startsWith('2026-04'))
        .sort(byPaidThrough)
        .map((m) => m.id);
      expect(april.length).toBeGreaterThan(0);
      expect(await dueIds(token)).toEqual(april);
    } finally {
      ctx.clock.advance(start - ctx.clock.now().getTime());
    }
    expect(await dueIds()).toEqual(march);
  });

  it("follow the chamber's time zone when another process changes it", async () => {
    const start = ctx.clock.now().getTime();
    await other.db.execute(sql`insert into locations (id, name) values ('lists', 'Lists Chamber')`);
    // 31 March, 2 pm in Denver: already 1 April at Kiritimati (UTC+14).
    ctx.clock.advance(new Date('2026-03-31T20:00:00Z').getTime() - start);
    try {
      const token = await signIn(ctx, 'staff@chamber.example');
      const march = await dueIds(token);
      expect(march.length).toBeGreaterThan(0);
      await other.db.execute(sql`update locations set timezone = 'Pacific/Kiritimati'`);
      const april = await dueIds(token);
      expect(april.length).toBeGreaterThan(0);
      expect(april.map((id) => made.find((m) => m.id === id)!.paidThrough!.slice(0, 7))).toEqual(
        april.map(() => '2026-04'),
      );
    } finally {
      await other.db.execute(sql`delete from locations where id = 'lists'`);
      ctx.clock.advance(start - ctx.clock.now().getTime());
    }
  });
});
