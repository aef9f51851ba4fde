import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AtRisk,
  AttendanceInsight,
  MembersInsight,
  Overview,
  PlansInsight,
  RetentionInsight,
  RevenueInsight,
} from '@chamber/contract';
import {
  eventRegistrations,
  deals,
  events,
  invoices,
  jobPosts,
  listingCounts,
  mailOutbox,
  membershipEvents,
  memberships,
  membershipSettings,
  membershipTerms,
  payments,
  type Database,
} from '@chamber/db';
import { CALENDAR_ID, createCalendar } from '../../test/calendar.js';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';

// The cockpit's figures against histories whose answers are known. The test app's clock stands
// at 2026-03-10 17:00 UTC: 10:00 in Denver, the chamber's zone, on 10 March 2026.

type Status = 'pending' | 'active' | 'grace' | 'lapsed' | 'cancelled';
type PlanKey = 'basic' | 'enhanced' | 'elite';
let plans: Record<PlanKey, { id: string; price: number }>;
let serial = 0;

async function loadPlans(db: Database) {
  const rows = await db.query.membershipPlans.findMany();
  plans = Object.fromEntries(
    rows.map((p) => [p.slug, { id: p.id, price: p.priceCents }]),
  ) as typeof plans;
}

/** A business with its membership as given (a trigger gives every contact one). */
async function membership(
  db: Database,
  set: {
    status: Status;
    plan?: PlanKey;
    nextPlan?: PlanKey;
    paidThrough?: string | null;
    terms?: [string, string][];
  },
) {
  serial += 1;
  const contact = await createContact(db, {
    businessName: `Cockpit Shop ${serial}`,
    email: `shop${serial}@cockpit.example`,
  });
  const terms = set.terms ?? [];
  const [row] = await db
    .update(memberships)
    .set({
      status: set.status,
      planId: plans[set.plan ?? 'basic'].id,
      nextPlanId: set.nextPlan ? plans[set.nextPlan].id : null,
      startedOn: terms[0]?.[0] ?? null,
      paidThrough:
        set.paidThrough ??
        terms
          .map((t) => t[1])
          .sort()
          .at(-1) ??
        null,
    })
    .where(eq(memberships.contactId, contact.id))
    .returning();
  // The contact's trigger may have given it a term of its own (from the real date): not ours.
  await db.delete(membershipTerms).where(eq(membershipTerms.membershipId, row!.id));
  for (const [startsOn, endsOn] of terms) {
    await db.insert(membershipTerms).values({
      membershipId: row!.id,
      planId: row!.planId,
      startsOn,
      endsOn,
    });
  }
  return { membership: row!, contact };
}

async function invoice(
  db: Database,
  set: {
    status: 'open' | 'paid' | 'void';
    totalCents: number;
    dueOn?: string;
    kind?: 'invoice' | 'credit_note';
    purpose?: 'membership_join' | 'membership_renewal' | 'event_ticket' | 'other';
  },
) {
  serial += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      number: `2026-${String(serial).padStart(4, '0')}`,
      year: 2026,
      sequence: serial,
      kind: set.kind ?? 'invoice',
      status: set.status,
      purpose: set.purpose ?? 'membership_renewal',
      billTo: { name: 'Lee Owner' },
      currency: 'USD',
      totalCents: set.totalCents,
      issuedOn: '2026-01-15',
      dueOn: set.dueOn ?? '2026-04-01',
    })
    .returning();
  return row!;
}

async function payment(
  db: Database,
  invoiceId: string,
  amountCents: number,
  receivedOn: string,
  kind: 'payment' | 'refund' = 'payment',
) {
  await db
    .insert(payments)
    .values({ invoiceId, amountCents, receivedOn, kind, currency: 'USD', method: 'check' });
}

async function event(
  db: Database,
  title: string,
  start: string,
  extra: Partial<typeof events.$inferInsert> = {},
) {
  const startTime = new Date(start);
  const [row] = await db
    .insert(events)
    .values({
      calendarId: CALENDAR_ID,
      title,
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
      ...extra,
    })
    .returning();
  return row!;
}

async function register(
  db: Database,
  eventId: string,
  guests: number,
  seatStatus = 'confirmed',
  checkedIn = false,
) {
  serial += 1;
  await db.insert(eventRegistrations).values({
    eventId,
    name: `Guest ${serial}`,
    email: `guest${serial}@cockpit.example`,
    guests,
    seatStatus,
    checkedInAt: checkedIn ? new Date('2026-03-01T18:00:00Z') : null,
  });
}

function getter(ctx: TestContext) {
  return async <T>(url: string, token: string): Promise<T> => {
    const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
}

/** A fresh app with the plans, 30 days of grace and an admin signed in. */
async function cockpitApp() {
  const ctx = await createTestApp();
  await loadPlans(ctx.db);
  await ctx.db.update(membershipSettings).set({ graceDays: 30 });
  const admin = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
  );
  return { ctx, admin, get: getter(ctx) };
}

describe('Today (GET /api/admin/overview)', () => {
  let ctx: TestContext;
  let admin: string;
  let get: ReturnType<typeof getter>;

  beforeAll(async () => {
    ({ ctx, admin, get } = await cockpitApp());
    await createCalendar(ctx.db);
    const db = ctx.db;

    // Memberships: five current (one in grace), one waiting for approval, one lapsed.
    await membership(db, { status: 'active', plan: 'basic', paidThrough: '2026-03-20' });
    await membership(db, {
      status: 'active',
      plan: 'enhanced',
      nextPlan: 'basic',
      paidThrough: '2026-04-25',
    });
    await membership(db, { status: 'grace', plan: 'elite', paidThrough: '2026-03-05' });
    await membership(db, { status: 'active', plan: 'elite', paidThrough: '2026-06-01' });
    await membership(db, { status: 'active', plan: 'enhanced', paidThrough: '2026-06-09' });
    await membership(db, { status: 'pending', plan: 'basic', paidThrough: '2027-03-09' });
    await membership(db, { status: 'pending', plan: 'basic', paidThrough: null });
    const { contact } = await membership(db, {
      status: 'lapsed',
      plan: 'basic',
      paidThrough: '2026-01-01',
    });

    // Invoices: three open (one overdue), one paid, one void, an open credit note.
    await invoice(db, { status: 'open', totalCents: 10_000, dueOn: '2026-03-01' });
    await invoice(db, { status: 'open', totalCents: 2_500 });
    await invoice(db, { status: 'open', totalCents: 1_234, dueOn: '2026-03-10' });
    const paid = await invoice(db, { status: 'paid', totalCents: 12_000 });
    await invoice(db, { status: 'void', totalCents: 9_999, dueOn: '2026-01-01' });
    await invoice(db, { status: 'open', totalCents: 777, kind: 'credit_note' });

    // Payments: two this month, a refund, one in February and one dated tomorrow.
    await payment(db, paid.id, 5_000, '2026-03-01');
    await payment(db, paid.id, 7_000, '2026-03-10');
    await payment(db, paid.id, 1_000, '2026-03-05', 'refund');
    await payment(db, paid.id, 3_000, '2026-02-28');
    await payment(db, paid.id, 4_000, '2026-03-11');

    // Job posts: two waiting for staff, one on the board.
    for (const status of ['pending', 'pending', 'approved'] as const) {
      await db.insert(jobPosts).values({
        contactId: contact.id,
        title: `Barista ${status}`,
        description: 'Coffee',
        employmentType: 'full_time',
        workplace: 'on_site',
        applyUrl: 'mailto:jobs@cockpit.example',
        closesOn: '2026-04-30',
        status,
      });
    }

    // Events: two within 60 days (one with registrations and a waiting list), one cancelled,
    // one too far ahead, one past.
    const soon = await event(db, 'Spring Mixer', '2026-03-15T01:00:00Z', { capacity: 5 });
    await register(db, soon.id, 3);
    await register(db, soon.id, 2);
    await register(db, soon.id, 1, 'waitlisted');
    await event(db, 'Board Meeting', '2026-03-12T15:00:00Z');
    await event(db, 'Cancelled Lunch', '2026-03-13T18:00:00Z', { status: 'cancelled' });
    await event(db, 'Summer Gala', '2026-06-01T01:00:00Z');
    const past = await event(db, 'Winter Breakfast', '2026-03-01T15:00:00Z');
    await register(db, past.id, 2, 'confirmed', true);
    await register(db, past.id, 2);

    // The outbox: two mails given up on, one sent.
    for (const state of ['failed', 'failed', 'sent']) {
      await db.insert(mailOutbox).values({ kind: 'registration', params: {}, state });
    }
  });
  afterAll(() => ctx.close());

  it('counts memberships, money, approvals, events and failed mail as of today', async () => {
    const overview = await get<Overview>('/api/admin/overview', admin);
    const { basic, elite } = plans;
    expect(overview).toEqual({
      today: '2026-03-10',
      currency: 'USD',
      members: { current: 5, grace: 1 },
      renewalsDue: [
        { withinDays: 30, count: 1, amountCents: basic.price },
        // The enhanced membership renews on the basic plan its downgrade asked for.
        { withinDays: 60, count: 2, amountCents: basic.price * 2 },
        { withinDays: 90, count: 3, amountCents: basic.price * 2 + elite.price },
      ],
      openInvoices: { count: 3, totalCents: 13_734, overdue: 1 },
      paymentsThisMonth: { count: 2, amountCents: 12_000, refundedCents: 1_000 },
      approvals: { jobPosts: 2, newMembers: 1 },
      upcomingEvents: [
        expect.objectContaining({
          title: 'Board Meeting',
          seatsTaken: 0,
          capacity: null,
          waiting: 0,
        }),
        expect.objectContaining({ title: 'Spring Mixer', seatsTaken: 5, capacity: 5, waiting: 1 }),
      ],
      failedMail: 2,
    });
  });

  it('follows the clock: eleven days later the windows and the month have moved', async () => {
    ctx.clock.advance(11 * 86_400_000);
    try {
      const staff = await signIn(
        ctx,
        (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
      );
      const overview = await get<Overview>('/api/admin/overview', staff);
      expect(overview.today).toBe('2026-03-21');
      // Paid through 20 March is no longer due ahead, 9 June now is; the payment dated 11
      // March now counts.
      const { basic, enhanced, elite } = plans;
      expect(overview.renewalsDue).toEqual([
        { withinDays: 30, count: 0, amountCents: 0 },
        { withinDays: 60, count: 1, amountCents: basic.price },
        { withinDays: 90, count: 3, amountCents: basic.price + elite.price + enhanced.price },
      ]);
      expect(overview.paymentsThisMonth).toEqual({
        count: 3,
        amountCents: 16_000,
        refundedCents: 1_000,
      });
      expect(overview.upcomingEvents).toEqual([]);
    } finally {
      ctx.clock.advance(-11 * 86_400_000);
    }
  });

  it('shows past events registered against checked in, and members by plan', async () => {
    const attendance = await get<AttendanceInsight>('/api/admin/insights/attendance', admin);
    expect(attendance.events).toEqual([
      expect.objectContaining({ title: 'Winter Breakfast', registered: 4, checkedIn: 2 }),
    ]);
    const byPlan = await get<PlansInsight>('/api/admin/insights/plans', admin);
    const members = Object.fromEntries(byPlan.plans.map((p) => [p.level, p.members]));
    expect(members).toEqual({ standard: 1, enhanced: 2, elite: 2 });
  });

  it('keeps the attendance answer, and lists an event once it has started', async () => {
    const titles = async () =>
      (await get<AttendanceInsight>('/api/admin/insights/attendance', admin)).events.map(
        (e) => e.title,
      );
    const hits = async () => {
      const { caches } = await get<{ caches: { name: string; hits: number }[] }>(
        '/api/admin/kept-answers',
        admin,
      );
      return caches.find((c) => c.name === 'insight answers')?.hits ?? 0;
    };
    expect(await titles()).toEqual(['Winter Breakfast']);
    // The same answer again, as sent before: nothing changed, not even the hour.
    const before = await hits();
    expect(await titles()).toEqual(['Winter Breakfast']);
    expect(await hits()).toBe(before + 1);
    // An event of half an hour from now, with a party: once it has started and the hour has
    // turned, it is listed (the answer is kept per data version and hour).
    const lunch = await event(ctx.db, 'Quick Lunch', '2026-03-10T17:30:00Z');
    try {
      await register(ctx.db, lunch.id, 2);
      expect(await titles()).toEqual(['Winter Breakfast']);
      ctx.clock.advance(61 * 60_000);
      try {
        expect(await titles()).toEqual(['Winter Breakfast', 'Quick Lunch']);
      } finally {
        ctx.clock.advance(-61 * 60_000);
      }
    } finally {
      await ctx.db.delete(events).where(eq(events.id, lunch.id));
    }
  });

  it('lists the dates of a series that people registered for: upcoming, and past ones attended', async () => {
    const coffee = await event(ctx.db, 'Weekly Coffee', '2026-03-03T15:00:00Z', {
      rrule: 'FREQ=WEEKLY',
    });
    try {
      // A party for last week's date (3 March), one for tomorrow's (11 March), one far ahead.
      for (const [occurrenceKey, guests] of [
        ['20260303T150000Z', 3],
        ['20260311T150000Z', 2],
        ['20260602T150000Z', 1],
      ] as const) {
        await ctx.db.insert(eventRegistrations).values({
          eventId: coffee.id,
          occurrenceKey,
          name: `Coffee ${occurrenceKey}`,
          email: `coffee-${occurrenceKey.toLowerCase()}@cockpit.example`,
          guests,
          seatStatus: 'confirmed',
        });
      }
      const overview = await get<Overview>('/api/admin/overview', admin);
      expect(overview.upcomingEvents.filter((e) => e.title === 'Weekly Coffee')).toEqual([
        expect.objectContaining({ id: `${coffee.id}_20260311T150000Z`, seatsTaken: 2 }),
      ]);
      const attendance = await get<AttendanceInsight>('/api/admin/insights/attendance', admin);
      expect(attendance.events.map((e) => [e.title, e.registered])).toEqual([
        ['Winter Breakfast', 4],
        ['Weekly Coffee', 3],
      ]);
    } finally {
      await ctx.db.delete(events).where(eq(events.id, coffee.id));
    }
  });

  it('refuses members and moderators, and a months out of range', async () => {
    const member = await signIn(ctx, (await createTestUser(ctx.db)).email);
    const moderator = await signIn(
      ctx,
      (await createTestUser(ctx.db, { role: 'moderator' })).email,
    );
    for (const token of [member, moderator]) {
      const res = await ctx.app.inject({
        url: '/api/admin/overview',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
    }
    const res = await ctx.app.inject({
      url: '/api/admin/insights/members?months=0',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(400);
  });

  // Last of this block: it adds a membership and an invoice that stay.
  it('keeps the counts per data version, reads invoices and failed mail fresh, drops begun events', async () => {
    const first = await get<Overview>('/api/admin/overview', admin);
    // Neither invoices nor the outbox raise the data version: they are read on each request,
    // while the kept counts stay as they were.
    await invoice(ctx.db, { status: 'open', totalCents: 500 });
    const [mail] = await ctx.db
      .insert(mailOutbox)
      .values({ kind: 'registration', params: {}, state: 'failed' })
      .returning();
    try {
      const second = await get<Overview>('/api/admin/overview', admin);
      expect(second.openInvoices).toEqual({
        count: first.openInvoices.count + 1,
        totalCents: first.openInvoices.totalCents + 500,
        overdue: first.openInvoices.overdue,
      });
      expect(second.failedMail).toBe(first.failedMail + 1);
      // A membership raises it: the counts are computed again.
      await membership(ctx.db, { status: 'active', plan: 'basic', paidThrough: '2027-01-01' });
      const third = await get<Overview>('/api/admin/overview', admin);
      expect(third.members.current).toBe(first.members.current + 1);
    } finally {
      await ctx.db.delete(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    }
    // An event of an hour from now is listed; two hours on, with nothing changed but the
    // clock, it has begun and leaves the kept list.
    const coffee = await event(ctx.db, 'Quick Coffee', '2026-03-10T18:00:00Z');
    try {
      const titles = async () =>
        (await get<Overview>('/api/admin/overview', admin)).upcomingEvents.map((e) => e.title);
      expect(await titles()).toEqual(['Quick Coffee', 'Board Meeting', 'Spring Mixer']);
      ctx.clock.advance(2 * 3_600_000);
      try {
        expect(await titles()).toEqual(['Board Meeting', 'Spring Mixer']);
      } finally {
        ctx.clock.advance(-2 * 3_600_000);
      }
    } finally {
      await ctx.db.delete(events).where(eq(events.id, coffee.id));
    }
  });
});

describe('How the chamber is doing (insights)', () => {
  let ctx: TestContext;
  let admin: string;
  let get: ReturnType<typeof getter>;

  beforeAll(async () => {
    ({ ctx, admin, get } = await cockpitApp());
    const db = ctx.db;
    const old: [string, string][] = [
      ['2023-06-01', '2024-05-31'],
      ['2024-06-01', '2025-05-31'],
      ['2025-06-01', '2026-05-31'],
    ];
    // Ten members a year ago who joined before that year: seven renew every year, one renews
    // and is in grace today, one lapsed, one was cancelled mid-term.
    for (let i = 0; i < 7; i += 1) await membership(db, { status: 'active', terms: old });
    await membership(db, {
      status: 'grace',
      terms: [
        ['2024-03-02', '2025-03-01'],
        ['2025-03-02', '2026-03-01'],
      ],
    });
    await membership(db, { status: 'lapsed', terms: [['2024-02-21', '2025-02-20']] });
    const cancelled = await membership(db, { status: 'cancelled', terms: old });
    await db.insert(membershipEvents).values({
      membershipId: cancelled.membership.id,
      kind: 'cancelled',
      at: new Date('2025-12-01T18:00:00Z'),
    });
    // Five who joined in the year before (first-year members): four renew, one lapses. One
    // of the four upgraded meanwhile: the remainder's term is not a renewal.
    for (let i = 0; i < 4; i += 1) {
      const terms: [string, string][] = [
        ['2024-09-01', '2025-08-31'],
        ['2025-09-01', '2026-08-31'],
      ];
      if (i === 0) terms.push(['2025-10-01', '2026-08-31']);
      await membership(db, { status: 'active', terms });
    }
    await membership(db, { status: 'lapsed', terms: [['2024-09-01', '2025-08-31']] });
    // One who joined since: in neither base.
    await membership(db, { status: 'active', terms: [['2025-06-01', '2026-05-31']] });
    // Money: dues, a ticket and its partial refund, something else, and one too early.
    const renewal = await invoice(db, { status: 'paid', totalCents: 10_000 });
    const ticket = await invoice(db, {
      status: 'paid',
      totalCents: 2_500,
      purpose: 'event_ticket',
    });
    const other = await invoice(db, { status: 'paid', totalCents: 700, purpose: 'other' });
    const join = await invoice(db, {
      status: 'paid',
      totalCents: 8_000,
      purpose: 'membership_join',
    });
    await payment(db, renewal.id, 10_000, '2026-03-02');
    await payment(db, ticket.id, 2_500, '2026-03-05');
    await payment(db, ticket.id, 500, '2026-03-06', 'refund');
    await payment(db, other.id, 700, '2026-02-10');
    await payment(db, join.id, 8_000, '2025-04-01');
    await payment(db, join.id, 8_000, '2025-03-31');
  });
  afterAll(() => ctx.close());

  it('counts retention as ACCE does: exactly 80%, 12-month and first-year', async () => {
    const retention = await get<RetentionInsight>('/api/admin/insights/retention', admin);
    expect(retention).toEqual({
      today: '2026-03-10',
      since: '2025-03-10',
      twelveMonth: { base: 15, retained: 12, rate: 0.8 },
      firstYear: { base: 5, retained: 4, rate: 0.8 },
    });
  });

  it('counts joins, renewals, lapses and members per month', async () => {
    const { months } = await get<MembersInsight>('/api/admin/insights/members?months=24', admin);
    expect(months).toHaveLength(24);
    expect(months[0]!.month).toBe('2024-04');
    const at = (month: string) => months.find((m) => m.month === month);
    expect(at('2024-09')).toMatchObject({ joins: 5, renewals: 0, lapses: 0 });
    expect(at('2025-03')).toEqual({
      month: '2025-03',
      joins: 0,
      renewals: 1,
      lapses: 1,
      members: 14,
    });
    expect(at('2025-06')).toEqual({
      month: '2025-06',
      joins: 1,
      renewals: 8,
      lapses: 0,
      members: 15,
    });
    expect(at('2025-09')).toEqual({
      month: '2025-09',
      joins: 0,
      renewals: 4,
      lapses: 0,
      members: 15,
    });
    expect(at('2025-10')).toEqual({
      month: '2025-10',
      joins: 0,
      renewals: 0,
      lapses: 1,
      members: 14,
    });
    expect(at('2025-12')).toEqual({
      month: '2025-12',
      joins: 0,
      renewals: 0,
      lapses: 1,
      members: 13,
    });
    expect(at('2026-03')).toEqual({
      month: '2026-03',
      joins: 0,
      renewals: 0,
      lapses: 0,
      members: 13,
    });
  });

  it('sums money received per month and source, less refunds', async () => {
    const revenue = await get<RevenueInsight>('/api/admin/insights/revenue?months=12', admin);
    expect(revenue.months).toHaveLength(12);
    expect(revenue.months[0]).toEqual({
      month: '2025-04',
      duesCents: 8_000,
      ticketsCents: 0,
      otherCents: 0,
      totalCents: 8_000,
    });
    expect(revenue.months.at(-2)).toEqual({
      month: '2026-02',
      duesCents: 0,
      ticketsCents: 0,
      otherCents: 700,
      totalCents: 700,
    });
    expect(revenue.months.at(-1)).toEqual({
      month: '2026-03',
      duesCents: 10_000,
      ticketsCents: 2_000,
      otherCents: 0,
      totalCents: 12_000,
    });
    // The answer is kept, but a payment recorded since is in the next one.
    const late = await invoice(ctx.db, { status: 'paid', totalCents: 300, purpose: 'other' });
    await payment(ctx.db, late.id, 300, '2026-03-09');
    const again = await get<RevenueInsight>('/api/admin/insights/revenue?months=12', admin);
    expect(again.months.at(-1)).toMatchObject({ otherCents: 300, totalCents: 12_300 });
  });
});

describe('At-risk members (GET /api/admin/insights/at-risk)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await loadPlans(ctx.db);
  });
  afterAll(() => ctx.close());

  it('lists memberships due within 60 days whose engagement score is below 40', async () => {
    const db = ctx.db;
    const admin = await signIn(
      ctx,
      (await createTestUser(ctx.db, { role: 'admin', contact: false })).email,
    );
    // Due in 10 days, nothing done: score 0.
    const quiet = await membership(db, { status: 'active', paidThrough: '2026-03-20' });
    // Due in 40 days, a phone and website only (2 parts: 10) and one deal (15): score 25.
    const some = await membership(db, { status: 'grace', paidThrough: '2026-04-19' });
    await db.execute(
      sql`update contacts set phone = '801-555-0101', website = 'https://a.example' where id = ${some.contact.id}`,
    );
    await db.insert(deals).values({ contactId: some.contact.id, offer: '10% off' });
    // Due in 20 days, busy: full listing (30), a deal (15) and a job post (15): score 60.
    const busy = await membership(db, { status: 'active', paidThrough: '2026-03-30' });
    await db.execute(sql`update contacts set phone = '801-555-0102', website = 'https://b.example',
      bio = 'We bake.', avatar_url = '/media/logo.png', address1 = '1 Main St',
      opening_hours = '{"days":{},"closures":[]}'::jsonb where id = ${busy.contact.id}`);
    await db.insert(deals).values({ contactId: busy.contact.id, offer: 'Free coffee' });
    await db.insert(jobPosts).values({
      contactId: busy.contact.id,
      title: 'Baker',
      description: 'Bread',
      employmentType: 'full_time',
      workplace: 'on_site',
      applyUrl: 'mailto:jobs@b.example',
      closesOn: '2026-04-30',
      status: 'approved',
    });
    // Due in 30 days, seen 60 times in the last 12 months (two steps of 25: 10); the 1000 views
    // of 13 months ago no longer count: score 10.
    const seen = await membership(db, { status: 'active', paidThrough: '2026-04-09' });
    await db.insert(listingCounts).values([
      { contactId: seen.contact.id, day: '2026-03-09', kind: 'listing_view', count: 40 },
      { contactId: seen.contact.id, day: '2025-03-11', kind: 'listing_view', count: 20 },
      { contactId: seen.contact.id, day: '2025-02-09', kind: 'listing_view', count: 1000 },
      { contactId: seen.contact.id, day: '2026-03-01', kind: 'website_click', count: 500 },
    ]);
    // Due in 70 days: not yet listed, however quiet.
    await membership(db, { status: 'active', paidThrough: '2026-05-19' });

    const res = await ctx.app.inject({
      url: '/api/admin/insights/at-risk',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<AtRisk>();
    expect(answer.threshold).toBe(40);
    expect(answer.members.map((m) => [m.membershipId, m.score])).toEqual([
      [quiet.membership.id, 0],
      [seen.membership.id, 10],
      [some.membership.id, 25],
    ]);
    expect(answer.members[1]).toMatchObject({ listingViews: 60, eventsAttended: 0 });
    expect(answer.members[2]).toMatchObject({
      listingComplete: 2,
      deals: 1,
      jobPosts: 0,
      phone: '801-555-0101',
      email: some.contact.email,
    });
  });
});
