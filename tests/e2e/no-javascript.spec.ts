import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, expect, hydrated, paths, test } from './fixtures';

/**
 * The public pages' controls before (and without) their scripts: the calendar's month links,
 * the directory's page links, the event page's Add to Calendar and Share links, and /deals
 * drawn by the server. With scripts, the same controls keep working in place.
 */

/** The seed's next event that has not started. */
async function nextEvent(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as { calendarId: string };
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const now = new Date();
  const later = new Date(now.getTime() + 90 * 86_400_000);
  const res = await request.get(
    `/api/calendars/${config.calendarId}/events?startDate=${day(now)}&endDate=${day(later)}`,
  );
  const { events } = (await res.json()) as {
    events: { id: string; title: string; startTime: string }[];
  };
  const next = events.find((e) => Date.parse(e.startTime) > Date.now() + 3_600_000);
  if (!next) throw new Error('the seed has no upcoming events');
  return next;
}

/** A free one-off event of our own, a week ahead, with room for `capacity`. */
async function ownEvent(request: APIRequestContext, baseURL: string, title: string, capacity = 20) {
  const token = await apiToken(request, baseURL, accounts.admin);
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      startTime: `${day}T18:00:00.000Z`,
      endTime: `${day}T19:30:00.000Z`,
      location: 'Riverton City Hall',
      capacity,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

/** One page of the directory as the API answers it (sorted by name, as the page is). */
async function directoryPage(request: APIRequestContext, offset: number) {
  const res = await request.get(`/api/members?limit=20&offset=${offset}&sort=name`);
  const { members, total } = (await res.json()) as {
    members: { businessName: string }[];
    total: number;
  };
  return { names: members.map((m) => m.businessName), total };
}

/** The directory's cards (the list's own items, not the lists inside a card). */
const memberCards = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Members' }).locator(':scope > li');

const monthTitle = (page: import('@playwright/test').Page) => page.locator('#calendar-month-title');

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the calendar’s month links change the month, drawn by the server', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${paths.calendar.href()}?month=2027-01`);
    await expect(monthTitle(page)).toHaveText('January 2027');
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect(page).toHaveURL(/\?month=2027-02$/);
    await expect(monthTitle(page)).toHaveText('February 2027');
    await page.getByRole('link', { name: 'Previous month' }).click();
    await page.getByRole('link', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/\?month=2026-12$/);
    await expect(monthTitle(page)).toHaveText('December 2026');
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
  });

  test('the directory’s page links reach every member', async ({ page, request }) => {
    const [first, second] = await Promise.all([
      directoryPage(request, 0),
      directoryPage(request, 20),
    ]);
    expect(first.total).toBeGreaterThan(20);
    await page.goto(paths.members.href());
    const cards = memberCards(page);
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText(first.names[0]!);
    const pages = page.getByRole('navigation', { name: 'Directory pages' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/members\?page=2$/);
    await expect(cards).toHaveCount(second.names.length);
    await expect(cards.first()).toContainText(second.names[0]!);
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(cards.first()).toContainText(first.names[0]!);
  });

  test('an event’s Add to Calendar and Share are links', async ({ page, request }) => {
    const event = await nextEvent(request);
    await page.goto(paths.event.href(event.id));
    const add = page.getByRole('link', { name: 'Add to Calendar' });
    const download = page.waitForEvent('download');
    await add.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await (await request.get(await add.getAttribute('href').then((h) => h!))).text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    const share = page.getByRole('link', { name: 'Share' });
    const href = (await share.getAttribute('href'))!;
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(paths.event.href(event.id));
  });

  test('Register Now leads to a form that registers, answered with a page', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const event = await ownEvent(request, baseURL!, `No-script Mixer ${Date.now()}`);
    await page.goto(paths.event.href(event.id));
    await page
      .getByRole('button', { name: /Register Now|Join the Waiting List/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\?register=true#registration$/);
    const form = page.getByRole('form', { name: 'Registration' });
    await form.getByLabel('Full Name*').fill('Noa Script');
    await form.getByLabel('Email*').fill(`noa-${Date.now()}@noscript.example`);
    await form.getByLabel('Number of Guests').selectOption('2');
    await form.getByRole('button', { name: /Register Now|Join the Waiting List/ }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: "You're Registered!",
      }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to the event' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.event.href(event.id)}$`));
  });

  test('a bad registration is answered with a page saying what to fix', async ({
    page,
    request,
    baseURL,
  }) => {
    const event = await ownEvent(request, baseURL!, `No-script Workshop ${Date.now()}`);
    await page.goto(`${paths.event.href(event.id)}?register=true`);
    const form = page.getByRole('form', { name: 'Registration' });
    await form.getByLabel('Full Name*').fill('Noa Script');
    // An address the browser's own check lets through, which the server refuses.
    await form.getByLabel('Email*').fill('pat@localhost');
    await form.getByRole('button', { name: /Register Now|Join the Waiting List/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Please check the form' }),
    ).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  });

  test('/deals is drawn by the server', async ({ page }) => {
    await page.goto(paths.deals.href());
    await expect(page.getByRole('heading', { level: 1, name: 'Member Deals' })).toBeVisible();
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'Member deals' }).or(page.getByText('No member deals')),
    ).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('the month links change the month in place', async ({ page }) => {
    await page.goto(`${paths.calendar.href()}?month=2027-01`);
    await expect(monthTitle(page)).toHaveText('January 2027');
    const next = page.getByRole('link', { name: 'Next month' });
    await hydrated(next);
    await next.click();
    await expect(monthTitle(page)).toHaveText('February 2027');
    // Drawn in place: the address stays.
    await expect(page).toHaveURL(/\?month=2027-01$/);
  });

  test('the directory opens on its second page, and its link goes back in place', async ({
    page,
    request,
  }) => {
    const [first, second] = await Promise.all([
      directoryPage(request, 0),
      directoryPage(request, 20),
    ]);
    await page.goto(`${paths.members.href()}?page=2`);
    const cards = memberCards(page);
    await expect(cards.first()).toContainText(second.names[0]!);
    const back = page.getByRole('link', { name: 'Previous page' });
    await hydrated(back);
    // Followed in the app: no new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await back.click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(cards.first()).toContainText(first.names[0]!);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
