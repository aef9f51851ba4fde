import type { Locator } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, docsScreenshot, expect, paths, test } from './fixtures';

const ZONE = 'America/Denver';
const SHORT = 'Riverside Cleanup Crew';
const LONG = 'Annual Meeting of the Downtown Merchants Association and Holiday Planning Session';

const wallClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/** Whether any part of the element's text is cut off (ellipsis or clamped lines). */
const isCut = (locator: Locator) =>
  locator.evaluate((button) =>
    [button, ...Array.from(button.querySelectorAll('*'))].some(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    ),
  );

test('at 1280 px the month grid shows each event’s time and its title on two lines', async ({
  page,
  request,
  baseURL,
}) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL!, accounts.member)}` };
  // Today in the chamber's zone, early in the morning: the first events of the day in the grid.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const ids: string[] = [];
  for (const [title, start] of [
    [SHORT, `${today}T12:30:00.000Z`],
    [LONG, `${today}T12:45:00.000Z`],
  ] as const) {
    const res = await request.post('/api/calendars/appointments', {
      headers,
      data: {
        title,
        location: 'Riverton City Park',
        startTime: start,
        endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    ids.push(((await res.json()) as { id: string }).id);
  }

  try {
    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(paths.calendar.href());
      const grid = page.getByRole('table');

      const short = grid.getByRole('button', {
        name: `${wallClock(`${today}T12:30:00.000Z`)} ${SHORT}`,
        exact: true,
      });
      await expect(short).toBeVisible();
      expect(await isCut(short), 'a title of three words is shown whole').toBe(false);
      // The time is on show, not only read out.
      const time = short.getByText(wallClock(`${today}T12:30:00.000Z`), { exact: true });
      expect((await time.boundingBox())?.width ?? 0).toBeGreaterThan(20);

      // A title too long for two lines is cut there, and whole in its tooltip and name.
      const long = grid.getByRole('button', {
        name: `${wallClock(`${today}T12:45:00.000Z`)} ${LONG}`,
        exact: true,
      });
      await expect(long).toHaveAttribute('title', LONG);
      const shownLines = await long
        .getByText(LONG, { exact: true })
        .evaluate((el) => Math.round(el.getBoundingClientRect().height / 16));
      expect(shownLines).toBe(2);
      if (theme === 'light') await docsScreenshot(page, 'calendar-month');
      else await page.screenshot({ path: test.info().outputPath(`month-grid-${theme}.png`) });
    }
  } finally {
    for (const id of ids) {
      await request.delete(`/api/calendars/appointments/${id}`, { headers });
    }
  }
});
