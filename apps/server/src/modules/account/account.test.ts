import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountHub, MembershipValue } from '@chamber/contract';
import { deals, eventRegistrations, jobPosts, listingCounts } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { CALENDAR_ID, createCalendar } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';

const DAY = 86_400_000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Chamber</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let dist: string;
type Person = { contactId: string; token: string; email: string; userId: string };
let maria: Person;
let lena: Person;
let plans: Record<string, string>;

async function person(
  businessName: string,
  tier: 'standard' | 'elite' = 'elite',
  paymentStatus: 'paid' | 'pending' = 'paid',
): Promise<Person> {
  const user = await createTestUser(ctx.db, {
    contact: { businessName, membershipTier: tier, paymentStatus, email: null },
  });
  return {
    contactId: user.contactId!,
    token: await signIn(ctx, user.email),
    email: user.email,
    userId: user.id,
  };
}

const visit = (url: string, agent: string | null, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(agent ? { 'user-agent': agent } : {}), ...bearer(token) },
  });
const click = (contactId: string, kind: string, agent: string | null = BROWSER) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/members/${contactId}/clicks`,
    headers: agent ? { 'user-agent': agent } : {},
    payload: { kind },
  });

async function countsOf(contactId: string) {
  await ctx.app.listingCounter.flush();
  const rows = await ctx.db
    .select()
    .from(listingCounts)
    .where(eq(listingCounts.contactId, contactId))
    .orderBy(listingCounts.day, listingCounts.kind);
  return rows.map((r) => `${r.day} ${r.kind} ${r.count}`);
}

const value = async (token: string) => {
  const res = await visit('/api/membership/value', null, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MembershipValue>();
};
const hub = async (token: string) => {
  const res = await visit('/api/account', null, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountHub>();
};

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://portal.example' });
  // The chamber's zone is America/Denver: 2026-03-10 17:00 UTC is 10:00 on 2026-03-10.
  await createCalendar(ctx.db);
  maria = await person('Sweetwater Bakery');
  lena = await person('Lund Print', 'standard', 'pending');
  const rows = await ctx.db.query.membershipPlans.findMany();
  plans = Object.fromEntries(rows.map((p) => [p.slug, p.id]));
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

describe('counting listing views and clicks', () => {
  it('counts a person’s page views and clicks, not bots, prefetches or the member themselves', async () => {
    const shop = await person('Counted Cafe');
    expect((await visit(`/members/${shop.contactId}`, BROWSER)).statusCode).toBe(200);
    expect((await visit(`/api/members/${shop.contactId}`, BROWSER)).statusCode).toBe(200);
    // Not a person: a crawler, no user agent at all, a browser's prefetch.
    await visit(`/members/${shop.contactId}`, GOOGLEBOT);
    await visit(`/api/members/${shop.contactId}`, null);
    await ctx.app.inject({
      method: 'GET',
      url: `/members/${shop.contactId}`,
      headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
    });
    // The member reading their own page is no visitor.
    await visit(`/api/members/${shop.contactId}`, BROWSER, shop.token);
    expect((await click(shop.contactId, 'website')).statusCode).toBe(204);
    await click(shop.contactId, 'website');
    await click(shop.contactId, 'phone');
    await click(shop.contactId, 'website', GOOGLEBOT);
    expect(await countsOf(shop.contactId)).toEqual([
      '2026-03-10 listing_view 2',
      '2026-03-10 website_click 2',
      '2026-03-10 phone_click 1',
    ]);
  });

  it('keeps one total per listing, day and kind, on the chamber’s calendar day', async () => {
    const shop = await person('Daily Totals Diner');
    const start = ctx.clock.now().getTime();
    try {
      for (let i = 0; i < 3; i++) await visit(`/api/members/${shop.contactId}`, BROWSER);
      await ctx.app.listingCounter.flush();
      await visit(`/api/members/${shop.contactId}`, BROWSER);
      // 23:30 in Denver (MDT) is already the next day in UTC: still the chamber's 2026-03-10.
      ctx.clock.advance(Date.parse('2026-03-11T05:30:00Z') - start);
      await visit(`/api/members/${shop.contactId}`, BROWSER);
      ctx.clock.advance(2 * 3_600_000);
      await visit(`/api/members/${shop.contactId}`, BROWSER);
      expect(await countsOf(shop.contactId)).toEqual([
        '2026-03-10 listing_view 5',
        '2026-03-11 listing_view 1',
      ]);
    } finally {
      ctx.clock.advance(start - ctx.clock.now().getTime());
    }
  });

  it('stores nothing about the visitor: no address, agent or cookie', async () => {
    const columns = await ctx.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'listing_counts' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual(['contact_id', 'day', 'kind', 'count']);
    const shop = await person('Private Pantry');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/members/${shop.contactId}/clicks`,
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.9', cookie: 'a=b' },
      payload: { kind: 'phone' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    await ctx.app.listingCounter.flush();
    const dump = JSON.stringify((await ctx.db.execute(sql`select * from listing_counts`)).rows);
    expect(dump).not.toContain('203.0.113');
    expect(dump).not.toContain('Mozilla');
  });

  it('counts deal views, job post views and Apply clicks for the listing', async () => {
    const shop = await person('Jobs And Deals Co');
    await ctx.db.insert(deals).values({ contactId: shop.contactId, offer: '10% off coffee' });
    const [post] = await ctx.db
      .insert(jobPosts)
      .values({
        contactId: shop.contactId,
        title: 'Barista',
        description: 'Pull shots.',
        employmentType: 'part_time',
        workplace: 'on_site',
        applyUrl: 'mailto:jobs@example.org',
        closesOn: '2026-04-30',
        status: 'approved',
        postedAt: ctx.clock.now(),
      })
      .returning();
    expect((await visit('/api/deals', BROWSER)).statusCode).toBe(200);
    await visit('/api/deals', GOOGLEBOT);
    expect((await visit(`/api/job-posts/${post!.id}`, BROWSER)).statusCode).toBe(200);
    expect((await visit(`/job-postings/${post!.id}`, BROWSER)).statusCode).toBe(200);
    const apply = await ctx.app.inject({
      method: 'POST',
      url: `/api/job-posts/${post!.id}/apply-clicks`,
      headers: { 'user-agent': BROWSER },
    });
    expect(apply.statusCode).toBe(204);
    expect(await countsOf(shop.contactId)).toEqual([
      '2026-03-10 deal_view 1',
      '2026-03-10 job_view 2',
      '2026-03-10 apply_click 1',
    ]);
  });

  it('answers a click on a listing that does not exist, and counts nothing', async () => {
    const res = await click('00000000-0000-4000-8000-000000000000', 'website');
    expect(res.statusCode).toBe(204);
    expect(await countsOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect((await click(maria.contactId, 'fax')).statusCode).toBe(400);
  });
});

describe('the membership’s year', () => {
  it('adds up a seeded history: only this listing, only the last 365 days', async () => {
    const shop = await person('Known History Hardware');
    const other = await person('Someone Else');
    // The clock's day is 2026-03-10: the year is 2025-03-11 to 2026-03-10.
    await ctx.db.insert(listingCounts).values([
      { contactId: shop.contactId, day: '2025-03-10', kind: 'listing_view', count: 1000 },
      { contactId: shop.contactId, day: '2025-03-11', kind: 'listing_view', count: 400 },
      { contactId: shop.contactId, day: '2026-03-10', kind: 'listing_view', count: 12 },
      { contactId: shop.contactId, day: '2025-12-01', kind: 'website_click', count: 38 },
      { contactId: shop.contactId, day: '2025-12-01', kind: 'phone_click', count: 5 },
      { contactId: shop.contactId, day: '2025-06-01', kind: 'deal_view', count: 70 },
      { contactId: shop.contactId, day: '2025-06-01', kind: 'job_view', count: 44 },
      { contactId: shop.contactId, day: '2025-06-02', kind: 'apply_click', count: 9 },
      { contactId: other.contactId, day: '2026-01-01', kind: 'listing_view', count: 999 },
    ]);
    // Seven events checked in within the year (one registered with the login's address while
    // signed out), one registration not checked in, one check-in before the year, and one of
    // another business.
    const at = (iso: string) => new Date(iso);
    const checkIns: [string, string | null, Date | null][] = [
      ['2025-04-01T18:00:00Z', shop.userId, at('2025-04-01T18:05:00Z')],
      ['2025-05-01T18:00:00Z', shop.userId, at('2025-05-01T18:05:00Z')],
      ['2025-06-01T18:00:00Z', shop.userId, at('2025-06-01T18:05:00Z')],
      ['2025-07-01T18:00:00Z', shop.userId, at('2025-07-01T18:05:00Z')],
      ['2025-08-01T18:00:00Z', shop.userId, at('2025-08-01T18:05:00Z')],
      ['2025-09-01T18:00:00Z', null, at('2025-09-01T18:05:00Z')],
      ['2026-03-10T15:00:00Z', shop.userId, at('2026-03-10T15:05:00Z')],
      ['2025-10-01T18:00:00Z', shop.userId, null],
      ['2025-02-01T18:00:00Z', shop.userId, at('2025-02-01T18:05:00Z')],
      ['2025-11-01T18:00:00Z', other.userId, at('2025-11-01T18:05:00Z')],
    ];
    for (const [start, userId, checkedInAt] of checkIns) {
      const event = await createEvent(ctx.db, { calendarId: CALENDAR_ID, startTime: at(start) });
      await ctx.db.insert(eventRegistrations).values({
        eventId: event.id,
        name: 'Guest',
        email: userId ? `${userId}@example.org` : shop.email.toUpperCase(),
        userId,
        checkedInAt,
      });
    }
    expect(await value(shop.token)).toEqual({
      from: '2025-03-11',
      to: '2026-03-10',
      eventsAttended: 7,
      listingViews: 412,
      websiteClicks: 38,
      phoneClicks: 5,
      dealViews: 70,
      jobViews: 44,
      applyClicks: 9,
      summary: 'This year: 7 events, your listing was seen 412 times, 38 visits to your website',
    });
  });

  it('is refused to visitors and to a login without a member business', async () => {
    expect((await visit('/api/membership/value', null)).statusCode).toBe(401);
    const staff = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const res = await visit('/api/membership/value', null, await signIn(ctx, staff.email));
    expect(res.statusCode).toBe(403);
  });
});

describe('the member hub', () => {
  it('is refused to visitors', async () => {
    const res = await visit('/api/account', null);
    expect(res.statusCode).toBe(401);
  });

  it('gathers the member’s own standing, invoices, registrations, listing, posts and deals', async () => {
    const join = await ctx.app.inject({
      method: 'POST',
      url: '/api/membership/join',
      headers: bearer(lena.token),
      payload: { planId: plans['basic'], payBy: 'invoice' },
    });
    expect(join.statusCode, join.body).toBe(200);
    const invoiceId = join.json<{ invoice: { id: string } }>().invoice.id;
    const soon = await createEvent(ctx.db, {
      calendarId: CALENDAR_ID,
      title: 'Business After Hours',
      startTime: new Date(ctx.clock.now().getTime() + 7 * DAY),
    });
    const before = await createEvent(ctx.db, {
      calendarId: CALENDAR_ID,
      title: 'Ribbon Cutting',
      startTime: new Date(ctx.clock.now().getTime() - 20 * DAY),
    });
    await ctx.db.insert(eventRegistrations).values([
      { eventId: soon.id, name: 'Lena', email: lena.email, userId: lena.userId, guests: 2 },
      {
        eventId: before.id,
        name: 'Lena',
        email: lena.email,
        checkedInAt: new Date(before.startTime.getTime() + 60_000),
      },
      // Maria's, not Lena's.
      { eventId: soon.id, name: 'Maria', email: maria.email, userId: maria.userId },
    ]);
    await ctx.db.insert(deals).values({ contactId: maria.contactId, offer: 'Free cookie' });

    const mine = await hub(lena.token);
    expect(mine.listing).toMatchObject({ contactId: lena.contactId, name: 'Lund Print' });
    expect(mine.membership).toMatchObject({ status: 'pending', planName: expect.any(String) });
    expect(mine.membership!.nextPayment).toMatchObject({ amountCents: expect.any(Number) });
    expect(mine.invoicesToPay.map((i) => i.id)).toEqual([invoiceId]);
    expect(mine.upcoming).toHaveLength(1);
    expect(mine.upcoming[0]).toMatchObject({
      eventId: soon.id,
      title: 'Business After Hours',
      guests: 2,
      href: `/events/${soon.id}`,
    });
    expect(mine.upcoming[0]!.checkInCode).toMatch(/^r1\./);
    expect(mine.past).toEqual([
      expect.objectContaining({ eventId: before.id, title: 'Ribbon Cutting', attended: true }),
    ]);
    expect(mine.deals).toEqual([]);
    expect(mine.value).toMatchObject({ eventsAttended: 1 });
    // A standard listing's steps: no website or deal steps (its plan does not show them).
    expect(mine.listing!.steps.map((s) => s.key)).toEqual([
      'photo',
      'description',
      'hours',
      'phone',
    ]);

    const hers = await hub(maria.token);
    expect(hers.invoicesToPay).toEqual([]);
    expect(hers.upcoming.map((r) => r.eventId)).toEqual([soon.id]);
    expect(hers.upcoming[0]!.id).not.toBe(mine.upcoming[0]!.id);
    expect(hers.deals.map((d) => d.offer)).toEqual(['Free cookie']);
    expect(hers.listing!.steps.find((s) => s.key === 'deal')).toMatchObject({
      done: true,
      href: '/profile',
    });
  });

  it('names the next steps of the listing and where to take them', async () => {
    const shop = await person('Empty Listing LLC');
    const mine = await hub(shop.token);
    expect(mine.listing!.completeness).toBe(0);
    expect(mine.listing!.steps.slice(0, 3)).toEqual([
      { key: 'photo', label: 'Add a photo', done: false, href: '/profile' },
      { key: 'description', label: 'Describe your business', done: false, href: '/profile' },
      { key: 'hours', label: 'Add your opening hours', done: false, href: '/profile' },
    ]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${shop.contactId}`,
      headers: bearer(shop.token),
      payload: { phone: '(307) 555-0142', tagline: 'Everything for the garden' },
    });
    const after = await hub(shop.token);
    expect(after.listing!.steps.filter((s) => s.done).map((s) => s.key)).toEqual([
      'description',
      'phone',
    ]);
    expect(after.listing!.completeness).toBe(Math.round((100 * 2) / after.listing!.steps.length));
  });
});
