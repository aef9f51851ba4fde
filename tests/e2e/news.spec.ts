import { checkLooks, expect, followSystemTheme, hydrated, paths, test } from './fixtures';

/** The seed's sent public newsletters (apps/server/src/seed/demo-news.ts), newest first. */
const newest = { slug: 'welcome-to-our-newest-members', subject: 'Welcome to our newest members' };
const older = {
  slug: 'spring-mixer-and-ribbon-cuttings',
  subject: 'Spring mixer and two ribbon cuttings',
};

test.beforeEach(async ({ page }) => {
  await followSystemTheme(page);
});

test('a visitor finds the news in the footer, reads one and finds the feed', async ({ page }) => {
  test.slow(); // Two pages, eight axe scans.
  await page.goto(paths.home.href());
  // Once the app runs, the link moves within it: the list is read after the page's heading
  // shows (a click before that loads the server's page, list and all).
  const newsLink = page.getByRole('contentinfo').getByRole('link', { name: 'News', exact: true });
  await hydrated(newsLink);
  await newsLink.click();
  await expect(page).toHaveURL(paths.news.href());
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  const list = page.getByRole('list', { name: 'News' });
  const titles = list.getByRole('heading', { level: 2 });
  await expect(titles.filter({ hasText: newest.subject })).toBeVisible();
  const all = await titles.allTextContents();
  expect(all.indexOf(newest.subject)).toBeGreaterThanOrEqual(0);
  expect(all.indexOf(newest.subject)).toBeLessThan(all.indexOf(older.subject));
  await expect(
    page.getByRole('link', { name: 'Subscribe to the news feed (Atom)' }),
  ).toHaveAttribute('href', '/api/news/feed.atom');
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(
    1,
  );
  await checkLooks(page, 'news');

  await list.getByRole('link', { name: older.subject }).click();
  await expect(page).toHaveURL(paths.newsItem.href(older.slug));
  await expect(page.getByRole('heading', { level: 1, name: older.subject })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Join us at the spring mixer' }),
  ).toBeVisible();
  await expect(page.getByText(/^Sent /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe to the news feed (Atom)' })).toBeVisible();
  await checkLooks(page, 'news-item');
  await page.getByRole('link', { name: 'All news' }).click();
  await expect(page).toHaveURL(paths.news.href());
});

test('the pages come drawn from the server, with their heads and the feed', async ({
  page,
  request,
}) => {
  // The served HTML already holds the list and the message: nothing moves when scripts run.
  const listHtml = await (await request.get(paths.news.href())).text();
  expect(listHtml).toContain(newest.subject);
  expect(listHtml).toMatch(/<title>News \| /);
  expect(listHtml).toMatch(
    /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="[^"]+\/api\/news\/feed\.atom" \/>/,
  );
  const itemRes = await request.get(paths.newsItem.href(newest.slug));
  expect(itemRes.status()).toBe(200);
  const itemHtml = await itemRes.text();
  expect(itemHtml).toContain('New faces in the directory');
  expect(itemHtml).toMatch(/<meta property="og:type" content="article" \/>/);
  expect(itemHtml).toMatch(
    /<link rel="canonical" href="[^"]+\/news\/welcome-to-our-newest-members" \/>/,
  );
  expect((await request.get(paths.newsItem.href('no-such-message'))).status()).toBe(404);

  const feed = await request.get('/api/news/feed.atom');
  expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  await page.goto(paths.news.href());
  const entries = await page.evaluate(
    (xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return Array.from(doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'entry')).map(
        (e) => e.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'title')[0]?.textContent,
      );
    },
    await feed.text(),
  );
  expect(entries).toContain(newest.subject);
  expect(entries).toContain(older.subject);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/news/${newest.slug}</loc>`);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the news and a message read without scripts', async ({ page }) => {
    await page.goto(paths.news.href());
    await expect(page.getByRole('link', { name: newest.subject })).toBeVisible();
    await page.getByRole('link', { name: newest.subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: newest.subject })).toBeVisible();
  });
});
