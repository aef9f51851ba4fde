import type { NewsItem, NewsList as NewsListAnswer } from '@chamber/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { NewsArticle } from './news-article';
import { NewsList } from './news-list';

const location = makeLocation();

const list = (over: Partial<NewsListAnswer> = {}): NewsListAnswer => ({
  news: [
    {
      slug: 'spring-newsletter',
      subject: 'Spring newsletter',
      // 00:30 UTC on March 11 is March 10 in Denver: the chamber's day is shown.
      sentAt: '2026-03-11T00:30:00.000Z',
      excerpt: 'Ribbon cuttings, the mixer and new members.',
    },
    {
      slug: 'winter-recap',
      subject: 'Winter recap',
      sentAt: '2026-01-15T16:00:00.000Z',
      excerpt: 'What the chamber did this winter.',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  ...over,
});

afterEach(() => {
  document.head.querySelectorAll('link[rel="alternate"]').forEach((l) => l.remove());
});

describe('/news', () => {
  it('lists the sent messages with their day, excerpt and the feed', async () => {
    stubApi({ 'GET /news?page=1': () => json(200, list()) });
    renderWithProviders(<NewsList />, { chamber: { location }, route: '/news' });
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    const first = await screen.findByRole('link', { name: 'Spring newsletter' });
    expect(first.getAttribute('href')).toBe('/news/spring-newsletter');
    expect(screen.getByText('March 10, 2026').getAttribute('datetime')).toBe(
      '2026-03-11T00:30:00.000Z',
    );
    expect(screen.getByText('Ribbon cuttings, the mixer and new members.')).toBeTruthy();
    const items = screen.getByRole('list', { name: 'News' }).querySelectorAll('li');
    expect([...items].map((li) => li.querySelector('h2')?.textContent)).toEqual([
      'Spring newsletter',
      'Winter recap',
    ]);
    expect(
      screen.getByRole('link', { name: 'Subscribe to the news feed (Atom)' }).getAttribute('href'),
    ).toBe('/api/news/feed.atom');
    const alternate = document.head.querySelector(
      'link[rel="alternate"][type="application/atom+xml"]',
    );
    expect(alternate?.getAttribute('href')).toBe('/api/news/feed.atom');
    // One page only: no paging links.
    expect(screen.queryByRole('navigation', { name: 'News pages' })).toBeNull();
  });

  it('pages the archive by ?page', async () => {
    stubApi({ 'GET /news?page=2': () => json(200, list({ total: 45, page: 2 })) });
    renderWithProviders(<NewsList />, { chamber: { location }, route: '/news?page=2' });
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Newer' }).getAttribute('href')).toBe('/news');
    expect(screen.getByRole('link', { name: 'Older' }).getAttribute('href')).toBe('/news?page=3');
  });

  it('says so when nothing was published yet', async () => {
    stubApi({ 'GET /news?page=1': () => json(200, list({ news: [], total: 0 })) });
    renderWithProviders(<NewsList />, { chamber: { location }, route: '/news' });
    expect(await screen.findByText('No news yet. Check back soon.')).toBeTruthy();
  });
});

describe('/news/{slug}', () => {
  const item: NewsItem = {
    slug: 'spring-newsletter',
    subject: 'Spring newsletter',
    sentAt: '2026-03-11T00:30:00.000Z',
    html: '<h2>Ribbon cutting</h2><p>Join us at <a href="https://example.org/r">the bakery</a>.</p>',
  };

  it('shows the message as sent, with the way back and the feed', async () => {
    stubApi({ 'GET /news/spring-newsletter': () => json(200, item) });
    renderWithProviders(<NewsArticle slug="spring-newsletter" />, { chamber: { location } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring newsletter' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ribbon cutting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the bakery' }).getAttribute('href')).toBe(
      'https://example.org/r',
    );
    expect(screen.getByText('March 10, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/news');
    expect(screen.getByRole('link', { name: 'Subscribe to the news feed (Atom)' })).toBeTruthy();
  });

  it('answers a message not in the archive with a card back to the news', async () => {
    stubApi({
      'GET /news/gone': () => json(404, { error: 'not_found', message: 'No such message.' }),
    });
    renderWithProviders(<NewsArticle slug="gone" />, { chamber: { location } });
    expect(await screen.findByRole('heading', { name: 'Message Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to News' }).getAttribute('href')).toBe('/news');
  });
});
