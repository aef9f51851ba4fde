import { checkLooks, expect, followSystemTheme, paths, signInThroughForm, test } from './fixtures';
import {
  joinedPassword,
  joinThroughApi,
  recordCheckAsStaff,
  retireMembers,
} from './membership-helpers';
import { mailContaining } from './public-site-helpers';

// A paid member turns automatic renewal on from /membership: with no card saved, Checkout
// (the Stripe stand-in of start-server.mjs) saves the card, and back on /membership the page
// confirms it with the charge to come, as the mail does.

const joinedHere: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  if (joinedHere.length > 0) await retireMembers(request, baseURL!, joinedHere);
});

test('a member turns automatic renewal on and sees the next charge confirmed, at 1280 and 360 px', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000); // A join paid by staff, Checkout, a mail and four axe scans.
  const since = Date.now();
  const businessName = `Aspen Auto Renew Co ${Date.now()}`;
  const joined = await joinThroughApi(request, baseURL!, { businessName, level: 'enhanced' });
  joinedHere.push(joined.email);
  await recordCheckAsStaff(browser, {
    businessName,
    invoiceNumber: joined.invoice.number,
    checkNumber: '3141',
  });

  await followSystemTheme(page);
  await page.goto(paths.login.href());
  await signInThroughForm(page, { email: joined.email, password: joinedPassword });
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.membership.href());
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Automatic renewal' });
  await expect(status).toHaveCount(0);

  const renew = page.getByRole('checkbox', { name: /Renew automatically/ });
  await expect(renew).not.toBeChecked();
  await renew.click();
  // Stripe's hosted Checkout saves the card: the stand-in's page, then 'Pay'.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(`${paths.membership.href()}?autoRenew=on`);
  await expect(renew).toBeChecked();
  // The charge to come: the Enhanced price, the day after the paid-through date, the card.
  await expect(status).toHaveText(
    /^Automatic renewal is on\. Next charge \$550\.00 on \d{1,2} [A-Z][a-z]+ \d{4} to Visa •••• 4242\.$/,
  );
  // The card as the sentence names it, not Stripe's lower-case brand.
  await expect(
    page
      .getByRole('term')
      .filter({ hasText: /^Card$/ })
      .locator('xpath=following-sibling::dd'),
  ).toHaveText('Visa •••• 4242');
  await checkLooks(page, 'auto-renew-on');

  // The same confirmation by mail, to the member.
  const mail = await mailContaining('Subject: Automatic renewal is on for your', since);
  expect(mail).toContain(joined.email);
  expect(mail).toContain('$550.00');
});
