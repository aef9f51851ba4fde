import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfigSchema,
  appointmentSchema,
  calendarSchema,
  eventListSchema,
  jobPostListSchema,
  jobPostSchema,
  localMoment,
  memberDetailSchema,
  memberListSchema,
  membershipPlanListSchema,
  PAGE_STATE_ID,
  type Appointment,
} from '@chamber/contract';
import { chambers, contacts, jobPosts, membershipPlans } from '@chamber/db';
import { keptAnswerStats } from '../../lib/versioned-cache.js';
import { createTestApp, createContact, type TestContext } from '../../test/app.js';
import {
  CALENDAR_ID,
  calendarPeople,
  createCalendar,
  createdEvent,
  createSeries,
  updateAppointment,
} from '../../test/calendar.js';

// The real web build and its server entry (`pnpm run build` makes both, before these tests).
const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST, PUBLIC_URL: 'https://portal.example' });
});
afterAll(async () => {
  await ctx.close();
});

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data: unknown; status: string; dataUpdatedAt: number };
}

async function page(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  const root = doc.getElementById('root')!;
  const state = doc.getElementById(PAGE_STATE_ID);
  const parsed = state
    ? (JSON.parse(state.textContent ?? '') as { queries: DehydratedQuery[]; renderedAt: number })
    : null;
  const queries = parsed?.queries ?? [];
  /** The data the page was drawn from, under the key the web app reads. */
  const query = (key: unknown[]) =>
    queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key));
  const data = (key: unknown[]) => query(key)?.state.data;
  return {
    query,
    res,
    doc,
    root,
    text: root.textContent ?? '',
    state,
    data,
    renderedAt: parsed?.renderedAt,
  };
}

/** An approved post on the board, posted in the chamber's evening (the next day in UTC). */
async function openJob(contactId: string, title: string) {
  const [post] = await ctx.db
    .insert(jobPosts)
    .values({
      contactId,
      title,
      description: 'Steady work.',
      employmentType: 'full_time',
      workplace: 'on_site',
      applyUrl: 'mailto:jobs@example.com',
      closesOn: '2026-04-01',
      status: 'approved',
      postedAt: new Date('2026-03-03T05:00:00Z'),
    })
    .returning();
  return post!;
}

describe('server-rendered public pages', () => {
  it('draws an enhanced member’s page in the body, with its head and its data', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Sweetwater <Bakery>',
      membershipTier: 'enhanced',
      tagline: 'Fresh bread daily',
      address1: '12 Main St',
      city: 'Riverton',
    });
    const { res, doc, root, text, data } = await page(`/members/${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1, h2')?.textContent).toContain('Sweetwater <Bakery>');
    expect(text).toContain('Fresh bread daily');
    expect(text).toContain('12 Main St');
    // The head is still the page's.
    expect(doc.title).toBe('Sweetwater <Bakery> | Riverton Area Chamber of Commerce');
    expect(doc.querySelector('script[type="application/ld+json"]')).not.toBeNull();
    // Nothing tells the reader that JavaScript is needed.
    expect(doc.querySelector('noscript')).toBeNull();
    // The data the browser starts from has the API's shape, under the web app's keys.
    const detail = memberDetailSchema.parse(data(['members', 'detail', member.id]));
    expect(detail.businessName).toBe('Sweetwater <Bakery>');
    appConfigSchema.parse(data(['app-config']));
    // A link of the page is a real link.
    expect(root.querySelector('a[href="/members"]')).not.toBeNull();
  });

  it('draws the page in the chamber’s accent: the app has nothing to restyle when it starts', async () => {
    await createCalendar(ctx.db);
    await ctx.db
      .update(chambers)
      .set({ accentColor: '#7f1d1d' })
      .where(eq(chambers.id, 'riverton-chamber'));
    const member = await createContact(ctx.db, { businessName: 'Accent Shop' });
    const { doc } = await page(`/members/${member.id}`);
    const style = doc.documentElement.style;
    // Dark red already contrasts on the light surface; on the dark one it is lightened.
    expect(style.getPropertyValue('--accent-light')).toBe('#7f1d1d');
    expect(style.getPropertyValue('--accent-dark')).toMatch(/^#[0-9a-f]{6}$/);
    expect(style.getPropertyValue('--accent-dark')).not.toBe('#7f1d1d');
  });

  it('leaves out of the body what a basic member’s tier does not show', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Corner Hardware',
      membershipTier: 'standard',
      address1: '99 Hidden Rd',
      bio: 'A bio only enhanced members publish',
      coverImageUrl: '/api/media/cover-basic.webp',
    });
    const { res, text } = await page(`/members/${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(text).toContain('Corner Hardware');
    for (const hidden of ['99 Hidden Rd', 'A bio only', 'cover-basic']) {
      expect(res.body).not.toContain(hidden);
    }
  });

  it('draws the directory’s first page with links to the members', async () => {
    const first = await createContact(ctx.db, {
      firstName: 'Aaliyah',
      businessName: 'Aardvark Ales',
    });
    const { res, root, text, data } = await page('/members');
    expect(res.statusCode).toBe(200);
    expect(text).toContain('Aardvark Ales');
    expect(root.querySelector(`a[href="/members/${first.id}"]`)).not.toBeNull();
    const list = data(['members', 'list', { search: '', role: null, sort: 'name' }]) as {
      pages: unknown[];
    };
    const firstPage = memberListSchema.parse(list.pages[0]);
    expect(firstPage.members.map((m) => m.businessName)).toContain('Aardvark Ales');
  });

  it('draws the businesses open now at /members/open-now, a minute’s page at a time', async () => {
    // The test clock reads Tuesday 10 March 2026, 11:00 in Denver (the chamber's default zone).
    expect(localMoment(ctx.clock.now(), 'America/Denver')).toMatchObject({
      weekday: 'tuesday',
      time: '11:00',
    });
    const allDay = await createContact(ctx.db, {
      businessName: 'Always Open Diner',
      openingHours: { days: { tuesday: [{ opens: '00:00', closes: '24:00' }] }, closures: [] },
    });
    await createContact(ctx.db, {
      businessName: 'One Minute Kiosk',
      openingHours: { days: { tuesday: [{ opens: '11:00', closes: '11:01' }] }, closures: [] },
    });
    await createContact(ctx.db, { businessName: 'No Hours Garage' });
    const first = await page('/members/open-now');
    expect(first.res.statusCode).toBe(200);
    expect(first.doc.title).toBe('Open now | Member directory | Riverton Area Chamber of Commerce');
    expect(first.text).toContain('Always Open Diner');
    expect(first.text).toContain('One Minute Kiosk');
    expect(first.text).not.toContain('No Hours Garage');
    expect(first.text).toContain('Open now');
    expect(first.root.querySelector(`a[href="/members/${allDay.id}"]`)).not.toBeNull();
    // The filter is a link back to every member: it works without scripts.
    expect(first.root.querySelector('a[href="/members"][aria-current="page"]')).not.toBeNull();

    // A minute later the kiosk has closed: no data changed, the kept page is the next minute's.
    ctx.clock.advance(60_000);
    try {
      const later = await page('/members/open-now');
      expect(later.text).toContain('Always Open Diner');
      expect(later.text).not.toContain('One Minute Kiosk');
      // The directory's cards say the same.
      expect((await page('/members')).text).toMatch(
        /One Minute Kiosk.*Closed.*Opens Tue, Mar 17 at 11:00 AM/s,
      );
    } finally {
      // The other pages (an event's countdown) are read at the file's own moment.
      ctx.clock.advance(-60_000);
    }
  });

  it('draws the static pages', async () => {
    for (const url of ['/about', '/contact', '/privacy', '/terms']) {
      const { res, root } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(root.querySelector('h1')?.textContent, url).toBeTruthy();
    }
  });

  it('draws the job board’s first page, and leaves a search to the browser', async () => {
    const business = await createContact(ctx.db, { businessName: 'Harbor <Fish> Co' });
    const post = await openJob(business.id, 'Dock hand & net mender');
    const { res, root, text, data } = await page('/job-postings');
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Job Postings');
    expect(text).toContain('Dock hand & net mender');
    expect(text).toContain('Harbor <Fish> Co');
    expect(root.querySelector(`a[href="/job-postings/${post.id}"]`)).not.toBeNull();
    const key = [
      'job-posts',
      'board',
      { q: '', type: null, workplace: null, business: null, page: 1 },
    ];
    const board = jobPostListSchema.parse(data(key));
    expect(board.jobPosts.map((p) => p.title)).toContain('Dock hand & net mender');

    // The board is drawn from its query: with one, the browser draws it (the head stays).
    for (const url of ['/job-postings?q=dock', '/job-postings?page=2']) {
      const searched = await page(url);
      expect(searched.res.statusCode, url).toBe(200);
      expect(searched.root.childNodes, url).toHaveLength(0);
      expect(searched.state, url).toBeNull();
    }
    // A page that does not read its query is the same page with one.
    expect((await page('/about?utm_source=news')).root.querySelector('h1')).not.toBeNull();
  });

  it('draws an open job post’s page, and leaves a closed one’s 410 to the browser', async () => {
    // The chamber, in America/Denver: a post's day is the chamber's, wherever it is drawn.
    await createCalendar(ctx.db);
    const business = await createContact(ctx.db, { businessName: 'Quarry Road Diner' });
    const post = await openJob(business.id, 'Line cook');
    const { res, root, text, data } = await page(`/job-postings/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Line cook');
    expect(text).toContain('Quarry Road Diner');
    expect(text).toContain('Posted March 2, 2026');
    expect(root.querySelector(`a[href="/members/${business.id}"]`)).not.toBeNull();
    expect(jobPostSchema.parse(data(['job-posts', 'post', post.id, 'visitor'])).title).toBe(
      'Line cook',
    );

    await ctx.db.update(jobPosts).set({ status: 'closed' }).where(eq(jobPosts.id, post.id));
    const closed = await page(`/job-postings/${post.id}`);
    expect(closed.res.statusCode).toBe(410);
    expect(closed.root.childNodes).toHaveLength(0);
    expect(closed.state).toBeNull();
  });

  it('leaves a missing member’s 404 to the browser', async () => {
    const { res, root, state } = await page('/members/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(root.childNodes).toHaveLength(0);
    expect(state).toBeNull();
  });

  it('keeps a page until its data changes', async () => {
    const member = await createContact(ctx.db, { businessName: 'Old Name Books' });
    expect((await page(`/members/${member.id}`)).text).toContain('Old Name Books');
    await ctx.db
      .update(contacts)
      .set({ businessName: 'New Name Books' })
      .where(eq(contacts.id, member.id));
    const { text } = await page(`/members/${member.id}`);
    expect(text).toContain('New Name Books');
    expect(text).not.toContain('Old Name Books');
  });
  it('sends a kept page compressed as the browser accepts, made again when the data moves', async () => {
    const member = await createContact(ctx.db, { businessName: 'Squeezed Juice Bar' });
    const url = `/members/${member.id}`;
    const get = (acceptEncoding?: string) =>
      ctx.app.inject({
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Squeezed Juice Bar');

    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    for (const neither of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get(neither);
      expect(res.headers['content-encoding'], neither).toBeUndefined();
      expect(res.headers['vary'], neither).toMatch(/accept-encoding/i);
      expect(res.body, neither).toBe(plain.body);
    }

    // Only the compressed forms are held: the plain page is made again from gzip for the
    // client that accepts neither.
    const keptBytes = () =>
      keptAnswerStats().find((c) => c.name === 'pages with their head tags')?.bytes ?? 0;
    const before = keptBytes();
    const other = await createContact(ctx.db, { businessName: 'Wrung Out Laundry' });
    const otherPage = (acceptEncoding: string) =>
      ctx.app.inject({
        url: `/members/${other.id}`,
        headers: { 'accept-encoding': acceptEncoding },
      });
    expect((await otherPage('identity')).body).toContain('Wrung Out Laundry');
    const forms = [await otherPage('br'), await otherPage('gzip')];
    expect(forms.map((res) => res.headers['content-encoding'])).toEqual(['br', 'gzip']);
    expect(keptBytes() - before).toBe(forms[0]!.rawPayload.length + forms[1]!.rawPayload.length);

    // The compressed forms belong to the kept page's data version.
    await ctx.db
      .update(contacts)
      .set({ businessName: 'Pressed Juice Bar' })
      .where(eq(contacts.id, member.id));
    const after = brotliDecompressSync((await get('br')).rawPayload).toString();
    expect(after).toContain('Pressed Juice Bar');
    expect(after).not.toContain('Squeezed Juice Bar');
    expect(gunzipSync((await get('gzip')).rawPayload).toString()).toBe(after);

    // A page answered 404 (the browser draws the error card) keeps its status compressed.
    const missing = await ctx.app.inject({
      url: '/members/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<div id="root">');
  });
  it('runs the theme and Intl warm-up scripts inline, before the app’s, allowed by their hashes', async () => {
    const { res, doc } = await page('/members');
    const inline = [...doc.querySelectorAll('head script:not([src]):not([type])')];
    const texts = inline.map((script) => script.textContent ?? '');
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('vite-ui-theme');
    expect(texts[1]).toContain('new Worker');
    // Before the stylesheet and the app's scripts: nothing to wait for.
    const head = [...doc.head.children];
    for (const script of inline) {
      for (const later of doc.head.querySelectorAll('link[rel="stylesheet"], script[src]')) {
        expect(head.indexOf(script)).toBeLessThan(head.indexOf(later));
      }
    }
    // The hashes of exactly the texts served (JSDOM gives them back unchanged).
    const hashes = texts.map(
      (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
    );
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )![1]!;
    expect(scriptSrc.split(' ')).toEqual(["'self'", ...hashes]);
  });
});

describe('server-rendered pages drawn from the calendar and the plans', () => {
  // The test clock: Tuesday, March 10, 2026, 11:00 in Denver (17:00 UTC).
  let admin: string;
  let luncheon: Appointment;

  beforeAll(async () => {
    await createCalendar(ctx.db);
    admin = (await calendarPeople(ctx)).admin.token;
    luncheon = await createdEvent(ctx, admin, {
      title: 'Spring <Luncheon> & Awards',
      location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
      startTime: '2026-03-19T18:00:00.000Z',
      endTime: '2026-03-19T19:15:00.000Z',
      memberPriceCents: 2500,
      priceCents: 3500,
      ticketPayment: 'door',
    });
  });

  it('draws an event page: title, place, time in the chamber’s zone, price, countdown', async () => {
    const { res, root, text, data, renderedAt } = await page(`/events/${luncheon.id}`);
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Spring <Luncheon> & Awards');
    expect(text).toContain('Riverton City Hall, 12830 S Redwood Rd, Riverton, UT');
    expect(text).toContain('Thursday, March 19, 2026');
    expect(text).toContain('12:00 PM – 1:15 PM MDT');
    expect(text).toContain('Members $25.00 · Non-members $35.00');
    expect(text).toContain('Paid at the door.');
    // The countdown from the server's clock: 9 days and 1 hour before the start.
    expect(text).toContain('Starts in 9 days, 1 hours and 0 minutes');
    expect(text).toContain('Register Now');
    expect(root.querySelector('a[href="/calendar"]')).not.toBeNull();
    expect(renderedAt).toBe(ctx.clock.now().getTime());
    const event = appointmentSchema.parse(data(['calendar', 'event', luncheon.id]));
    expect(event.ticket?.payment).toBe('door');
  });

  it('draws the occurrence that replaced a retired id, under the id asked for', async () => {
    const series = await createSeries(ctx, admin, { title: 'Stable Breakfast' });
    const retired = `${series.masterEventId}_20260324T133000Z`;
    const moved = await updateAppointment(
      ctx,
      `${series.masterEventId}_20260317T133000Z`,
      {
        location: 'Copperleaf Coffee House',
        startTime: '2026-03-17T14:00:00.000Z',
        endTime: '2026-03-17T15:00:00.000Z',
        recurringEventUpdateType: 'this_and_following_events',
      },
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const { res, root, text, data } = await page(`/events/${retired}`);
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Stable Breakfast');
    expect(text).toContain('Copperleaf Coffee House');
    expect(text).toContain('8:00 AM – 9:00 AM MDT');
    const event = appointmentSchema.parse(data(['calendar', 'event', retired]));
    expect(event.id).not.toBe(retired);
    expect(event.startTime).toBe('2026-03-24T14:00:00.000Z');
  });

  it('leaves a missing event’s 404 to the browser', async () => {
    const { res, root, state } = await page(`/events/${'0'.repeat(20)}`);
    expect(res.statusCode).toBe(404);
    expect(root.childNodes).toHaveLength(0);
    expect(state).toBeNull();
  });

  it('draws the home page with its upcoming events and prices', async () => {
    for (const day of [20, 21, 22, 23]) {
      await createdEvent(ctx, admin, {
        title: `Later Mixer ${day}`,
        startTime: `2026-03-${day}T18:00:00.000Z`,
        endTime: `2026-03-${day}T19:00:00.000Z`,
      });
    }
    const { res, root, text, data, query } = await page('/');
    expect(res.statusCode).toBe(200);
    const slides = root.querySelector('[aria-roledescription="carousel"]');
    expect(slides?.textContent).toContain('Spring <Luncheon> & Awards');
    expect(slides?.textContent).toContain('Thursday, March 19, 2026');
    const { plans } = membershipPlanListSchema.parse({ plans: data(['membership-plans']) });
    expect(plans.length).toBeGreaterThan(0);
    expect(text).toContain('Membership prices');
    // The upcoming window (a year from the first of the chamber's month) with the three
    // events the carousel draws, soonest first, and no more: read as stale, so the browser
    // reads the whole window once the app runs.
    const key = ['calendar', 'events', CALENDAR_ID, '2026-03-01', '2027-02-28'];
    const year = eventListSchema.parse(data(key));
    expect(query(key)?.state.dataUpdatedAt).toBe(0);
    const whole = eventListSchema.parse(
      (
        await ctx.app.inject(
          `/api/calendars/${CALENDAR_ID}/events?startDate=2026-03-01&endDate=2027-02-28`,
        )
      ).json(),
    );
    const now = ctx.clock.now().getTime();
    const soonest = whole.events
      .filter((e) => Date.parse(e.startTime) > now)
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
    expect(soonest.length).toBeGreaterThan(3);
    expect(year.events.map((e) => e.id)).toEqual(soonest.slice(0, 3).map((e) => e.id));
    expect(year.events.map((e) => e.title)).toContain('Spring <Luncheon> & Awards');
  });

  it('draws the calendar: the month, its events and the upcoming list', async () => {
    const { res, root, data, query } = await page('/calendar');
    expect(res.statusCode).toBe(200);
    expect(root.querySelector('h1')?.textContent).toBe('Event Calendar');
    expect(root.querySelector('#calendar-month-title')?.textContent).toBe('March 2026');
    const upcoming = root.querySelector('[aria-labelledby="upcoming-title"]')!;
    const link = upcoming.querySelector(`a[href="/events/${luncheon.id}"]`);
    expect(link?.textContent).toContain('Spring <Luncheon> & Awards');
    expect(link?.textContent).toContain('Thu, Mar 19, 2026');
    expect(link?.textContent).toContain('12:00 PM – 1:15 PM');
    // The grid's day carries its events, from the month's window (Sunday March 1, six weeks).
    expect(root.querySelector('table')?.textContent).toContain('Spring <Luncheon> & Awards');
    const month = eventListSchema.parse(
      data(['calendar', 'events', CALENDAR_ID, '2026-03-01', '2026-04-11']),
    );
    expect(month.events.map((e) => e.title)).toContain('Spring <Luncheon> & Awards');
    // The upcoming list's window whole (the list says how many events it holds).
    const year = ['calendar', 'events', CALENDAR_ID, '2026-03-01', '2027-02-28'];
    expect(eventListSchema.parse(data(year)).events.map((e) => e.title)).toContain(
      'Spring <Luncheon> & Awards',
    );
    expect(query(year)?.state.dataUpdatedAt).toBeGreaterThan(0);
    expect(calendarSchema.parse(data(['calendar', 'calendar', CALENDAR_ID])).timezone).toBe(
      'America/Denver',
    );
    // ?create sends a visitor to sign in: the browser draws the calendar from its query.
    const create = await page('/calendar?create=true');
    expect(create.res.statusCode).toBe(200);
    expect(create.root.childNodes).toHaveLength(0);
  });

  it('keeps a page drawn from the clock for its hour only', async () => {
    const soon = await createdEvent(ctx, admin, {
      title: 'Half-Hour Coffee',
      startTime: new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString(),
      endTime: new Date(ctx.clock.now().getTime() + 90 * 60_000).toISOString(),
    });
    const listed = (await page('/calendar')).root.querySelector(`a[href="/events/${soon.id}"]`);
    expect(listed).not.toBeNull();
    const before = (await page('/calendar')).res.body;
    // Within the hour, and no data changed: the kept page.
    ctx.clock.advance(20 * 60_000);
    expect((await page('/calendar')).res.body).toBe(before);
    // The next hour, still without a data change: drawn again, the coffee has started.
    ctx.clock.advance(45 * 60_000);
    const later = await page('/calendar');
    expect(later.root.querySelector(`a[href="/events/${soon.id}"]`)).toBeNull();
    expect(later.renderedAt).toBe(ctx.clock.now().getTime());
  });

  it('names a member’s level after the chamber’s own plan on the directory and member page', async () => {
    // A chamber that renamed its enhanced plan: without scripts, and before they fetch
    // anything, the badge reads the plan's name, not the level's default one ('Enhanced').
    await ctx.db
      .update(membershipPlans)
      .set({ name: 'Copper Circle' })
      .where(eq(membershipPlans.level, 'enhanced'));
    const member = await createContact(ctx.db, {
      businessName: 'Aaron’s Ironworks',
      membershipTier: 'enhanced',
    });
    for (const url of ['/members', `/members/${member.id}`]) {
      const { res, root, data } = await page(url);
      expect(res.statusCode, url).toBe(200);
      // The badge is an element of its own: its whole text is the plan's name.
      const badges = [...root.querySelectorAll('span, div')].map((e) => e.textContent);
      expect(badges, url).toContain('Copper Circle');
      expect(badges, url).not.toContain('Enhanced');
      // The browser starts from the same plans, so it draws the same badge.
      const plans = membershipPlanListSchema.shape.plans.parse(data(['membership-plans']));
      expect(plans.find((p) => p.level === 'enhanced')?.name, url).toBe('Copper Circle');
    }
  });

  it('draws the tier pages with their prices, the join page and the nominations', async () => {
    const plans = membershipPlanListSchema.parse(
      (await ctx.app.inject('/api/membership-plans')).json(),
    ).plans;
    const pages = [
      ['/basic-membership', 'standard'],
      ['/enhanced-membership', 'enhanced'],
      ['/elite-membership', 'elite'],
    ] as const;
    for (const [url, level] of pages) {
      const plan = plans.find((p) => p.level === level)!;
      const { res, root, text } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(root.querySelector('h1')?.textContent, url).toBe(`${plan.name} Membership`);
      const dollars = `$${(plan.priceCents / 100).toLocaleString('en-US')}`;
      expect(text, url).toContain(dollars);
    }

    const join = await page('/join');
    expect(join.res.statusCode).toBe(200);
    expect(join.root.querySelector('h1')?.textContent).toBe('Join the Chamber');
    expect(join.text).toContain('Choose your membership');
    for (const plan of plans.filter((p) => p.available)) expect(join.text).toContain(plan.name);
    // A plan chosen in the address: the browser draws the join from it.
    const chosen = await page('/join?plan=enhanced');
    expect(chosen.res.statusCode).toBe(200);
    expect(chosen.root.childNodes).toHaveLength(0);

    const nominations = await page('/nominations');
    expect(nominations.res.statusCode).toBe(200);
    expect(nominations.root.querySelector('h1')?.textContent).toBe('Nominations and Awards');
    expect(nominations.text).toContain('Nominate a Business of the Month');
  });
});
