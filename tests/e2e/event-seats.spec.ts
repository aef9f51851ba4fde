import type { APIRequestContext } from '@playwright/test';
import { createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import { accounts, docsScreenshot, expect, paths, signInThroughForm, test } from './fixtures';
import { mailContaining } from './public-site-helpers';

// Seats, the waiting list and the door, as a phone shows them.
test.use({ viewport: { width: 360, height: 780 } });

/** A one-off event `days` ahead (6 unless told) at noon Denver time, made by `account`. */
const createEvent = (
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string },
  fields: { title: string; capacity?: number | null; days?: number },
) =>
  createEventThroughApi(
    request,
    baseURL,
    {
      days: 6,
      startTime: 'T18:00',
      endTime: 'T19:30',
      location: 'Riverton City Hall',
      capacity: null,
      ...fields,
    },
    account,
  );

const registrationsUrl = (id: string) =>
  `/api/calendars/appointments/${encodeURIComponent(id)}/registrations`;

/** The manage link (path and fragment) in a mail. */
const manageLink = (mail: string) => {
  const readable = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const found = readable.match(/https?:\/\/[^\s"<]+(\/registrations\/manage#token=[\w-]{43})/);
  expect(found, 'a manage link in the mail').not.toBeNull();
  return found![1]!;
};

test('a visitor meets “Sold out”, joins the waiting list, and the offer mail’s link registers them', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // Three mails and several pages.
  const stamp = Date.now().toString(36);
  const event = await createEvent(request, baseURL!, accounts.admin, {
    title: `Seats Luncheon ${stamp}`,
    capacity: 2,
  });
  const holder = `holder-${stamp}@riverton.example`;
  const visitor = `waiting-${stamp}@riverton.example`;

  let since = Date.now() - 1000;
  const first = await request.post(registrationsUrl(event.id), {
    data: { name: 'Harper Holt', email: holder, numberOfGuests: 2 },
  });
  expect(first.status()).toBe(201);
  const holderLink = manageLink(await mailContaining(holder, since));

  await page.goto(paths.event.href(event.id));
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible();
  // Every way in says so: the hero's button too.
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join the Waiting List' })).toHaveCount(2);
  await expectFitsAndAccessible(page, 'the sold-out event page', 360);
  await page.getByRole('button', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the waiting list' });
  await dialog.getByLabel('Full Name*').fill('Wren Walker');
  await dialog.getByLabel('Email*').fill(visitor);
  since = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText("You're number 1 on the waiting list", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're on the Waiting List" })).toBeFocused();
  // No seat yet: nothing to add to a calendar.
  await expect(page.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
  await mailContaining(`You're on the waiting list: ${event.title}`, since);

  // The party holding the seats cancels through its own link: the seats are offered on.
  since = Date.now() - 1000;
  const holderToken = holderLink.split('#token=')[1]!;
  const cancelled = await request.delete('/api/registrations/manage', {
    headers: { 'x-registration-token': holderToken },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const offer = await mailContaining(`Seats are free for you: ${event.title}`, since);
  expect(offer).toContain(visitor);

  await page.goto(manageLink(offer));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(
    page.getByText('Seats are free for your party of 1.', { exact: false }),
  ).toBeVisible();
  await expectFitsAndAccessible(page, 'the manage page with an offer', 360);
  // The labels beside the event's details stay whole ('When:', not 'Wh' over 'en:').
  const broken = await page.locator('dt').evaluateAll((labels) =>
    labels
      .filter((label) => {
        const text = document.createRange();
        text.selectNodeContents(label);
        return text.getClientRects().length > 1;
      })
      .map((label) => label.textContent),
  );
  expect(broken).toEqual([]);
  await page.getByRole('button', { name: 'Take your seats' }).click();
  await expect(page.getByRole('img', { name: 'Your check-in QR code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take your seats' })).toHaveCount(0);

  // Counted as a seat-taker by the server: one seat of two taken, nobody waiting.
  const after = await request.get(`/api/calendars/appointments/${encodeURIComponent(event.id)}`);
  expect(await after.json()).toMatchObject({
    attendeeCount: 1,
    registrationCount: 1,
    seatsLeft: 1,
    waitlistCount: 0,
  });
});

test('an organizer checks a guest in by searching their name on a 360 px screen', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Two phones at the door.
  const stamp = Date.now().toString(36);
  const event = await createEvent(request, baseURL!, accounts.member, {
    title: `Door Test ${stamp}`,
    capacity: 40,
    days: 1,
  });
  for (const [name, guests] of [
    ['Rosalind Ferreira', 3],
    ['Tobias Lindqvist', 2],
    ['Imogen Achterberg', 1],
  ] as const) {
    const res = await request.post(registrationsUrl(event.id), {
      data: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}-${stamp}@riverton.example`,
        numberOfGuests: guests,
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto(paths.login.href());
  // Remembered, so the second phone below starts signed in from the same storage.
  await signInThroughForm(page, accounts.member, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/events/${encodeURIComponent(event.id)}/check-in`);
  const counts = page.getByRole('definition');
  const count = (label: string) =>
    page
      .getByLabel('Counts')
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .getByRole('definition');
  await expect(count('Registered')).toHaveText('6');
  await expect(count('Checked in')).toHaveText('0');
  // The event starts tomorrow: nobody is a no-show yet.
  await expect(count('No-shows')).toHaveText('0');
  expect(await counts.count()).toBe(3);
  await expectFitsAndAccessible(page, 'the check-in page', 360);
  await docsScreenshot(page, 'check-in');

  // A second phone at the door opened the list before the guest arrived, and has not
  // refreshed it since (it would within 10 s): its guest list stays as it first loaded.
  const other = await browser.newPage({
    viewport: { width: 360, height: 780 },
    storageState: await page.context().storageState(),
  });
  let firstList: string | null = null;
  await other.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname.endsWith('/check-in'),
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (firstList === null) {
        const response = await route.fetch();
        firstList = await response.text();
        return route.fulfill({ response, body: firstList });
      }
      return route.fulfill({ status: 200, contentType: 'application/json', body: firstList });
    },
  );
  await other.goto(`/events/${encodeURIComponent(event.id)}/check-in`);
  await expect(other.getByRole('button', { name: 'Check in Tobias Lindqvist' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by name' }).fill('lindq');
  const guests = page.getByRole('list', { name: 'Guests' });
  await expect(guests.getByRole('listitem')).toHaveCount(1);
  await guests.getByRole('button', { name: 'Check in Tobias Lindqvist' }).click();
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^Tobias Lindqvist checked in at \d{2}:\d{2}$/);
  const at = (await status.textContent())!.match(/\d{2}:\d{2}/)![0];
  await expect(guests.getByText(`Checked in at ${at}`)).toBeVisible();
  await expect(count('Checked in')).toHaveText('2');
  await expect(count('No-shows')).toHaveText('0');
  await expectFitsAndAccessible(page, 'the check-in page after a check-in', 360);

  // The other phone still shows the button: the door answers when the party came in.
  await other.getByRole('button', { name: 'Check in Tobias Lindqvist' }).click();
  await expect(other.getByRole('status')).toHaveText(
    `Tobias Lindqvist: Already checked in at ${at}`,
  );
  await other.close();

  // A walk-in is added and checked in at once; the counts grow with the party.
  const walkIn = page
    .getByRole('region', { name: 'Add a walk-in' })
    .or(page.locator('form', { has: page.getByRole('button', { name: 'Add and check in' }) }));
  await walkIn.getByLabel('Full Name*').fill('Dashiell Okonkwo');
  await walkIn.getByLabel('Number of Guests').fill('2');
  await walkIn.getByRole('button', { name: 'Add and check in' }).click();
  await expect(status).toHaveText(/^Dashiell Okonkwo checked in at \d{2}:\d{2}$/);
  await expect(count('Registered')).toHaveText('8');
  await expect(count('Checked in')).toHaveText('4');
  await expect(count('No-shows')).toHaveText('0');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('okonkwo');
  await expect(guests.getByRole('listitem')).toHaveCount(1);
  await expect(guests.getByText('2 people · walk-in')).toBeVisible();
  await expectFitsAndAccessible(page, 'the check-in page after a walk-in', 360);
});
