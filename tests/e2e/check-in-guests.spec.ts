import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { addTicketType, createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import { accounts, expect, ownNetwork, paths, signInThroughForm, test } from './fixtures';

// The door of a dinner sold by the table: staff check in one guest of a table, undo it, and
// take the attendee list (printed or as CSV), on a phone (360 px) and a laptop (1280 px).

const guests = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'];

/** A dinner 12 days ahead with a free table of 4, and one table ordered with 3 names. */
async function dinnerWithATable(request: APIRequestContext, baseURL: string, title: string) {
  const event = await createEventThroughApi(request, baseURL, { title, capacity: 40 });
  const { id: typeId } = await addTicketType(request, baseURL, event.id, {
    name: 'Table of 4',
    seatsPerTicket: 4,
  });
  const order = await request.post(`/api/events/${event.id}/orders`, {
    headers: ownNetwork(),
    data: {
      items: [{ typeId, quantity: 1 }],
      attendees: guests.map((name) => ({ typeId, name })),
      buyer: { name: 'Pat Host', email: `pat-${Date.now()}@example.org` },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return event;
}

const count = (page: Page, label: string) =>
  page
    .getByLabel('Counts')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .getByRole('definition');

for (const width of [360, 1280]) {
  test(`staff check in one guest of a table, undo it and take the list at ${width} px`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // Sign-in, a table and the axe checks in two schemes.
    const title = `Check-in Dinner ${width} ${Date.now().toString(36)}`;
    const event = await dinnerWithATable(request, baseURL!, title);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(paths.login.href());
    await signInThroughForm(page, accounts.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/events/${encodeURIComponent(event.id)}/check-in`);

    await expect(count(page, 'Registered')).toHaveText('4');
    await expect(count(page, 'Checked in')).toHaveText('0');
    // The dinner is 12 days ahead: nobody is a no-show yet.
    await expect(count(page, 'No-shows')).toHaveText('0');
    const party = page.getByRole('list', { name: 'Guests' }).getByRole('listitem').first();
    await expect(party).toContainText('Table 1 · 4 people · 0 of 4 in');
    const table = page.getByRole('list', { name: 'Guests of Pat Host' });
    await expect(table.getByRole('listitem')).toHaveCount(4);
    await expect(table).toContainText('Guest 4 of Pat Host');

    // One guest of the table, not the others.
    await table.getByRole('button', { name: 'Check in Grace Hopper' }).click();
    const status = page.getByRole('status').filter({ hasText: /Grace Hopper/ });
    await expect(status).toHaveText(/^Grace Hopper checked in at \d{2}:\d{2}$/);
    await expect(page.locator('[data-flash="ok"]')).toBeAttached();
    await expect(count(page, 'Checked in')).toHaveText('1');
    await expect(party).toContainText('1 of 4 in');
    await expect(
      table.getByRole('button', { name: 'Undo check-in of Grace Hopper' }),
    ).toBeVisible();
    await expect(table.getByRole('button', { name: 'Check in Ada Lovelace' })).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectFitsAndAccessible(
        page,
        `the door after one guest, ${width} px, ${scheme}`,
        width,
      );
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The attendee list shows her time and the table; the printout is that list alone.
    const list = page.getByRole('table', { name: /Attendees:/ });
    const graceRow = list.getByRole('row', { name: /Grace Hopper/ });
    await expect(graceRow).toContainText('Table of 4');
    await expect(graceRow.getByRole('cell').first()).toHaveText('1');
    await expect(graceRow.getByRole('cell').last()).toHaveText(/\d{2}:\d{2}/);
    await page.emulateMedia({ media: 'print' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan a QR code' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The CSV: table, name, email, type, checked in.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-attendees\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('table,name,email,type,checked in');
    expect(csv).toHaveLength(5);
    expect(csv[1]).toBe('1,Ada Lovelace,,Table of 4,');
    expect(csv[2]).toMatch(/^1,Grace Hopper,,Table of 4,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // A mistake is undone.
    await table.getByRole('button', { name: 'Undo check-in of Grace Hopper' }).click();
    await expect(page.getByRole('status').filter({ hasText: /undone/ })).toHaveText(
      'Grace Hopper: check-in undone',
    );
    await expect(count(page, 'Checked in')).toHaveText('0');
    await expect(table.getByRole('button', { name: 'Check in Grace Hopper' })).toBeVisible();
    await expectFitsAndAccessible(page, `the door after an undo, ${width} px`, width);
  });
}
