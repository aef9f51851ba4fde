import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import { expectFitsAndAccessible } from './event-setup';
import { accounts, paths, ownNetwork, test, expect } from './fixtures';

// A visitor registers for every upcoming date of a series in one step, on a desktop and a phone.

const ZONE = 'America/Denver';
const DATES = 3;

/** A date in Denver as YYYY-MM-DD, `days` from now. */
const denverDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/**
 * A weekly series of `DATES` lunches made through the API by staff, its first date three days
 * away; answers the occurrence ids in date order. Each run makes its own, so the seeded events
 * stay as they are.
 */
async function createSeries(request: APIRequestContext, baseURL: string, title: string) {
  const token = await apiToken(request, baseURL, accounts.admin);
  const first = denverDate(3);
  const byDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][
    new Date(`${first}T12:00:00Z`).getUTCDay()
  ]!;
  const created = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      startTime: `${first}T12:00`,
      endTime: `${first}T13:00`,
      selectedTimezone: ZONE,
      location: 'Riverton City Hall, 12830 S Redwood Rd',
      rrule: `FREQ=WEEKLY;BYDAY=${byDay};COUNT=${DATES}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const config = (await (await request.get('/api/config')).json()) as { calendarId: string };
  const list = await request.get(
    `/api/calendars/${config.calendarId}/events?startDate=${first}&endDate=${denverDate(3 + 7 * DATES)}`,
  );
  expect(list.ok()).toBe(true);
  const dates = ((await list.json()) as { events: { id: string; title: string }[] }).events
    .filter((e) => e.title === title)
    .map((e) => e.id);
  expect(dates).toHaveLength(DATES);
  return dates;
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 780 } });

    test('a visitor registers for all upcoming dates of a series and sees the confirmation', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow(); // A series, a dialog, and axe three times.
      const stamp = Date.now().toString(36);
      const title = `Weekly Business Lunch ${width} ${stamp}`;
      const dates = await createSeries(request, baseURL!, title);
      // Registrations are limited per client network: this visitor comes from a network of its own.
      await page.context().setExtraHTTPHeaders(ownNetwork());

      await page.goto(paths.event.href(dates[1]!));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectFitsAndAccessible(page, 'the event page of a series date', width);

      await page.getByRole('button', { name: 'Register Now' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Register for Event' });
      const all = dialog.getByRole('radio', { name: `All upcoming dates (${DATES})` });
      await expect(all).toBeVisible();
      await expect(dialog.getByRole('radio', { name: 'This date only' })).toBeChecked();
      await all.check();
      await dialog.getByLabel('Full Name*').fill('Priya Raman');
      await dialog.getByLabel('Email*').fill(`series-${width}-${stamp}@riverton.example`);
      await expectFitsAndAccessible(page, 'the registration dialog with the choice', width);
      await dialog.getByRole('button', { name: 'Register' }).click();

      await expect(dialog.getByRole('status')).toHaveText(
        "We've sent a confirmation to your email.",
      );
      const registered = dialog.getByRole('list', { name: 'Your dates' }).getByRole('listitem');
      await expect(registered).toHaveCount(DATES);
      for (let i = 0; i < DATES; i += 1)
        await expect(registered.nth(i)).toContainText('Registered');
      // Each date's status stays whole on a phone ('Registered', not 'Registere' over 'd').
      const broken = await registered.locator('span').evaluateAll((spans) =>
        spans
          .filter((span) => {
            const text = document.createRange();
            text.selectNodeContents(span);
            const lines = new Set(Array.from(text.getClientRects(), (r) => Math.round(r.top)));
            return span.textContent === 'Registered' && lines.size > 1;
          })
          .map((span) => span.textContent),
      );
      expect(broken).toEqual([]);
      await expectFitsAndAccessible(page, 'the answer listing each date', width);
      await page.screenshot({ path: test.info().outputPath(`series-answer-${width}.png`) });

      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('status').filter({ hasText: "We've sent a confirmation to your email." }),
      ).toBeVisible();
      await expectFitsAndAccessible(page, 'the event page after registering', width);
      await page.screenshot({ path: test.info().outputPath(`series-done-${width}.png`) });

      // Counted by the server on every date, not only the one the page showed.
      for (const id of dates) {
        const res = await request.get(`/api/calendars/appointments/${encodeURIComponent(id)}`);
        expect(res.ok()).toBe(true);
        expect(await res.json(), `date ${id}`).toMatchObject({ attendeeCount: 1 });
      }
    });
  });
}
