import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, membershipPlans, users } from '@chamber/db';
import {
  createContact,
  createTestApp,
  createTestUser,
  signIn,
  type TestContext,
} from '../../test/app.js';
import { calendarPeople, createCalendar, createdEvent } from '../../test/calendar.js';
import { partsOf, urlset } from './sitemap.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  await createCalendar(ctx.db);
});
afterAll(() => ctx.close());

async function sitemapUrls(): Promise<string[]> {
  const res = await ctx.app.inject('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/xml/);
  const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
  return [...doc.querySelectorAll('url > loc')].map((loc) => loc.textContent ?? '');
}

describe('/sitemap.xml', () => {
  it('lists the public pages, and not the personal ones', async () => {
    const urls = await sitemapUrls();
    for (const page of ['/', '/calendar', '/members', '/deals', '/join', '/about', '/privacy']) {
      expect(urls).toContain(`https://portal.example${page === '/' ? '/' : page}`);
    }
    expect(urls.some((u) => /\/(admin|profile|dashboard|login)$/.test(u))).toBe(false);
  });

  it('lists every category’s page, top-level and subcategories', async () => {
    const urls = await sitemapUrls();
    for (const slug of [
      'food-drink',
      'restaurants',
      'home-trades',
      'plumbing',
      'nonprofits-community',
    ]) {
      expect(urls).toContain(`https://portal.example/members/category/${slug}`);
    }
  });

  it('lists a newly listed member after the change, with its last change', async () => {
    const member = await createContact(ctx.db, { businessName: 'New & Listed' });
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.body).toContain(
      `<url><loc>https://portal.example/members/${member.id}</loc><lastmod>${member.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    );
  });

  it('drops a member hidden when lapsed, and one whose login is suspended', async () => {
    const lapsed = await createContact(ctx.db);
    const suspended = await createTestUser(ctx.db, { role: 'member', contact: true });
    const before = await sitemapUrls();
    expect(before).toContain(`https://portal.example/members/${lapsed.id}`);
    expect(before).toContain(`https://portal.example/members/${suspended.contactId}`);
    await ctx.db.update(contacts).set({ listed: false }).where(eq(contacts.id, lapsed.id));
    await ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    const after = await sitemapUrls();
    expect(after).not.toContain(`https://portal.example/members/${lapsed.id}`);
    expect(after).not.toContain(`https://portal.example/members/${suspended.contactId}`);
  });

  it('leaves out logins whose membership is unpaid, activated or staff, until it is paid', async () => {
    // Activated by staff before paying; a moderator who clicked Join (a contact of their own,
    // its membership pending until the join invoice is paid).
    const unpaid = await createTestUser(ctx.db, {
      contact: { businessName: 'Unpaid Upholstery', paymentStatus: 'pending' },
    });
    const staff = await createTestUser(ctx.db, {
      role: 'moderator',
      contact: { businessName: 'Moderator Mugs', paymentStatus: 'pending' },
    });
    const page = (id: string | null) => `https://portal.example/members/${id}`;
    const urls = await sitemapUrls();
    expect(urls).not.toContain(page(unpaid.contactId));
    expect(urls).not.toContain(page(staff.contactId));
    for (const search of ['upholstery', 'mugs']) {
      const res = await ctx.app.inject(`/api/members?search=${search}`);
      expect(res.json()).toMatchObject({ total: 0 });
    }
    expect((await ctx.app.inject(`/api/members/${unpaid.contactId}`)).statusCode).toBe(404);

    // Paid (its join invoice, recorded by an admin): listed at once.
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const [plan] = await ctx.db
      .select({ id: membershipPlans.id })
      .from(membershipPlans)
      .where(eq(membershipPlans.level, 'standard'));
    const joined = await ctx.app.inject({
      method: 'POST',
      url: '/api/membership/join',
      headers: { authorization: `Bearer ${await signIn(ctx, unpaid.email)}` },
      payload: { planId: plan!.id },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const invoice = joined.json<{ invoice: { id: string; totalCents: number } }>().invoice;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${invoice.id}/payments`,
      headers: { authorization: `Bearer ${await signIn(ctx, admin.email)}` },
      payload: { amountCents: invoice.totalCents, method: 'check', reference: '2044' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await sitemapUrls()).toContain(page(unpaid.contactId));
    const listed = await ctx.app.inject('/api/members?search=upholstery');
    expect(listed.json()).toMatchObject({ total: 1 });
  });

  it('lists upcoming events, not past ones', async () => {
    const { moderator } = await calendarPeople(ctx);
    // The test clock stands at 10 March 2026.
    const upcoming = await createdEvent(ctx, moderator.token, { title: 'Upcoming' });
    const past = await createdEvent(ctx, moderator.token, {
      title: 'Past',
      startTime: '2026-02-01T18:00:00.000Z',
      endTime: '2026-02-01T19:00:00.000Z',
    });
    const urls = await sitemapUrls();
    expect(urls).toContain(`https://portal.example/events/${upcoming.id}`);
    expect(urls).not.toContain(`https://portal.example/events/${past.id}`);
  });

  it('splits into parts named by an index past 50,000 URLs', () => {
    expect(partsOf(50_000)).toBe(1);
    expect(partsOf(50_001)).toBe(2);
    const xml = urlset([{ path: '/members/a&b' }], 'https://portal.example');
    expect(xml).toContain('<loc>https://portal.example/members/a&amp;b</loc>');
  });

  it('answers a part of a small sitemap 404', async () => {
    const res = await ctx.app.inject('/sitemap-1.xml');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('/robots.txt', () => {
  it('disallows the API, staff and personal pages and names the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const lines = res.body.split('\n');
    for (const path of ['/api/', '/admin', '/profile', '/account', '/dashboard', '/membership']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /members');
    expect(lines).toContain('Sitemap: https://portal.example/sitemap.xml');
  });
});
