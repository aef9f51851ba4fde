import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobPosts } from '@chamber/db';
import { createTestApp, createContact, type TestContext } from '../../test/app.js';
import { calendarPeople, createCalendar, createdEvent } from '../../test/calendar.js';

let ctx: TestContext;
let dist: string;
let organizerToken: string;
let member: { token: string; contactId: string };

// The web build's template, as Vite writes it (its own title and description).
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Events, member directory and membership for our chamber of commerce." /><title>Chamber of Commerce</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://portal.example' });
  await createCalendar(ctx.db);
  const people = await calendarPeople(ctx);
  organizerToken = people.moderator.token;
  member = { token: people.owner.token, contactId: people.owner.user.contactId! };
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  const meta = (key: string) =>
    doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );
  return { res, doc, meta, jsonLd, title: doc.title };
}

/** The properties Google's rich-result documentation requires of each type. */
const required: Record<string, string[]> = {
  Organization: ['name', 'url'],
  LocalBusiness: ['name', 'address'],
  Event: ['name', 'startDate', 'location'],
};
function expectRichResult(data: Record<string, unknown>, type: string) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe(type);
  for (const key of required[type]!) expect(data[key], `${type}.${key}`).toBeTruthy();
}

describe('the served head of the public pages', () => {
  it('gives the home page the chamber as an Organization', async () => {
    const { res, title, meta, doc, jsonLd } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(title).toBe('Riverton Area Chamber of Commerce');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    // The home page's own text, as the page sets it: not the site-wide one of index.html.
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^The Riverton Area Chamber of Commerce: upcoming luncheons and events/,
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://portal.example/',
    );
    expect(meta('og:image')).toBe('https://portal.example/icons/icon-512.png');
    expect(meta('og:image:alt')).toBe('Riverton Area Chamber of Commerce logo');
    expect(meta('twitter:image:alt')).toBe('Riverton Area Chamber of Commerce logo');
    expect(jsonLd).toHaveLength(1);
    expectRichResult(jsonLd[0]!, 'Organization');
    expect(jsonLd[0]!.url).toBe('https://portal.example/');
    expect(jsonLd[0]!.logo).toBe('https://portal.example/icons/icon-512.png');
  });

  it('gives the member deals page its own title and description', async () => {
    const { res, title, meta, doc } = await page('/deals');
    expect(res.statusCode).toBe(200);
    expect(title).toBe('Member deals | Riverton Area Chamber of Commerce');
    expect(meta('description')).toBe('Offers and coupon codes from member businesses.');
    expect(meta('og:title')).toBe('Member deals | Riverton Area Chamber of Commerce');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://portal.example/deals',
    );
  });

  it('shows an enhanced member as a LocalBusiness with its address', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Sweetwater <Bakery> & "Café"',
      membershipTier: 'enhanced',
      tagline: 'Fresh bread daily',
      address1: '12 Main St',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
      avatarUrl: '/api/media/avatar-1.webp',
    });
    const { res, title, meta, jsonLd } = await page(`/members/${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<Bakery>');
    expect(title).toBe('Sweetwater <Bakery> & "Café" | Riverton Area Chamber of Commerce');
    expect(meta('description')).toBe('Fresh bread daily');
    expect(meta('og:image')).toBe('https://portal.example/api/media/avatar-1.webp');
    expect(meta('og:image:alt')).toBe('Picture of Sweetwater <Bakery> & "Café"');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expectRichResult(jsonLd[0]!, 'LocalBusiness');
    expect(jsonLd[0]!.name).toBe('Sweetwater <Bakery> & "Café"');
    expect(jsonLd[0]!.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Main St',
      addressLocality: 'Riverton',
      addressRegion: 'UT',
      postalCode: '84065',
    });
  });

  it('gives a LocalBusiness its opening hours and closures', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Riverside Diner',
      membershipTier: 'enhanced',
      address1: '4 River Rd',
      city: 'Riverton',
      openingHours: {
        days: {
          monday: [
            { opens: '06:00', closes: '11:00' },
            { opens: '17:00', closes: '24:00' },
          ],
          saturday: [{ opens: '07:00', closes: '14:00' }],
        },
        closures: [{ date: '2026-12-25', note: 'Christmas' }],
      },
    });
    const { jsonLd } = await page(`/members/${member.id}`);
    expectRichResult(jsonLd[0]!, 'LocalBusiness');
    const day = (dayOfWeek: string, opens: string, closes: string) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${dayOfWeek}`,
      opens,
      closes,
    });
    expect(jsonLd[0]!.openingHoursSpecification).toEqual([
      day('Monday', '06:00', '11:00'),
      day('Monday', '17:00', '23:59'),
      day('Saturday', '07:00', '14:00'),
      {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
      },
    ]);
  });

  it('shows a listing whose tier hides the address as an Organization, not a LocalBusiness', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Corner Hardware',
      membershipTier: 'standard',
      address1: '99 Hidden Rd',
      city: 'Riverton',
    });
    const { jsonLd, meta } = await page(`/members/${member.id}`);
    expectRichResult(jsonLd[0]!, 'Organization');
    expect(jsonLd[0]!).toMatchObject({
      name: 'Corner Hardware',
      url: `https://portal.example/members/${member.id}`,
    });
    expect(jsonLd[0]!.address).toBeUndefined();
    // No picture of its own: the preview is the chamber's logo, and says so.
    expect(meta('og:image')).toBe('https://portal.example/icons/icon-512.png');
    expect(meta('og:image:alt')).toBe('Riverton Area Chamber of Commerce logo');
  });

  it('leaves out what a basic member’s tier does not show', async () => {
    const member = await createContact(ctx.db, {
      businessName: 'Corner Hardware',
      membershipTier: 'standard',
      address1: '99 Hidden Rd',
      city: 'Riverton',
      bio: 'A bio only enhanced members publish',
      coverImageUrl: '/api/media/cover-basic.webp',
    });
    const { res, jsonLd } = await page(`/members/${member.id}`);
    expect(res.statusCode).toBe(200);
    expectRichResult(jsonLd[0]!, 'Organization');
    expect(jsonLd[0]!.address).toBeUndefined();
    for (const hidden of ['99 Hidden Rd', 'A bio only', 'cover-basic']) {
      expect(res.body).not.toContain(hidden);
    }
  });

  it('uses an elite member’s cover image for previews', async () => {
    const member = await createContact(ctx.db, {
      membershipTier: 'elite',
      avatarUrl: '/api/media/avatar-2.webp',
      coverImageUrl: '/api/media/cover-2.webp',
    });
    const { meta } = await page(`/members/${member.id}`);
    expect(meta('og:image')).toBe('https://portal.example/api/media/cover-2.webp');
    expect(meta('og:image:alt')).toMatch(/^Cover image of /);
  });

  it('gives an event its Event data with the start in its zone’s offset', async () => {
    const event = await createdEvent(ctx, organizerToken, {
      title: 'Luncheon </script><script>alert(1)</script>',
      coverImageUrl: 'https://images.example/luncheon.jpg',
    });
    const { res, meta, jsonLd } = await page(`/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(meta('og:image')).toBe('https://images.example/luncheon.jpg');
    expect(meta('og:image:alt')).toBe('Cover image of Luncheon </script><script>alert(1)</script>');
    expectRichResult(jsonLd[0]!, 'Event');
    expect(jsonLd[0]!.name).toBe('Luncheon </script><script>alert(1)</script>');
    // 18:00 UTC on 19 March 2026 is noon in Denver (daylight time, UTC-6).
    expect(jsonLd[0]!.startDate).toBe('2026-03-19T12:00:00-06:00');
    expect(jsonLd[0]!.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(jsonLd[0]!.location).toMatchObject({
      '@type': 'Place',
      address: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
    });
    // Staff's event: the chamber organizes it.
    expect(jsonLd[0]!.organizer).toEqual({
      '@type': 'Organization',
      name: 'Riverton Area Chamber of Commerce',
      url: expect.any(String),
    });
  });

  it('names a member’s own event’s business as its organizer, with its member page', async () => {
    await ctx.db
      .update(contacts)
      .set({ businessName: 'Copperleaf Coffee House' })
      .where(eq(contacts.id, member.contactId));
    const event = await createdEvent(ctx, member.token, { title: 'Latte Art Evening' });
    const { jsonLd } = await page(`/events/${event.id}`);
    expect(jsonLd[0]!.organizer).toEqual({
      '@type': 'Organization',
      name: 'Copperleaf Coffee House',
      url: `https://portal.example/members/${member.contactId}`,
    });
  });

  it('titles the static pages and keeps the query out of the canonical URL', async () => {
    const { res, title, doc } = await page('/about?ref=mail');
    expect(res.statusCode).toBe(200);
    expect(title).toBe('About | Riverton Area Chamber of Commerce');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://portal.example/about',
    );
  });
});

/**
 * What String.replace reads in a replacement string ($' the text after the match, $` before
 * it, $& the match, $1 a group, $$ a dollar): names that hold them are written as they are.
 */
const replacementPatterns = ["$'", '$`', '$&', "Smith $' Sons $` & $& Co", '$1 $<x> $$ $'];

describe('names that hold replacement patterns', () => {
  async function expectWhole(url: string, name: string) {
    const { res, title, jsonLd } = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.body.match(/<!doctype/gi), url).toHaveLength(1);
    expect(res.body.match(/<head>/gi), url).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g), url).toHaveLength(1);
    expect(title).toBe(`${name} | Riverton Area Chamber of Commerce`);
    expect(jsonLd, url).toHaveLength(1);
    return jsonLd[0]!;
  }

  it('draws a member page, an event page and a job post whole, once each', async () => {
    for (const text of replacementPatterns) {
      const member = await createContact(ctx.db, {
        businessName: text,
        membershipTier: 'enhanced',
        address1: '12 Main St',
        city: 'Riverton',
      });
      expect((await expectWhole(`/members/${member.id}`, text)).name).toBe(text);

      const event = await createdEvent(ctx, organizerToken, { title: text });
      expect((await expectWhole(`/events/${event.id}`, text)).name).toBe(text);

      const [post] = await ctx.db
        .insert(jobPosts)
        .values({
          contactId: member.id,
          title: text,
          description: 'Steady work.',
          employmentType: 'full_time',
          workplace: 'on_site',
          applyUrl: 'mailto:jobs@example.com',
          closesOn: '2099-04-01',
          status: 'approved',
          postedAt: new Date('2026-03-03T05:00:00Z'),
        })
        .returning();
      const job = await expectWhole(`/job-postings/${post!.id}`, `${text} at ${text}`);
      expect(job.title).toBe(text);
    }
  });
});

describe('status codes', () => {
  it('answers a missing member or event 404 with the app, not indexed', async () => {
    for (const url of [
      '/members/00000000-0000-4000-8000-000000000000',
      '/members/not-an-id',
      '/events/00000000-0000-4000-8000-000000000000',
    ]) {
      const { res, meta, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(doc.getElementById('root'), url).not.toBeNull();
      expect(meta('robots')).toBe('noindex');
    }
  });

  it("answers a mail recipient's pages 200, not indexed", async () => {
    for (const url of ['/newsletter', '/newsletter/confirm?token=abc', '/unsubscribe/u1.x.y.z']) {
      const { res, meta, doc } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(meta('robots'), url).toBe('noindex');
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
    }
    expect((await page('/about')).meta('robots')).toBeUndefined();
  });

  it('answers a hidden member 404, and again 200 once listed', async () => {
    const member = await createContact(ctx.db, { businessName: 'Lapsed Lumber' });
    expect((await page(`/members/${member.id}`)).res.statusCode).toBe(200);
    await ctx.db.update(contacts).set({ listed: false }).where(eq(contacts.id, member.id));
    expect((await page(`/members/${member.id}`)).res.statusCode).toBe(404);
    await ctx.db.update(contacts).set({ listed: true }).where(eq(contacts.id, member.id));
    const again = await page(`/members/${member.id}`);
    expect(again.res.statusCode).toBe(200);
    expect(again.title).toContain('Lapsed Lumber');
  });

  it('redirects a path that is no app route home', async () => {
    for (const url of ['/no-such-page', '/members/1/extra', '/adminx']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('keeps JSON 404s for the API', async () => {
    const res = await ctx.app.inject('/api/members/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
