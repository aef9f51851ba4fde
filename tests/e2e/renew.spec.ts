import { expect, paths, signInThroughForm, test } from './fixtures';
import { paidThrough, recordCheckAsStaff, renewNow } from './membership-helpers';
import { mailContaining } from './public-site-helpers';

// A member renews from /membership: 'Renew now' issues the renewal invoice, shown to pay;
// staff record the check, the receipt is mailed, and the paid-through date moves a year on.

/** The seed's lapsing member: paid through two weeks from the day the demo was seeded. */
const tom = {
  email: 'tom@redwoodhardware.example',
  password: 'Chamber-Member-2026',
  business: 'Redwood Hardware & Supply',
};

test('a member renews from /membership; once staff record the check, the year is added', async ({
  page,
  browser,
}) => {
  test.slow(); // Two browsers, two mails and a PDF.
  const since = Date.now();
  await page.goto(paths.login.href());
  await signInThroughForm(page, tom);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.membership.href());
  const before = (await paidThrough(page).textContent())!;
  const throughYear = Number(before.match(/\d{4}/)![0]);

  // 'Invoices to pay': the renewal invoice, to pay online (card payment is set up in this run)
  // or by check, which staff record below.
  const { price, toPay, invoiceNumber } = await renewNow(page);
  await expect(toPay).toContainText(price);
  await expect(toPay.getByRole('button', { name: `Pay ${price} online` })).toBeVisible();

  // A second click, or a reload, still has the one renewal invoice to pay.
  await page.reload();
  await expect(toPay).toHaveCount(1);

  await recordCheckAsStaff(browser, {
    businessName: tom.business,
    invoiceNumber,
    checkNumber: '5150',
    list: 'All',
  });
  await mailContaining(`Subject: Receipt for invoice ${invoiceNumber}: ${price} paid`, since);

  await page.reload();
  await expect(page.getByText('Nothing to pay right now.')).toBeVisible();
  await expect(paidThrough(page)).toContainText(String(throughYear + 1));
  const receipt = page.getByRole('listitem', { name: `Invoice ${invoiceNumber}` });
  await expect(receipt.getByText('Paid', { exact: true })).toBeVisible();
});
