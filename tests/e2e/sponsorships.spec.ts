import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await followSystemTheme(page);
});

test('staff create a package, a member buys it by invoice, the public page shows what is left', async ({
  browser,
  page,
}) => {
  test.slow(); // Three pages, each scanned at two widths in two themes.
  const name = `Ribbon cutting sponsor ${Date.now()}`;

  // Staff define the package.
  await signIn(page, accounts.admin);
  await page.goto(paths.adminSponsorships.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsorships' })).toBeVisible();
  // The seed's luncheon sponsorship is sold: it says so.
  const seeded = page.getByRole('listitem').filter({ hasText: 'Luncheon presenting sponsor' });
  await expect(seeded.getByText('1 sold · 0 left of 1')).toBeVisible();
  await page.getByRole('button', { name: 'New package' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sponsorship package' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Your logo at every ribbon cutting this year.');
  await dialog.getByLabel('Price').fill('750');
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByLabel('Runs from').fill('2027-01-01');
  await dialog.getByLabel('Runs until').fill('2026-12-31');
  await dialog.getByRole('checkbox', { name: 'Calendar page' }).check();
  await dialog.getByRole('button', { name: 'Save package' }).click();
  // A period that ends before it starts is refused with the reason.
  await expect(dialog.getByRole('alert')).toHaveText(/The period cannot end before it starts/);
  await dialog.getByLabel('Runs until').fill('2027-12-31');
  await dialog.getByRole('button', { name: 'Save package' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('0 sold · 2 left of 2')).toBeVisible();
  await checkLooks(page, 'admin-sponsorships');

  // A member business's primary person buys it by invoice.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await followSystemTheme(memberPage);
  await signIn(memberPage, accounts.member);
  await memberPage.goto(paths.sponsorships.href());
  const offer = memberPage.getByRole('listitem').filter({ hasText: name });
  await expect(offer.getByText('2 left')).toBeVisible();
  await offer.getByRole('button', { name: `Buy ${name}` }).click();
  const buy = memberPage.getByRole('dialog', { name: `Buy “${name}”` });
  await expect(buy.getByRole('radio', { name: 'Send us an invoice' })).toBeChecked();
  await buy.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(buy.getByRole('status')).toHaveText(
    'Thank you: your sponsorship is booked. The invoice is on its way by email.',
  );
  await expect(buy.getByText(/^Invoice \d{4}-\d{4} for \$750\.00/)).toBeVisible();
  await buy.getByRole('button', { name: 'Done' }).click();
  await expect(offer.getByText('1 left')).toBeVisible();
  await member.close();

  // A visitor sees what is left, and the sold-out package says so, on the server's page.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await followSystemTheme(visitorPage);
  await visitorPage.goto(paths.sponsorships.href());
  await expect(
    visitorPage.getByRole('listitem').filter({ hasText: name }).getByText('1 left'),
  ).toBeVisible();
  await expect(
    visitorPage
      .getByRole('listitem')
      .filter({ hasText: 'Luncheon presenting sponsor' })
      .getByText('Sold out'),
  ).toBeVisible();
  await checkLooks(visitorPage, 'sponsorships-visitor');
  // The footer leads to it.
  await visitorPage.goto(paths.home.href());
  await visitorPage.getByRole('contentinfo').getByRole('link', { name: 'Sponsorships' }).click();
  await expect(visitorPage).toHaveURL(paths.sponsorships.href());
  await visitor.close();
});
