import type { Locator, Page } from '@playwright/test';
import { membershipSettingsApi } from './admin-api';
import {
  checkLooks,
  closeToasts,
  expect,
  expectNoAxeViolations,
  followSystemTheme,
  ownNetwork,
  paths,
  test,
} from './fixtures';
import { recordCheckAsStaff } from './membership-helpers';
import { mailContaining } from './public-site-helpers';
import { putBackDuesSettings, seededDuesSettings } from './seeded';

// Joining in the browser: a plan's page → the join page → details → sign-in → invoice, then
// staff record the check and the member sees an active membership with its receipt.

interface Joiner {
  business: string;
  first: string;
  last: string;
  email: string;
  password: string;
}

const joiner = (name: string): Joiner => ({
  business: `${name} Print Co`,
  first: 'June',
  last: name,
  email: `june@${name.toLowerCase()}print.example`,
  password: 'Join-The-Chamber-2026',
});

async function fillDetails(page: Page, who: Joiner) {
  await page.getByLabel('Business name').fill(who.business);
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  await page.getByRole('main').getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill('(801) 555-0199');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Riverton');
  await page.getByLabel('State').fill('UT');
  await page.getByLabel('ZIP code').fill('84065');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The sign-in step's 'Create an account': the details are filled in; a password is chosen. */
async function createSignIn(page: Page, who: Joiner) {
  await expect(page.getByRole('heading', { name: 'Your sign-in' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create an account' });
  await expect(form.getByLabel('Email')).toHaveValue(who.email);
  await expect(form.getByLabel('Business name')).toHaveValue(who.business);
  await form.getByLabel('Password', { exact: true }).fill(who.password);
  await form.getByLabel('Confirm password').fill(who.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

// This spec's sign-ups come from a network of their own (see ownNetwork).
test.use({ extraHTTPHeaders: ownNetwork() });

test('a visitor joins the Enhanced plan by invoice; staff record the check; the member is active with a receipt and enhanced fields', async ({
  page,
  browser,
}) => {
  test.slow(); // Several pages, two mails, a password hash and a PDF or two.
  const who = joiner('Juniper');
  const since = Date.now();

  await page.goto(paths.enhancedMembership.href());
  await page.getByRole('link', { name: 'Join as Enhanced' }).click();
  await expect(page).toHaveURL(paths.join.href('enhanced'));
  await expect(page.getByRole('listitem').filter({ hasText: 'Business details' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await fillDetails(page, who);
  await createSignIn(page, who);

  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Enhanced$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send me an invoice' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'We emailed invoice' });
  await expect(status).toContainText(`for $550.00 to ${who.email}`);
  const invoiceNumber = (await status.textContent())!.match(/invoice (\d{4}-\d{4})/)![1]!;
  // How to pay, ending with the number to quote.
  const howToPay = page.getByRole('region', { name: `How to pay invoice ${invoiceNumber}` });
  await expect(howToPay.getByRole('definition').last()).toHaveText(`Invoice ${invoiceNumber}`);

  const mail = await mailContaining(`Subject: Invoice ${invoiceNumber}: $550.00`, since);
  expect(mail).toContain(who.email);
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  expect(mail).toContain(`invoice-${invoiceNumber}.pdf`);

  // The check arrives: staff record it in Admin → Memberships, in their own browser.
  await recordCheckAsStaff(browser, {
    businessName: who.business,
    invoiceNumber,
    checkNumber: '2044',
  });
  await mailContaining(`Subject: Receipt for invoice ${invoiceNumber}: $550.00 paid`, since);

  // Later, the member opens their membership page.
  await page.goto(paths.membership.href());
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const invoice = page.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: 'Receipt PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${invoiceNumber}.pdf`);

  await page.goto(paths.profile.href());
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Bio/About').fill('Letterpress cards and shop signs, printed in Riverton.');
  await page.getByLabel('Website').fill('https://juniperprint.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(
    page.getByText('Letterpress cards and shop signs, printed in Riverton.'),
  ).toBeVisible();
});

test('at 360 px every step of joining fits the screen and has no axe violations', async ({
  page,
}) => {
  test.slow(); // An axe scan per step.
  await page.setViewportSize({ width: 360, height: 800 });
  const who = joiner('Aspen');
  const check = async (heading: string) => {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${heading}: no horizontal scrolling`,
    ).toBeLessThanOrEqual(360);
    // The sign-up's 'welcome' toast is the toaster's own styling, checked with the sign-up pages.
    await expectNoAxeViolations(page, { exclude: ['[data-sonner-toaster]'], where: heading });
  };

  await page.goto(paths.join.href());
  await check('Choose your membership');
  await page.getByRole('radio', { name: 'Basic' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await check('Your business');
  await fillDetails(page, who);
  await check('Your sign-in');
  await createSignIn(page, who);
  await check('Payment');
  await page.getByRole('button', { name: 'Send me an invoice' }).click();
  await check('Thank you for joining!');
});

/** The section alone at 360 px, light and dark, beside checkLooks' whole pages. */
async function closeUps(page: Page, section: Locator, name: string) {
  await page.setViewportSize({ width: 360, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section.screenshot({ path: test.info().outputPath(`${name}-section-360-${scheme}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("how to pay by check or bank, with the chamber's details filled in, reads at 360 and 1280 px in light and dark", async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  test.setTimeout(240_000); // Joining, then eight axe scans and screenshots on two pages.
  // Long, real-looking payment details: an address on several lines, a bank line that does
  // not break by itself (an IBAN), a note.
  putBack(putBackDuesSettings);
  await (
    await membershipSettingsApi(request, baseURL!)
  ).put({
    ...seededDuesSettings,
    payee: 'Riverton Area Chamber of Commerce Foundation Incorporated',
    mailingAddress:
      'Riverton Area Chamber of Commerce\nAttn: Membership Dues\nPO Box 1234\nRiverton, UT 84065-1234',
    bankDetails:
      'Mountain West Credit Union, routing 124000054, account 000123456789012\nIBAN US82MWCU12400005400012345678901234567',
    paymentInstructions: 'Write the invoice number on the memo line of your check.',
  });
  await followSystemTheme(page);
  const who = joiner('Birch');
  await page.goto(paths.join.href());
  await page.getByRole('radio', { name: 'Basic' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillDetails(page, who);
  await createSignIn(page, who);
  await page.getByRole('button', { name: 'Send me an invoice' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'We emailed invoice' });
  const invoiceNumber = (await status.textContent())!.match(/invoice (\d{4}-\d{4})/)![1]!;
  const joinHowToPay = page.getByRole('region', { name: `How to pay invoice ${invoiceNumber}` });
  await expect(joinHowToPay).toContainText('IBAN US82MWCU12400005400012345678901234567');
  await expect(joinHowToPay).toContainText('Attn: Membership Dues');
  await expect(joinHowToPay).toContainText('Write the invoice number on the memo line');
  // The sign-up's welcome toast (8 s) is the toaster's own styling, checked with the sign-up
  // pages; these scans are of the page once it has gone.
  await closeToasts(page);
  await checkLooks(page, 'join-how-to-pay');
  await closeUps(page, joinHowToPay, 'join-how-to-pay');

  // The same section under the open invoice on My membership.
  await page.goto(paths.membership.href());
  const mineHowToPay = page.getByRole('region', { name: `How to pay invoice ${invoiceNumber}` });
  await expect(mineHowToPay).toContainText('IBAN US82MWCU12400005400012345678901234567');
  await expect(mineHowToPay).toContainText('Riverton Area Chamber of Commerce Foundation');
  await expect(mineHowToPay).toContainText('Use the Pay $300.00 online button above');
  await checkLooks(page, 'membership-how-to-pay', { docs: true });
  await closeUps(page, mineHowToPay, 'membership-how-to-pay');
});
