import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, ownNetwork, paths, test } from './fixtures';
import { joinedPassword, joinThroughApi, retireMembers } from './membership-helpers';

// The join page's steps are entries of the browser's history, and a trip to Checkout (the
// Stripe stand-in of start-server.mjs) comes back to them: Back, 'Cancel' or 'Pay'.

const joinedHere: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  // The directory's tests count its members: the businesses joined here leave it again.
  await retireMembers(request, baseURL!, joinedHere.splice(0));
});

async function onCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByLabel('Amount')).toHaveText(amount);
}

const step = (page: Page, name: string) =>
  expect(page.getByRole('listitem').filter({ hasText: name })).toHaveAttribute(
    'aria-current',
    'step',
  );

async function shot(page: Page, name: string) {
  await expectNoAxeViolations(page, { exclude: ['[data-sonner-toaster]'], where: name });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const width of [360, 1280]) {
  test(`at ${width} px, Back walks the join's steps, Back from Checkout keeps the plan, and a cancelled Checkout says nothing was charged`, async ({
    browser,
  }) => {
    test.setTimeout(240_000); // Four steps, a password hash, Checkout three times.
    const context = await browser.newContext({
      viewport: { width, height: 740 },
      extraHTTPHeaders: ownNetwork(),
    });
    const page = await context.newPage();
    const stamp = `${width}-${Date.now().toString(36)}`;
    const email = `back-${stamp}@wrenbindery.example`;

    await page.goto(paths.home.href());
    await page.goto(paths.join.href());
    const enhanced = page.getByRole('radio', { name: 'Enhanced' });
    await expect(enhanced).toBeEnabled();
    await enhanced.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Your business' })).toBeVisible();

    // Back from step 2 is step 1, the plan still chosen; Forward is step 2 again.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
    await expect(page).toHaveURL(/\/join/);
    await expect(enhanced).toBeChecked();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Your business' })).toBeVisible();

    await page.getByLabel('Business name').fill(`Wren Bindery ${stamp}`);
    await page.getByLabel('First name').fill('Wren');
    await page.getByLabel('Last name').fill('Folio');
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await step(page, 'Sign-in');
    const signUp = page.getByRole('form', { name: 'Create an account' });
    await signUp.getByLabel('Password', { exact: true }).fill(joinedPassword);
    await signUp.getByLabel('Confirm password').fill(joinedPassword);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    joinedHere.push(email);

    // The new sign-in's membership is read before the step shows (a password hash first).
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay online' }).click();
    await onCheckout(page, '$550.00');

    // Back from Checkout: the payment step, with the plan chosen.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Enhanced$/ })).toBeVisible();

    // Checkout's 'Cancel': the step says nothing was charged, and offers both ways on.
    await page.getByRole('button', { name: 'Pay online' }).click();
    await onCheckout(page, '$550.00');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // A new page: the server's page, then the tab's saved step once its scripts have run.
    const cancelled = page.getByRole('status').filter({ hasText: 'Payment cancelled' });
    await expect(cancelled).toContainText('Payment cancelled — nothing was charged', {
      timeout: 30_000,
    });
    await expect(cancelled).toBeInViewport();
    await expect(page.getByRole('definition').filter({ hasText: /^Enhanced$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send me an invoice' })).toBeVisible();
    await shot(page, `join-cancelled-${width}`);

    // Trying again and paying: the thanks at the top of the page, not an old scroll position.
    await page.getByRole('button', { name: 'Send me an invoice' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Try again' }).click();
    await onCheckout(page, '$550.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/join\?paid=\d{4}-\d{4}$/);
    const thanks = page.getByRole('heading', { name: 'Thank you for joining!' });
    await expect(thanks).toBeInViewport();
    await expect(page.getByRole('status').filter({ hasText: 'We received' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, `join-paid-${width}`);
    await context.close();
  });

  test(`at ${width} px, /membership says 'Payment received' back from Checkout, and what a cancel means`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow(); // A sign-up, a sign-in and Checkout.
    const joined = await joinThroughApi(request, baseURL!, {
      businessName: `Larkspur Tea ${width}-${Date.now().toString(36)}`,
    });
    joinedHere.push(joined.email);
    const context = await browser.newContext({ viewport: { width, height: 740 } });
    const page = await context.newPage();
    await page.goto(paths.login.href());
    await page.getByRole('main').getByLabel('Email').fill(joined.email);
    await page.getByLabel('Password', { exact: true }).fill(joinedPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(paths.home.href());

    // Checkout's cancel URL for an invoice of /membership.
    await page.goto(`${paths.membership.href()}?cancelled=1`);
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
      'Payment cancelled — nothing was charged',
    );
    await expect(page.getByRole('button', { name: 'Pay $550.00 online' })).toBeVisible();

    // Its success URL, once the invoice is paid on Checkout.
    await page.getByRole('button', { name: 'Pay $550.00 online' }).click();
    await onCheckout(page, '$550.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for joining!' })).toBeVisible();
    await page.goto(`${paths.membership.href()}?paid=${joined.invoice.number}`);
    const received = page.getByRole('status').filter({ hasText: 'Payment received' });
    await expect(received).toContainText(`Payment received for invoice ${joined.invoice.number}`);
    await expect(received).toBeInViewport();
    await expect(page.getByText('Nothing to pay right now.')).toBeVisible();
    await shot(page, `membership-paid-${width}`);
    await context.close();
  });
}
