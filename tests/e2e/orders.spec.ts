import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import { addTicketType, createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import { accounts, expect, paths, signInThroughForm, test } from './fixtures';

// Orders by ticket type: a visitor on a phone orders a table of 8 with the guests' names and
// sees the total before placing it; staff at 1280 px see the order with its attendees.

/** A one-off dinner of 40 seats, 12 days ahead, with a free table of 8 type. */
async function dinnerWithTables(request: APIRequestContext, baseURL: string, title: string) {
  const event = await createEventThroughApi(request, baseURL, { title, capacity: 40 });
  await addTicketType(request, baseURL, event.id);
  return event;
}

const guests = [
  'Ada Lovelace',
  'Grace Hopper',
  'Katherine Johnson',
  'Dorothy Vaughan',
  'Mary Jackson',
  'Hedy Lamarr',
  'Radia Perlman',
  'Barbara Liskov',
];

test('a visitor orders a named table of 8 at 360 px and staff see it at 1280 px', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Two browsers, eight names.
  const title = `Awards Dinner ${Date.now().toString(36)}`;
  const event = await dinnerWithTables(request, baseURL!, title);

  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await visitor.newPage();
  await phone.goto(paths.event.href(event.id));
  await phone.getByRole('button', { name: 'Register Now' }).first().click();
  const dialog = phone.getByRole('dialog', { name: 'Order tickets' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Table of 8');
  await expect(dialog).toContainText('4 left');
  await dialog.getByRole('button', { name: 'One more Table of 8' }).click();
  await expect(dialog.getByLabel('Quantity of Table of 8')).toHaveValue('1');
  // A table of 8 asks for 8 names.
  const names = dialog.getByLabel('Name', { exact: true });
  await expect(names).toHaveCount(8);
  for (const [i, name] of guests.entries()) await names.nth(i).fill(name);
  await dialog.getByLabel('Dietary note').first().fill('Vegetarian');
  await dialog.getByLabel('Full Name').fill('Pat Visitor');
  await dialog.getByLabel('Email', { exact: true }).last().fill(`pat-${Date.now()}@example.org`);
  await expect(dialog.getByTestId('order-total')).toContainText('Free');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await expectFitsAndAccessible(phone, `the order form at 360 px, ${scheme}`, 360);
  }
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  await expect(phone.getByText("We've sent a confirmation to your email.").first()).toBeVisible();
  await visitor.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.event.href(event.id));
  const orders = page.getByRole('region', { name: 'Order of Pat Visitor' });
  await expect(orders).toContainText('1 × Table of 8');
  for (const name of guests) await expect(orders).toContainText(name);
  await expect(orders).toContainText('Vegetarian');
  await expectFitsAndAccessible(page, 'the orders card at 1280 px', 1280);
});

test('a sponsor’s promo code comes off the total before paying, and a wrong one says why (360 px)', async ({
  browser,
  request,
  baseURL,
}) => {
  const token = await apiToken(request, baseURL!, accounts.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const event = await createEventThroughApi(request, baseURL!, {
    title: `Sponsor Gala ${Date.now().toString(36)}`,
    days: 14,
    capacity: 40,
    ticketPayment: 'door',
  });
  await addTicketType(request, baseURL!, event.id, {
    name: 'Single seat',
    memberPriceCents: 6_000,
    priceCents: 8_000,
    quantity: null,
    perOrderLimit: 8,
    seatsPerTicket: 1,
  });
  const code = `GALA${Date.now().toString(36).toUpperCase()}`;
  const promo = await request.post('/api/admin/promo-codes', {
    headers,
    data: {
      code,
      description: 'For the gala sponsors',
      kind: 'percent',
      percentOff: 50,
      amountOffCents: null,
      eventId: event.id,
      ticketTypeIds: [],
      usageLimit: 10,
      validFrom: null,
      validUntil: null,
      membersOnly: false,
    },
  });
  expect(promo.status(), await promo.text()).toBe(201);

  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await visitor.newPage();
  await phone.goto(paths.event.href(event.id));
  await phone.getByRole('button', { name: 'Register Now' }).first().click();
  const dialog = phone.getByRole('dialog', { name: 'Order tickets' });
  await dialog.getByRole('button', { name: 'One more Single seat' }).click();
  await dialog.getByRole('button', { name: 'One more Single seat' }).click();
  await expect(dialog.getByTestId('order-total')).toContainText('$160.00');
  await dialog.getByLabel('Promo code (optional)').fill('NOT-A-CODE');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toContainText('There is no promo code NOT-A-CODE.');
  await dialog.getByLabel('Promo code (optional)').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toContainText(`Code ${code} (50% off)`);
  await expect(dialog.getByTestId('order-total')).toContainText('$80.00');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await expectFitsAndAccessible(phone, `the order form with a code, ${scheme}`, 360);
  }
  await dialog.getByLabel('Full Name').fill('Sam Sponsor');
  await dialog.getByLabel('Email', { exact: true }).last().fill(`sam-${Date.now()}@example.org`);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  await visitor.close();
  const list = await request.get('/api/admin/promo-codes', { headers });
  const codes = ((await list.json()) as { codes: { code: string; uses: number }[] }).codes;
  expect(codes.find((c) => c.code.toUpperCase() === code)?.uses).toBe(1);
});
