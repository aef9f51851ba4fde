import type { Page } from '@playwright/test';
import {
  accounts,
  paths,
  ownNetwork,
  signInThroughForm,
  test,
  expect,
  expectNoAxeViolations,
} from './fixtures';

// Paid tickets at the door: staff price the event, a visitor registers, the door takes money.
// Card payment goes to the Stripe stand-in on the browser tests' server, so the dialog also
// offers 'Pay online'; staff keep the door. Paying online is in pay-online.spec.ts.

async function expectAccessible(page: Page, where: string, width?: number) {
  if (width) {
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll, `page width of ${where}`).toBeLessThanOrEqual(width);
  }
  await expectNoAxeViolations(page, { where });
}

const denverDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test('staff price a pay-at-the-door event, a visitor registers, and the door records the payment at 360 px', async ({
  page,
  browser,
}) => {
  test.slow(); // Three browsers: staff, a visitor, the door.
  const title = `Priced Luncheon ${Date.now().toString(36)}`;

  // Staff create the event with a member and a non-member price.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${paths.calendar.href()}?create=true`);
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title*').fill(title);
  await dialog.getByLabel('Start date').fill(denverDate(6));
  await dialog.getByLabel('Start time').fill('12:00');
  await dialog.getByLabel('End time').fill('13:30');
  await dialog.getByLabel('Location').fill('Riverton City Hall');
  // A price the server cannot take is said under its field.
  await dialog.getByLabel('Non-member price ($ per seat)').fill('35.255');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(
    dialog.getByText('Enter the price in dollars, e.g. 25 or 25.00; leave it empty for free'),
  ).toBeVisible();
  await dialog.getByLabel('Member price ($ per seat)', { exact: true }).fill('25');
  await dialog.getByLabel('Non-member price ($ per seat)').fill('35.00');
  // With card payment set up a priced event is paid online unless staff choose the door.
  const payment = dialog.getByLabel('Payment', { exact: true });
  await expect(payment).toContainText('Pay online');
  await expect(
    dialog.getByText('Online: card payment when registering, seats held 30 minutes.'),
  ).toBeVisible();
  await payment.click();
  await expect(page.getByRole('option', { name: 'Pay online' })).toBeVisible();
  await page.getByRole('option', { name: 'Pay at the door' }).click();
  await expect(payment).toContainText('Pay at the door');
  await expectAccessible(page, 'the event dialog with prices');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/calendars/appointments') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Straight to its page: on the month grid its day may already hold more events than it shows
  // (other specs register on the same dates), so the new one can sit behind '+2 more'.
  const eventId = ((await (await created).json()) as { id: string }).id;
  const eventPath = paths.event.href(eventId);
  await page.goto(eventPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A visitor sees the non-member price and both prices, and registers a party of 2.
  const visitorContext = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: ownNetwork(),
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(eventPath);
  const tickets = visitor.getByRole('group', { name: 'Tickets' });
  await expect(tickets.getByText('$35.00 per seat', { exact: true })).toBeVisible();
  await expect(tickets.getByText('Members $25.00 · Non-members $35.00')).toBeVisible();
  await expect(tickets.getByText('Paid at the door.')).toBeVisible();
  await expectAccessible(visitor, 'the priced event page', 360);
  await visitor.getByRole('button', { name: 'Register Now' }).first().click();
  const form = visitor.getByRole('dialog', { name: 'Register for Event' });
  await form.getByLabel('Full Name*').fill('Odalys Brennan');
  await form.getByLabel('Email*').fill(`odalys-${Date.now().toString(36)}@riverton.example`);
  await form.getByLabel('Number of Guests').fill('2');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(
    visitor.getByText(/^\$70\.00 is due at the door \(invoice [\w-]+\)\.$/),
  ).toBeVisible();
  await expect(
    visitor.getByText("You're registered. Please pay at the door.", { exact: false }),
  ).toBeVisible();
  await expectAccessible(visitor, 'the event page after registering', 360);
  await visitorContext.close();

  // At the door, on a phone: the party owes $70.00; staff record it paid in cash.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/events/${encodeURIComponent(eventId)}/check-in`);
  const guests = page.getByRole('list', { name: 'Guests' });
  const row = guests.getByRole('listitem').filter({ hasText: 'Odalys Brennan' });
  await expect(row.getByText('Owes $70.00')).toBeVisible();
  await expectAccessible(page, 'the check-in page with a party that owes', 360);
  await row.getByRole('radio', { name: 'Cash' }).check();
  await row.getByRole('button', { name: /^Record payment/ }).click();
  await expect(page.getByRole('status')).toHaveText('Odalys Brennan: $70.00 paid');
  await expect(row.getByText('$70.00 paid')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Record payment/ })).toHaveCount(0);
  await row.getByRole('button', { name: 'Check in Odalys Brennan' }).click();
  await expect(row.getByText(/^Checked in at \d{2}:\d{2}$/)).toBeVisible();
  await expectAccessible(page, 'the check-in page after the payment', 360);
});
