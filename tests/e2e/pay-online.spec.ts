import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { expectFitsAndAccessible as checkFitsAndAccessible } from './event-setup';
import { docsScreenshot, expect, ownNetwork, paths, test } from './fixtures';
import { retireMembers } from './membership-helpers';
import { mailContaining } from './public-site-helpers';

// Paying by card. The browser tests' server sends Stripe's API calls to the stand-in that the
// API tests use (start-server.mjs); its Checkout page shows the amount with 'Pay' and 'Cancel',
// and 'Pay' sends the portal the signed webhook events before it returns to the portal.

// The sign-up's 'welcome' toast is the toaster's own styling, checked with the sign-up pages.
const expectFitsAndAccessible = (page: Page, where: string, width: number) =>
  checkFitsAndAccessible(page, where, width, { exclude: ['[data-sonner-toaster]'] });

/** Stripe's hosted Checkout, as the stand-in shows it: the amount, then 'Pay' or 'Cancel'. */
async function onCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveText(amount);
}

const joinedHere: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  // The directory's tests count its members: the business joined here leaves it again.
  await retireMembers(request, baseURL!, joinedHere.splice(0));
});

test('a visitor joins the Enhanced plan, pays online on Checkout, gets the receipt and is listed at once, at 360 px', async ({
  browser,
}) => {
  test.slow(); // The join's steps, a password hash, Checkout and a mail.
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    extraHTTPHeaders: ownNetwork(),
  });
  const page = await context.newPage();
  const stamp = Date.now().toString(36);
  const who = {
    business: `Quillfeather Bindery ${stamp}`,
    email: `rosa-${stamp}@quillfeather.example`,
    password: 'Pay-By-Card-2026',
  };
  const since = Date.now();

  await page.goto(paths.join.href());
  await page.getByRole('radio', { name: 'Enhanced' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Business name').fill(who.business);
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Quill');
  await page.getByRole('main').getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill('(801) 555-0142');
  await page.getByLabel('Street address').fill('40 Bindery Lane');
  await page.getByLabel('City').fill('Riverton');
  await page.getByLabel('State').fill('UT');
  await page.getByLabel('ZIP code').fill('84065');
  await page.getByRole('button', { name: 'Continue' }).click();
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByLabel('Password', { exact: true }).fill(who.password);
  await signUp.getByLabel('Confirm password').fill(who.password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  joinedHere.push(who.email);

  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(
    page.getByText(
      'Paying online makes your membership active at once. With an invoice, it starts when your payment is recorded.',
    ),
  ).toBeVisible();
  await expectFitsAndAccessible(page, 'the payment step with card payment', 360);
  await page.getByRole('button', { name: 'Pay online' }).click();

  await onCheckout(page, '$550.00');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the portal: the confirmation names the payment's invoice and amount.
  await expect(page).toHaveURL(/\/join\?paid=\d{4}-\d{4}$/);
  const invoiceNumber = new URL(page.url()).searchParams.get('paid')!;
  await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We received' })).toHaveText(
    `We received $550.00 for invoice ${invoiceNumber}. Your receipt is on its way by email.`,
  );
  // The seeded chamber does not hold new members for approval: active and listed at once.
  await expect(
    page.getByText(
      'Your Enhanced membership is active and your business is listed in the directory.',
    ),
  ).toBeVisible();
  await expectFitsAndAccessible(page, 'the paid confirmation', 360);

  const receipt = await mailContaining(
    `Subject: Receipt for invoice ${invoiceNumber}: $550.00 paid`,
    since,
  );
  expect(receipt).toContain(who.email);
  expect(receipt).toContain(`receipt-${invoiceNumber}.pdf`);

  // The directory lists the business at once, at the plan's level.
  await page.goto(paths.members.href());
  await page.getByLabel('Search members').fill(who.business);
  const card = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(who.business);
  await expect(card.getByText('Enhanced', { exact: true })).toBeVisible();

  // My membership: active, with the join invoice paid.
  await page.goto(paths.membership.href());
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing to pay right now.')).toBeVisible();
  const paid = page.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await context.close();
});

/** A one-off event six days ahead with a member and a non-member price, paid online. */
async function createPricedEvent(
  request: APIRequestContext,
  baseURL: string,
  title: string,
  prices = { memberPriceCents: 2500, priceCents: 3500 },
) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/calendars/appointments', {
    headers,
    data: {
      title,
      startTime: `${day}T18:00:00.000Z`,
      endTime: `${day}T19:30:00.000Z`,
      location: 'Riverton City Hall',
      capacity: 40,
      ...prices,
      ticketPayment: 'online',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return {
    id,
    remove: async () => {
      const gone = await request.delete(`/api/calendars/appointments/${encodeURIComponent(id)}`, {
        headers,
      });
      expect(gone.ok(), await gone.text()).toBe(true);
    },
  };
}

test('a visitor registers for a priced event, cancels on Checkout and sees the seats held, then pays with "Pay now", at 1280 and 360 px', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Checkout twice, an axe scan at each step and a mail.
  const title = `Card Luncheon ${Date.now().toString(36)}`;
  const event = await createPricedEvent(request, baseURL!, title);
  const since = Date.now();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: ownNetwork(),
  });
  const page = await context.newPage();
  const eventPath = `/events/${encodeURIComponent(event.id)}`;

  await page.goto(eventPath);
  const tickets = page.getByRole('group', { name: 'Tickets' });
  await expect(tickets.getByText('$35.00 per seat', { exact: true })).toBeVisible();
  await expect(
    tickets.getByText(
      'Paid online when you register; your seats are held 30 minutes while you pay.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Register Now' }).first().click();
  const form = page.getByRole('dialog', { name: 'Register for Event' });
  await form.getByLabel('Full Name*').fill('Imogen Hale');
  const email = `imogen-${Date.now().toString(36)}@riverton.example`;
  await form.getByLabel('Email*').fill(email);
  await form.getByLabel('Number of Guests').fill('2');
  await form.getByRole('button', { name: 'Continue to payment — $70.00' }).click();

  // Checkout for two seats at the non-member price; the visitor turns back.
  await onCheckout(page, '$70.00');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  const held = page
    .getByRole('status')
    .filter({ hasText: /^Not paid yet: \$70\.00 \(invoice \d{4}-\d{4}\)\./ });
  await expect(held).toContainText(
    /Your seats are held until \d{1,2}:\d{2} [AP]M \((30|29) minutes left\) while you pay\./,
  );
  const invoiceNumber = (await held.textContent())!.match(/invoice (\d{4}-\d{4})/)![1]!;
  await expect(
    page.getByRole('heading', { name: 'Not paid yet — pay to keep your seat' }),
  ).toBeVisible();
  await expect(page.getByText("You're Registered!")).toHaveCount(0);
  await expect(held.getByRole('link', { name: 'Pay now' })).toBeVisible();
  // Nothing is mailed for seats held for a payment: the confirmation follows the payment.
  await expect(page.getByText("We've sent a confirmation to your email.")).toHaveCount(0);
  await expectFitsAndAccessible(page, 'the held registration', 1280);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectFitsAndAccessible(page, 'the held registration', 360);

  // 'Pay now' goes back to the same Checkout; this time the visitor pays.
  await held.getByRole('link', { name: 'Pay now' }).click();
  await onCheckout(page, '$70.00');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(page.getByRole('status').filter({ hasText: /^Paid:/ })).toHaveText(
    `Paid: $70.00 (invoice ${invoiceNumber}). Your confirmation and receipt are on their way to your email.`,
  );
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expectFitsAndAccessible(page, 'the paid registration', 360);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectFitsAndAccessible(page, 'the paid registration', 1280);

  // The portal recorded the payment: the receipt is mailed to the visitor.
  const receipt = await mailContaining(
    `Subject: Receipt for invoice ${invoiceNumber}: $70.00 paid`,
    since,
  );
  expect(receipt).toContain(email);
  await context.close();
  await event.remove();
});

test('the paid registration dialog shows the price, the rate and the total before paying, at 360 and 1280 px', async ({
  browser,
  request,
  baseURL,
}) => {
  const title = `Priced Mixer ${Date.now().toString(36)}`;
  const event = await createPricedEvent(request, baseURL!, title, {
    memberPriceCents: 3500,
    priceCents: 4500,
  });
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: ownNetwork(),
  });
  const page = await context.newPage();
  await page.goto(`/events/${encodeURIComponent(event.id)}`);
  await page.getByRole('button', { name: 'Register Now' }).first().click();
  const form = page.getByRole('dialog', { name: 'Register for Event' });
  const price = form.getByRole('region', { name: 'Price' });
  await expect(price.getByText('$45.00 a seat')).toBeVisible();
  await expect(price.getByText('Non-member rate')).toBeVisible();
  await expect(
    price.getByText('Members with an active membership pay $35.00 a seat.'),
  ).toBeVisible();
  await form.getByLabel('Full Name*').fill('Nadia Ferro');
  await form.getByLabel('Email*').fill(`nadia-${Date.now().toString(36)}@riverton.example`);
  await form.getByLabel('Number of Guests').fill('2');
  await expect(price.getByText('2 seats')).toBeVisible();
  await expect(price.getByText('$90.00')).toBeVisible();
  const pay = form.getByRole('button', { name: 'Continue to payment — $90.00' });
  await expect(pay).toBeVisible();
  await expectFitsAndAccessible(page, 'the paid registration dialog', 360);
  await page.screenshot({ path: test.info().outputPath('paid-dialog-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(pay).toBeVisible();
  await expectFitsAndAccessible(page, 'the paid registration dialog', 1280);
  await docsScreenshot(page, 'ticket-registration');

  await pay.click();
  await onCheckout(page, '$90.00');
  await context.close();
  await event.remove();
});
