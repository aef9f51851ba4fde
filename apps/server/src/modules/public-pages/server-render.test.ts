import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfigSchema,
  jobPostListSchema,
  jobPostSchema,
  memberDetailSchema,
  memberListSchema,
  PAGE_STATE_ID,
} from '@chamber/contract';
import { contacts, jobPosts } from '@chamber/db';
import { createTestApp, createContact, type TestContext } from '../../test/app.js';
import { createCalendar } from '../../test/calendar.js';

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
  state: { data: unknown; status: string };
}

async function page(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  const root = doc.getElementById('root')!;
  const state = doc.getElementById(PAGE_STATE_ID);
  const queries = state
    ? (JSON.parse(state.textContent ?? '') as { queries: DehydratedQuery[] }).queries
    : [];
  /** The data the page was drawn from, under the key the web app reads. */
  const data = (key: unknown[]) =>
    queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
  return { res, doc, root, text: root.textContent ?? '', state, data };
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
  it('runs the theme script inline, before first paint, allowed by its hash in the policy', async () => {
    const { res, doc } = await page('/members');
    const inline = [...doc.querySelectorAll('head script:not([src]):not([type])')];
    expect(inline).toHaveLength(1);
    const theme = inline[0]!;
    expect(theme.textContent).toContain('vite-ui-theme');
    // Before the stylesheet and the app's scripts: nothing to wait for.
    const head = [...doc.head.children];
    for (const later of doc.head.querySelectorAll('link[rel="stylesheet"], script[src]')) {
      expect(head.indexOf(theme)).toBeLessThan(head.indexOf(later));
    }
    // The hash of exactly the text served (JSDOM gives it back unchanged).
    const hash = createHash('sha256').update(theme.textContent!, 'utf8').digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )![1]!;
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });
});
