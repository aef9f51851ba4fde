import type { APIRequestContext, Page } from '@playwright/test';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  e2eDataDir,
  accounts,
  paths,
  signInThroughForm,
  test,
  expect,
  expectNoAxeViolations,
  hydrated,
} from './fixtures';

const ZONE = 'America/Denver';

interface ApiEvent {
  id: string;
  title: string;
  startTime: string;
  location: string;
  isRecurring: boolean;
}

/** The calendar's id, as the app reads it at start. */
async function calendarId(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/config');
  return ((await res.json()) as { calendarId: string }).calendarId;
}

/** Events of the calendar between two dates (YYYY-MM-DD, Denver), as the grid loads them. */
async function listEvents(request: APIRequestContext, startDate: string, endDate: string) {
  const id = await calendarId(request);
  const res = await request.get(
    `/api/calendars/${id}/events?startDate=${startDate}&endDate=${endDate}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { events: ApiEvent[] }).events;
}

/** A date in Denver as YYYY-MM-DD, `days` from now. */
function denverDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const wallClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(paths.home.href());
}

type SeriesChoice =
  'Update only this event' | 'Update all future events' | 'Update all events in the series';

/**
 * Opens the edit dialog of one occurrence from its page, changes it and saves with `choice`,
 * after checking that 'Recommended' marks `recommended` alone.
 */
async function editOccurrence(
  page: Page,
  id: string,
  change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  choice: SeriesChoice,
  recommended: SeriesChoice,
) {
  await page.goto(paths.event.href(id));
  const edit = page.getByRole('button', { name: 'Edit' });
  await hydrated(edit);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByText('Every week on Wednesday')).toBeVisible();
  await change(dialog);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const ask = page.getByRole('dialog', { name: 'Save recurring event' });
  await expect(ask.getByRole('button', { name: new RegExp(recommended) })).toContainText(
    'Recommended',
  );
  await expect(ask.getByText('Recommended')).toHaveCount(1);
  await ask.getByRole('button', { name: new RegExp(choice) }).click();
  await expect(page.getByText('Event updated')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a member creates a weekly luncheon, then edits one week and the rest of the series', async ({
  page,
  request,
}) => {
  // Three saves and their refreshes: more than the default 30 seconds on a busy machine.
  test.slow();
  const title = `Wednesday Business Luncheon ${Date.now().toString(36)}`;
  // The first Wednesday at least a week away, on the chamber's clock.
  let offset = 7;
  while (new Date(`${denverDate(offset)}T12:00:00Z`).getUTCDay() !== 3) offset += 1;
  const first = denverDate(offset);

  // ?create=true sends a visitor to sign in, then opens the dialog.
  await page.goto(`${paths.calendar.href()}?create=true`);
  await expect(page).toHaveURL(paths.login.href());
  await signInThroughForm(page, accounts.member);
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(paths.calendar.href());
  await expect(dialog.getByLabel('Status', { exact: true })).toContainText('New');

  await dialog.getByLabel('Title*').fill(title);
  await dialog.getByLabel('Description').fill('Lunch and a talk from the city manager.');
  await dialog.getByLabel('Start date').fill(first);
  await dialog.getByLabel('Start time').fill('12:00');
  await dialog.getByLabel('End time').fill('13:15');
  await expect(dialog.getByLabel('End date')).toHaveValue(first);
  await dialog.getByLabel('Repeats').click();
  await page.getByRole('option', { name: 'Every week on Wednesday' }).click();
  await dialog.getByLabel('Location').fill('Riverton City Hall, 12830 S Redwood Rd, Riverton, UT');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The grid shows the month of the new event, with its title.
  await expect(page.getByRole('button', { name: new RegExp(title) }).first()).toBeVisible();

  const weeks = async () =>
    (await listEvents(request, first, denverDate(offset + 28))).filter((e) => e.title === title);
  const created = await weeks();
  expect(created.length).toBeGreaterThanOrEqual(4);
  expect(created.every((e) => e.isRecurring && wallClock(e.startTime) === '12:00 PM')).toBe(true);

  // Week 2 only moves to the coffee house.
  await editOccurrence(
    page,
    created[1]!.id,
    async (form) => {
      await form.getByLabel('Location').fill('Copperleaf Coffee House, 12700 S Crosswind Ln');
    },
    'Update only this event',
    'Update all future events',
  );
  let now = await weeks();
  expect(now.map((e) => e.location.split(',')[0])).toEqual([
    'Riverton City Hall',
    'Copperleaf Coffee House',
    'Riverton City Hall',
    'Riverton City Hall',
    ...now.slice(4).map(() => 'Riverton City Hall'),
  ]);

  // From week 3 on, lunch starts half an hour earlier.
  await editOccurrence(
    page,
    created[2]!.id,
    async (form) => {
      await form.getByLabel('Start time').fill('11:30');
      await form.getByLabel('End time').fill('12:45');
    },
    'Update all future events',
    'Update all events in the series',
  );
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('11:30 AM – 12:45 PM').first()).toBeVisible();
  now = await weeks();
  expect(now.map((e) => wallClock(e.startTime)).slice(0, 4)).toEqual([
    '12:00 PM',
    '12:00 PM',
    '11:30 AM',
    '11:30 AM',
  ]);
  expect(now[1]!.location).toContain('Copperleaf Coffee House');
});

test('a visitor registers for an event, gets the confirmation mail with the .ics, and downloads it', async ({
  page,
  request,
}) => {
  const upcoming = (await listEvents(request, denverDate(1), denverDate(40)))[0];
  if (!upcoming) throw new Error('the seed has no events in the next weeks');
  const email = `guest-${Date.now().toString(36)}@riverton.example`;
  const since = Date.now();

  await page.goto(paths.event.href(upcoming.id));
  await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
  await page.getByRole('button', { name: 'Register Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register for Event' });
  await expect(dialog.getByLabel('Number of Guests')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();

  await dialog.getByLabel('Full Name*').fill('Jordan Ellis');
  await dialog.getByLabel('Email*').fill(email);
  await dialog.getByLabel('Number of Guests').fill('2');
  await dialog.getByLabel('Notes (optional)').fill('One of us is vegetarian.');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: "You're Registered!" })).toBeFocused();
  await expect(page.getByText("We've sent a confirmation to your email.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);

  // The confirmation arrives with the calendar file attached.
  const outbox = path.join(e2eDataDir, 'outbox');
  let mail = '';
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) =>
          f.endsWith('.eml'),
        )) {
          const full = path.join(outbox, file);
          if ((await stat(full)).mtimeMs < since) continue;
          const raw = await readFile(full, 'utf8');
          if (raw.includes(email)) mail = raw;
        }
        return mail !== '';
      },
      { message: `a confirmation mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  expect(mail).toMatch(/Content-Type: text\/calendar/i);
  expect(mail).toMatch(/filename=.*\.ics/i);

  // Add to Calendar downloads the same kind of file, named after the title.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Add to Calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `${upcoming.title
      .replace(/[^\p{L}\p{N} -]+/gu, '')
      .replace(/\s+/g, ' ')
      .trim()}.ics`,
  );
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('STATUS:CONFIRMED');
  expect(ics).toMatch(/^UID:/m);

  // Staff see who registered on the event page; the visitor never did.
  await expect(page.getByRole('heading', { name: 'Registrations' })).toHaveCount(0);
  await signIn(page, accounts.admin);
  await page.goto(paths.event.href(upcoming.id));
  const registrations = page.getByRole('list', { name: 'Registrations' });
  const entry = registrations.getByRole('listitem').filter({ hasText: email });
  await expect(entry).toContainText('Jordan Ellis');
  await expect(entry).toContainText('2 people');
  await expect(entry).toContainText('One of us is vegetarian.');
  await expectNoAxeViolations(page);
});

test('the calendar offers its feed to subscribe to', async ({ page, request }) => {
  await page.goto(paths.calendar.href());
  const subscribe = page.getByRole('main').getByRole('button', { name: 'Subscribe' });
  // Server-rendered: the button works once the page has hydrated.
  await hydrated(subscribe);
  await subscribe.click();
  const dialog = page.getByRole('dialog', { name: /Subscribe to/ });
  const address = await dialog.getByLabel('Calendar feed address').inputValue();
  expect(address).toMatch(/^http:\/\/localhost:\d+\/api\/calendars\/.+\/feed\.ics$/);
  await expect(dialog.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
    'href',
    address.replace(/^http:/, 'webcal:'),
  );
  const feed = await request.get(address);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
});

test('keyboard: the grid moves by arrow keys and the dialogs give focus back', async ({ page }) => {
  await page.goto(paths.calendar.href());
  const today = page.locator('button[aria-current="date"]');
  // Server-rendered: the keys work once the page has hydrated.
  await hydrated(today);
  await today.focus();
  await page.keyboard.press('ArrowRight');
  await expect(today).not.toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(today).toBeFocused();
  // Anonymous: Enter on a day lists its events.
  await page.keyboard.press('Enter');
  const dayDialog = page.getByRole('dialog');
  await expect(dayDialog.getByText(/scheduled/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(today).toBeFocused();
});

test('small screens: count only, Show/Hide Calendar and the day list', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(paths.calendar.href());
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const toggle = page.getByRole('button', { name: 'Hide Calendar' });
  // Server-rendered: the toggle works once the page has hydrated.
  await hydrated(toggle);
  await toggle.click();
  await expect(page.getByRole('table')).toBeHidden();
  await page.getByRole('button', { name: 'Show Calendar' }).click();
  const busyDay = page.getByRole('button', { name: /, \d+ events?/ }).first();
  await busyDay.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/\d+ events? scheduled/)).toBeVisible();
  await dialog.getByRole('listitem').first().getByRole('button').first().click();
  await expect(page.getByRole('link', { name: 'View Full Details' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`an event page and the calendar dialogs have no axe violations (${theme})`, async ({
    page,
    request,
  }) => {
    // Three full axe runs and a sign-in.
    test.slow();
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
    const event = (await listEvents(request, denverDate(1), denverDate(40)))[0]!;
    await page.goto(paths.event.href(event.id));
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page, accounts.member);
    await page.goto(paths.calendar.href());
    const create = page.getByRole('button', { name: 'Create Event' });
    await hydrated(create);
    await create.click();
    await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: new RegExp(event.title) })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: event.title })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
