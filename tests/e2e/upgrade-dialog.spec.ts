import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import { expect, expectNoAxeViolations, paths, signInThroughForm, test } from './fixtures';
import { joinedPassword, joinThroughApi, retireMembers } from './membership-helpers';

// 'Upgrade to Elite' shows the price before billing: the days left, both daily prices, the
// total and what changes when; the invoice is made only on confirming.

const joinedHere: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  if (joinedHere.length > 0) await retireMembers(request, baseURL!, joinedHere);
});

/** Staff record a check for the whole invoice through the API. */
async function payByCheck(
  request: APIRequestContext,
  baseURL: string,
  invoice: { id: string; totalCents: number },
) {
  const token = await apiToken(request, baseURL);
  const paid = await request.post(`/api/admin/invoices/${invoice.id}/payments`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amountCents: invoice.totalCents, method: 'check', reference: '4242' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const pageWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the upgrade dialog shows the breakdown first and bills only on confirming', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // A member joined and paid, then an axe scan.
    const businessName = `Juniper Upgrade Works ${Date.now()}`;
    const joined = await joinThroughApi(request, baseURL!, { businessName, level: 'enhanced' });
    joinedHere.push(joined.email);
    await payByCheck(request, baseURL!, joined.invoice);

    await page.goto(paths.login.href());
    await signInThroughForm(page, { email: joined.email, password: joinedPassword });
    await expect(page).toHaveURL(paths.home.href());
    await page.goto(paths.membership.href());
    await expect(page.getByText('Nothing to pay right now.')).toBeVisible();

    await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Elite' });
    // Paid today for a year: the whole term is left (365 days, or 366 with a 29 February), at
    // the yearly difference; each plan's price a day.
    await expect(dialog.getByText(/^36[56] days$/)).toBeVisible();
    await expect(dialog.getByText(/^\$1\.5\d a day$/)).toBeVisible();
    await expect(dialog.getByText(/^\$2\.4\d a day$/)).toBeVisible();
    await expect(
      dialog.getByText(/^(365 of 365|366 of 366) days × \$350\.00 a year$/),
    ).toBeVisible();
    await expect(dialog.getByText(/You move to Elite the day the invoice is paid/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Confirm upgrade — $350.00' });
    await expect(confirm).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, { where: 'the upgrade dialog at 360 px' });

    // Cancelled: nothing was billed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Upgrade to Elite' })).toBeFocused();
    await expect(page.getByText('Nothing to pay right now.')).toBeVisible();

    // Confirmed: the invoice is made, for the total shown.
    await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
    await dialog.getByRole('button', { name: 'Confirm upgrade — $350.00' }).click();
    await expect(dialog).toBeHidden();
    // 'Invoices to pay': the upgrade invoice, to pay online (card payment is set up in this run).
    const toPay = page
      .getByRole('listitem')
      .filter({ hasText: /^Invoice \d{4}-\d{4}/ })
      .filter({ has: page.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2} online$/ }) });
    await expect(toPay).toHaveCount(1);
    await expect(toPay.getByRole('button', { name: 'Pay $350.00 online' })).toBeVisible();
  });
});
