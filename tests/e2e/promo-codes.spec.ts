import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { addTicketType, createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import { accounts, closeToasts, expect, paths, signInThroughForm, test } from './fixtures';

// Promo codes and plan benefits in the browser: staff keep a code on the admin dashboard at
// 1280 px, a visitor uses it in the order form at 360 px and the next one is told it is used
// up; a visitor is refused a members-only code that a member's order takes after her plan's
// free luncheon ticket, which /account then shows as used.

async function bothSchemes(page: Page, where: string, width: number) {
  // Looked at once a toast has gone: one fading out has its text at part opacity.
  await closeToasts(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectFitsAndAccessible(page, `${where}, ${scheme}`, width);
  }
}

/** An event paid at the door, days ahead, with a single-seat type at the two prices. */
async function eventWithSeats(
  request: APIRequestContext,
  baseURL: string,
  title: string,
  days: number,
) {
  const event = await createEventThroughApi(request, baseURL, {
    title,
    days,
    startTime: 'T18:00',
    endTime: 'T20:00',
    capacity: 40,
    ticketPayment: 'door',
  });
  await addTicketType(request, baseURL, event.id, {
    name: 'Single seat',
    memberPriceCents: 2_500,
    priceCents: 8_000,
    quantity: null,
    perOrderLimit: 8,
    seatsPerTicket: 1,
  });
  return event;
}

/** Opens the order form of an event and asks for `seats` single seats. */
async function orderForm(page: Page, eventId: string, seats: number) {
  await page.goto(paths.event.href(eventId));
  await page.getByRole('button', { name: 'Register Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Order tickets' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < seats; i += 1) {
    await dialog.getByRole('button', { name: 'One more Single seat' }).click();
  }
  await expect(dialog.getByLabel('Quantity of Single seat')).toHaveValue(String(seats));
  return dialog;
}

async function applyCode(dialog: ReturnType<Page['getByRole']>, code: string) {
  await dialog.getByLabel('Promo code (optional)').fill(code);
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

test('staff add a promo code at 1280 px; a visitor uses it at 360 px and the next one is refused', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Three browsers and eight axe scans.
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Sponsor Gala ${stamp}`;
  const event = await eventWithSeats(request, baseURL!, title, 15);
  const code = `GALA-${stamp}`;

  // Staff at 1280 px: Admin Dashboard → Promo codes → Add promo code.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${paths.admin.href()}?tab=promo-codes`);
  await expect(page.getByRole('heading', { name: 'Promo codes', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add promo code' }).click();
  const form = page.getByRole('dialog', { name: 'Add promo code' });
  await expect(form).toBeVisible();
  // Checked in the browser as the server checks it: nothing is sent.
  await form.getByLabel('Code*').fill('ab');
  await form.getByLabel('Percent off*').fill('25');
  await form.getByRole('button', { name: 'Add promo code' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'A code is 3 to 40 letters, digits, dashes or underscores',
  );
  await form.getByLabel('Code*').fill(code);
  await form.getByLabel('Description').fill('For the gala sponsors');
  const option = form.getByLabel('Event', { exact: true }).locator('option', { hasText: title });
  await expect(option).toHaveCount(1);
  await form
    .getByLabel('Event', { exact: true })
    .selectOption((await option.getAttribute('value'))!);
  await form.getByLabel('Usage limit').fill('1');
  await bothSchemes(page, 'the promo code form at 1280 px', 1280);
  await form.getByRole('button', { name: 'Add promo code' }).click();
  await expect(form).toBeHidden();
  const row = page
    .getByRole('list', { name: 'Promo codes' })
    .getByRole('listitem')
    .filter({ hasText: code });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('25% off each ticket');
  await expect(row).toContainText(title);
  await expect(row).toContainText('0 of 1 uses');
  await expect(row.getByRole('button', { name: `Delete ${code}` })).toBeVisible();

  // The same code in another case: the server refuses it and the form says why.
  await page.getByRole('button', { name: 'Add promo code' }).click();
  await form.getByLabel('Code*').fill(code.toLowerCase());
  await form.getByLabel('Percent off*').fill('10');
  await form.getByRole('button', { name: 'Add promo code' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByRole('alert')).not.toBeEmpty();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await bothSchemes(page, 'the promo codes at 1280 px', 1280);

  // A visitor on a phone: the code comes off the total before placing the order.
  const first = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await first.newPage();
  const dialog = await orderForm(phone, event.id, 2);
  await expect(dialog.getByTestId('order-total')).toContainText('$160.00');
  await applyCode(dialog, code.toLowerCase());
  await expect(dialog).toContainText(`Code ${code} (25% off)`);
  await expect(dialog.getByTestId('order-total')).toContainText('$120.00');
  await bothSchemes(phone, 'the order form with a code at 360 px', 360);
  await dialog.getByLabel('Full Name').fill('Sam Sponsor');
  await dialog.getByLabel('Email', { exact: true }).last().fill(`sam-${stamp}@example.org`);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  await first.close();

  // The next visitor: the code had one use.
  const second = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const other = await second.newPage();
  const again = await orderForm(other, event.id, 1);
  await applyCode(again, code);
  await expect(again.getByRole('alert')).toHaveText(`The promo code ${code} has been used up.`);
  await expect(again.getByTestId('order-total')).toHaveCount(0);
  await second.close();

  // Staff see it used up; a used code has no Delete, and End ends it.
  await page.reload();
  await expect(row).toContainText('Used up');
  await expect(row).toContainText('1 of 1 uses');
  await expect(row.getByRole('button', { name: `Delete ${code}` })).toHaveCount(0);
  await row.getByRole('button', { name: `End ${code}` }).click();
  await expect(row).toContainText('Ended');
  await expect(row.getByRole('button', { name: `End ${code}` })).toHaveCount(0);

  // The page on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row).toBeVisible();
  await bothSchemes(page, 'the promo codes at 360 px', 360);
});

test('a members-only code is refused to a visitor; a member gets her free luncheon ticket, then the code, and /account shows it used (360 px)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const token = await apiToken(request, baseURL!, accounts.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  const event = await eventWithSeats(request, baseURL!, `Member Luncheon ${stamp}`, 16);
  const code = `MEMBERS-${stamp}`;
  const promo = await request.post('/api/admin/promo-codes', {
    headers,
    data: {
      code,
      description: 'Members of the luncheon',
      kind: 'percent',
      percentOff: 10,
      amountOffCents: null,
      eventId: event.id,
      ticketTypeIds: [],
      usageLimit: null,
      validFrom: null,
      validUntil: null,
      membersOnly: true,
    },
  });
  expect(promo.status(), await promo.text()).toBe(201);

  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await visitor.newPage();
  const refused = await orderForm(phone, event.id, 1);
  await applyCode(refused, code);
  await expect(refused.getByRole('alert')).toHaveText(
    `The promo code ${code} is for chamber members: sign in with your member account.`,
  );
  await visitor.close();

  // Maria's Enhanced plan: one free luncheon ticket a month, then 10% off the other seat.
  const member = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await member.newPage();
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).not.toHaveURL(/\/login/);
  const dialog = await orderForm(page, event.id, 2);
  await expect(dialog).toContainText('One free luncheon ticket per month');
  await expect(dialog.getByTestId('order-total')).toContainText('$25.00');
  await applyCode(dialog, code);
  await expect(dialog).toContainText(`Code ${code} (10% off)`);
  await expect(dialog.getByTestId('order-total')).toContainText('$22.50');
  const name = dialog.getByLabel('Full Name');
  if ((await name.inputValue()) === '') await name.fill('Maria Delgado');
  const email = dialog.getByLabel('Email', { exact: true }).last();
  if ((await email.inputValue()) === '') await email.fill(accounts.member.email);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(paths.account.href());
  const benefits = page.getByRole('region', { name: 'Plan benefits' });
  await expect(benefits).toContainText('One free luncheon ticket per month');
  await expect(benefits).toContainText(/1 of 1 used in \w+ \d{4}, none left/);
  await bothSchemes(page, '/account with plan benefits at 360 px', 360);
  await member.close();
});
