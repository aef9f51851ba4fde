import { checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';
import { paidThrough, renewNow } from './membership-helpers';
import { mailContaining } from './public-site-helpers';

// A member renews from /membership and pays by card: 'Renew now' issues the renewal invoice,
// 'Pay ... online' opens Checkout on the Stripe stand-in (start-server.mjs), whose 'Pay' sends
// the portal the signed webhook events before it returns to /membership.

/**
 * The seed's member in grace (apps/server/src/seed/demo-dues.ts): paid through 21 days before
 * the day of seeding, so the renewal is due; no other spec signs in as him.
 */
const brian = {
  email: 'brian@tolmanheatingandair.example',
  password: 'Chamber-Member-2026',
};

test('a member whose renewal is due renews online: Checkout, back to /membership, a year added, the receipt mailed', async ({
  page,
}) => {
  test.slow(); // Checkout, a mail and eight axe scans.
  const since = Date.now();
  await followSystemTheme(page);
  await signIn(page, brian);
  await page.goto(paths.membership.href());
  await expect(page.getByText('In grace period', { exact: true })).toBeVisible();
  const before = (await paidThrough(page).textContent())!;
  const year = Number(before.match(/\d{4}/)![0]);

  const { price, toPay, invoiceNumber } = await renewNow(page);
  await checkLooks(page, 'renew-online-to-pay');

  await toPay.getByRole('button', { name: `Pay ${price} online` }).click();
  // Stripe's hosted Checkout, as the stand-in shows it: the amount, then 'Pay' or 'Cancel'.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByLabel('Amount')).toHaveText(price);
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on /membership: the renewal paid, a year added, the membership active again.
  await expect(page).toHaveURL(`${paths.membership.href()}?paid=${invoiceNumber}`);
  await expect(page.getByText('Nothing to pay right now.')).toBeVisible();
  await expect(paidThrough(page)).toHaveText(before.replace(String(year), String(year + 1)));
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const receipt = page.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
  await expect(receipt.getByText('Paid', { exact: true })).toBeVisible();
  await checkLooks(page, 'renew-online-paid');

  const mail = await mailContaining(
    `Subject: Receipt for invoice ${invoiceNumber}: ${price} paid`,
    since,
  );
  expect(mail).toContain(brian.email);
  expect(mail).toContain(`receipt-${invoiceNumber}.pdf`);
});
