import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  hydrated,
  paths,
  signInThroughForm,
  test,
} from './fixtures';

// The series dialog's three choices with one 'Recommended', and the waiting list's words, on
// a phone and on a desktop.

async function fits(page: Page, width: number, where: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `page width of ${where}`).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page, { where });
}

/** A weekly series on Wednesdays at noon Denver time, about two weeks out, by `account`. */
async function createSeries(request: APIRequestContext, baseURL: string, title: string) {
  const token = await apiToken(request, baseURL, accounts.member);
  let day = new Date(Date.now() + 14 * 86_400_000);
  while (day.getUTCDay() !== 3) day = new Date(day.getTime() + 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const res = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      startTime: `${date}T18:00:00.000Z`,
      endTime: `${date}T19:00:00.000Z`,
      location: 'Riverton City Hall',
      rrule: 'FREQ=WEEKLY;BYDAY=WE',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as { id: string }), date };
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a new date of one occurrence recommends only this event, and all three choices are offered', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const title = `Choice Lunch ${width} ${Date.now().toString(36)}`;
      const series = await createSeries(request, baseURL!, title);
      await page.goto(paths.login.href());
      await signInThroughForm(page, accounts.member);
      await expect(page).toHaveURL(paths.home.href());
      await page.goto(paths.event.href(series.id));
      const edit = page.getByRole('button', { name: 'Edit' });
      await hydrated(edit);
      await edit.click();
      const form = page.getByRole('dialog', { name: 'Edit Event' });
      await expect(form.getByLabel('Status', { exact: true })).toBeVisible();
      const next = new Date(`${series.date}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const thursday = next.toISOString().slice(0, 10);
      await form.getByLabel('Start date').fill(thursday);
      // Multi-day off: the end date follows the start date.
      await expect(form.getByLabel('End date')).toHaveValue(thursday);
      await form.getByRole('button', { name: 'Save Changes' }).click();

      const ask = page.getByRole('dialog', { name: 'Save recurring event' });
      const only = ask.getByRole('button', { name: /Update only this event/ });
      await expect(only).toContainText('Recommended');
      await expect(ask.getByText('Recommended')).toHaveCount(1);
      await expect(ask.getByRole('button', { name: /Update all future events/ })).toBeVisible();
      await expect(
        ask.getByRole('button', { name: /Update all events in the series/ }),
      ).toBeVisible();
      await expect(only).toBeFocused();
      await fits(page, width, 'the series choice dialog');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Event updated')).toBeVisible();
      await expect(ask).toBeHidden();
    });

    test('a sold-out event’s dialog says Join the waiting list', async ({
      page,
      request,
      baseURL,
    }) => {
      const token = await apiToken(request, baseURL!, accounts.admin);
      const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
      const res = await request.post('/api/calendars/appointments', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title: `Full House ${width} ${Date.now().toString(36)}`,
          startTime: `${day}T18:00:00.000Z`,
          endTime: `${day}T19:00:00.000Z`,
          capacity: 1,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const event = (await res.json()) as { id: string };
      const taken = await request.post(
        `/api/calendars/appointments/${encodeURIComponent(event.id)}/registrations`,
        { data: { name: 'Harper Holt', email: `holder-${width}@riverton.example` } },
      );
      expect(taken.status()).toBe(201);

      await page.goto(paths.event.href(event.id));
      const join = page.getByRole('button', { name: 'Join the Waiting List' }).first();
      await hydrated(join);
      await join.click();
      const dialog = page.getByRole('dialog', { name: 'Join the waiting list' });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Register for Event' })).toHaveCount(0);
      await fits(page, width, 'the waiting-list dialog');
    });
  });
}
