import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, NewsItem, NewsList } from '@chamber/contract';
import { campaigns } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { excerptOf, slugBase } from './news.js';

let ctx: TestContext;
let staff: string;
let dist: string;

beforeAll(async () => {
  // The web build's template, for the pages' served heads.
  dist = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Chamber</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://portal.example' });
  const admin = await createTestUser(ctx.db, { role: 'moderator', contact: false });
  staff = await signIn(ctx, admin.email);
});
afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const anonymous = (url: string) => ctx.app.inject({ method: 'GET', url });

const audience = { segments: [{ kind: 'subscribers' as const }] };

async function create(subject: string, extra: { public?: boolean; content?: string } = {}) {
  const res = await api('POST', '/api/admin/campaigns', {
    subject,
    content: extra.content ?? `<h2>${subject}</h2><p>Hello members.</p>`,
    audience,
    ...(extra.public === undefined ? {} : { public: extra.public }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

/** Marks it sent (as the sender does once every recipient is done), started at `at`. */
async function markSent(id: string, at: string) {
  await ctx.db
    .update(campaigns)
    .set({ state: 'sent', startedAt: new Date(at), finishedAt: new Date(at) })
    .where(eq(campaigns.id, id));
}

describe('slugs', () => {
  it('are made from the subject when first public, kept after, and unique', async () => {
    const draft = await create('Spring Mixer: RSVP now!');
    expect(draft.public).toBe(false);
    expect(draft.slug).toBeNull();

    const put = (id: string, body: object) =>
      api('PUT', `/api/admin/campaigns/${id}`, { content: '<p>x</p>', audience, ...body });
    const published = await put(draft.id, { subject: 'Spring Mixer: RSVP now!', public: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<Campaign>().slug).toBe('spring-mixer-rsvp-now');

    // A new subject keeps the address links already point at.
    const renamed = await put(draft.id, { subject: 'Summer picnic' });
    expect(renamed.json<Campaign>()).toMatchObject({
      subject: 'Summer picnic',
      public: true,
      slug: 'spring-mixer-rsvp-now',
    });

    // Another message of the same subject gets the next free one.
    const twin = await create('Spring mixer — RSVP now', { public: true });
    expect(twin.slug).toBe('spring-mixer-rsvp-now-2');
    const third = await create('Spring mixer RSVP now', { public: true });
    expect(third.slug).toBe('spring-mixer-rsvp-now-3');
  });

  it('read as plain ASCII words', () => {
    expect(slugBase('Café & Crème: the Fête!')).toBe('cafe-creme-the-fete');
    expect(slugBase('!!!')).toBe('message');
    expect(slugBase('x'.repeat(80))).toHaveLength(60);
  });
});

describe('the archive', () => {
  let sent: Campaign;
  let older: Campaign;
  let hidden: Campaign;
  let draft: Campaign;

  beforeAll(async () => {
    sent = await create('Weekly news <b>&</b> "quotes"', {
      public: true,
      content:
        '<h2>Ribbon cutting</h2><p>Join us at <a href="https://example.org/r">the new bakery</a>.</p><div data-block="upcoming-events"></div><p>See you & yours!</p>',
    });
    older = await create('Older news', { public: true });
    hidden = await create('Members only', { public: false });
    draft = await create('Not sent yet', { public: true });
    await markSent(sent.id, '2026-03-10T15:00:00Z');
    await markSent(older.id, '2026-02-01T15:00:00Z');
    await markSent(hidden.id, '2026-03-11T15:00:00Z');
  });

  it('lists only the sent public messages, newest first, with an excerpt', async () => {
    const res = await anonymous('/api/news');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<NewsList>();
    const slugs = list.news.map((n) => n.slug);
    expect(slugs.indexOf(sent.slug!)).toBeLessThan(slugs.indexOf(older.slug!));
    expect(slugs.indexOf(older.slug!)).toBeGreaterThanOrEqual(0);
    expect(slugs).not.toContain(draft.slug);
    // Never made public: no slug, and not listed by subject either.
    expect(list.news.map((n) => n.subject)).not.toContain('Members only');
    const first = list.news.find((n) => n.slug === sent.slug)!;
    expect(first).toEqual({
      slug: sent.slug,
      subject: 'Weekly news <b>&</b> "quotes"',
      sentAt: '2026-03-10T15:00:00.000Z',
      excerpt: 'Join us at the new bakery. See you & yours!',
    });
    expect(list).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.total).toBe(list.news.length);
  });

  it('pages the list and refuses a bad page', async () => {
    const second = (await anonymous('/api/news?page=2')).json<NewsList>();
    expect(second.news).toEqual([]);
    expect((await anonymous('/api/news?page=0')).statusCode).toBe(400);
  });

  it('shows a sent public message as sent, without the unfilled blocks', async () => {
    const res = await anonymous(`/api/news/${sent.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<NewsItem>();
    expect(item.subject).toBe('Weekly news <b>&</b> "quotes"');
    expect(item.html).toContain('<a href="https://example.org/r">the new bakery</a>');
    expect(item.html).not.toContain('data-block');
    expect(item.html).not.toMatch(/unsubscribe/i);
  });

  it('answers 404 for a draft, a message not public, and an unknown slug', async () => {
    expect((await anonymous(`/api/news/${draft.slug}`)).statusCode).toBe(404);
    // A message once public and then taken out keeps its slug but leaves the archive.
    const res = await api('PUT', `/api/admin/campaigns/${older.id}`, {
      subject: older.subject,
      content: `<h2>${older.subject}</h2><p>Hello members.</p>`,
      audience,
      topic: 'newsletter',
      public: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await anonymous(`/api/news/${older.slug}`)).statusCode).toBe(404);
    expect((await anonymous('/api/news/no-such-message')).statusCode).toBe(404);
    expect((await anonymous(`/api/news`)).json<NewsList>().news.map((n) => n.slug)).not.toContain(
      older.slug,
    );
    // Back in: a sent message's `public` alone may change; anything else is refused.
    await api('PUT', `/api/admin/campaigns/${older.id}`, {
      subject: older.subject,
      content: `<h2>${older.subject}</h2><p>Hello members.</p>`,
      audience,
      public: true,
    });
    expect((await anonymous(`/api/news/${older.slug}`)).statusCode).toBe(200);
    const edit = await api('PUT', `/api/admin/campaigns/${older.id}`, {
      subject: 'A new subject',
      content: '<p>Changed</p>',
      audience,
      public: true,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('publishes the Atom feed, every value escaped', async () => {
    const res = await anonymous('/api/news/feed.atom');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    // Ill-formed XML throws here.
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    const ns = 'http://www.w3.org/2005/Atom';
    const feed = doc.documentElement!;
    expect(feed.namespaceURI).toBe(ns);
    expect(feed.localName).toBe('feed');
    const child = (el: Element, name: string) =>
      Array.from(el.childNodes).filter(
        (n): n is Element => n.nodeType === 1 && (n as Element).localName === name,
      );
    expect(child(feed, 'id')[0]!.textContent).toBe('https://portal.example/news');
    expect(child(feed, 'title')[0]!.textContent).toMatch(/ news$/);
    expect(child(feed, 'updated')[0]!.textContent).toBe('2026-03-10T15:00:00.000Z');
    const links = child(feed, 'link').map((l) => [l.getAttribute('rel'), l.getAttribute('href')]);
    expect(links).toEqual([
      ['self', 'https://portal.example/api/news/feed.atom'],
      ['alternate', 'https://portal.example/news'],
    ]);
    const entries = child(feed, 'entry');
    const titles = entries.map((e) => child(e, 'title')[0]!.textContent);
    expect(titles).toContain('Weekly news <b>&</b> "quotes"');
    expect(titles).not.toContain('Members only');
    expect(titles).not.toContain('Not sent yet');
    const entry = entries.find((e) => child(e, 'title')[0]!.textContent!.startsWith('Weekly'))!;
    expect(child(entry, 'id')[0]!.textContent).toBe(`https://portal.example/news/${sent.slug}`);
    expect(child(entry, 'updated')[0]!.textContent).toBe('2026-03-10T15:00:00.000Z');
    expect(child(entry, 'link')[0]!.getAttribute('href')).toBe(
      `https://portal.example/news/${sent.slug}`,
    );
    const content = child(entry, 'content')[0]!;
    expect(content.getAttribute('type')).toBe('html');
    expect(content.textContent).toContain('<a href="https://example.org/r">the new bakery</a>');
  });

  it('lists the archive in the sitemap', async () => {
    const res = await anonymous('/sitemap.xml');
    expect(res.body).toContain(`/news/${sent.slug}</loc><lastmod>2026-03-10</lastmod>`);
    expect(res.body).toContain('/news</loc>');
    expect(res.body).not.toContain(`/news/${draft.slug}<`);
  });

  it('gives the pages their heads and the feed link', async () => {
    const list = await anonymous('/news');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<title>News | ');
    expect(list.body).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+ news" href="https:\/\/portal\.example\/api\/news\/feed\.atom" \/>/,
    );
    const one = await anonymous(`/news/${sent.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('<title>Weekly news &lt;b&gt;&amp;&lt;/b&gt; &quot;quotes&quot; | ');
    expect(one.body).toContain(
      `<link rel="canonical" href="https://portal.example/news/${sent.slug}" />`,
    );
    expect(one.body).toContain('<meta property="og:type" content="article" />');
    const missing = await anonymous(`/news/${draft.slug}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('excerpts', () => {
  it('read as plain sentences, without headings or quotation marks of mail', () => {
    expect(excerptOf('<h2>Title</h2><p>One.</p><blockquote>Said so.</blockquote>')).toBe(
      'One. Said so.',
    );
  });

  it('cut long text at a word', () => {
    const text = excerptOf(`<p>${'word '.repeat(100)}</p>`);
    expect(text.length).toBeLessThanOrEqual(201);
    expect(text).toMatch(/word…$/);
  });
});
