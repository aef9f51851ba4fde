import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';
import { png } from './images';

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

test('staff sell a package to a prospect: found by name, or put on file in the dialog', async ({
  page,
}) => {
  test.slow(); // The dialog is scanned at two widths in two themes, twice.
  const stamp = Date.now();
  const name = `Trailhead map sponsor ${stamp}`;
  const prospect = `Juniper Ridge Cycles ${stamp}`;

  await signIn(page, accounts.admin);
  await page.goto(paths.adminSponsorships.href());
  await page.getByRole('button', { name: 'New package' }).click();
  const define = page.getByRole('dialog', { name: 'New sponsorship package' });
  await define.getByLabel('Name').fill(name);
  await define.getByLabel('Description').fill('Your logo on the trailhead map page.');
  await define.getByLabel('Price').fill('300');
  await define.getByLabel('Quantity').fill('3');
  await define.getByLabel('Runs from').fill('2027-01-01');
  await define.getByLabel('Runs until').fill('2027-12-31');
  await define.getByRole('checkbox', { name: 'Calendar page' }).check();
  await define.getByRole('button', { name: 'Save package' }).click();
  await expect(define).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: name });

  // A business of the drive, on file without a membership: the directory does not list it,
  // the staff search finds it.
  await card.getByRole('button', { name: `Sell to a business: ${name}` }).click();
  const sell = page.getByRole('dialog', { name: `Sell “${name}”` });
  await sell.getByLabel('Find the business').fill('Canyon Outfit');
  await expect(sell.getByLabel('Business', { exact: true })).toHaveValue(/.+/);
  await expect(sell.getByLabel('Business', { exact: true }).locator('option')).toHaveText([
    'Canyon Outfitters (Dana Reyes) · prospect',
  ]);
  await sell.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(sell.getByRole('status')).toHaveText(
    /^Sold to Canyon Outfitters: invoice \d{4}-\d{4} is mailed\.$/,
  );
  await sell.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('1 sold · 2 left of 3')).toBeVisible();

  // A business not on file at all: staff put it on file from the dialog and sell to it.
  await card.getByRole('button', { name: `Sell to a business: ${name}` }).click();
  await sell.getByLabel('Find the business').fill(prospect);
  await expect(sell.getByText('No business of that name.')).toBeVisible();
  await sell.getByRole('button', { name: 'New business (a prospect)' }).click();
  const fields = sell.getByRole('group', { name: 'New business (a prospect)' });
  await fields.getByLabel('Business name').fill(prospect);
  await fields.getByLabel('Contact name').fill('Rosa Lindqvist');
  await fields.getByLabel('Email').fill('dana@canyonoutfitters.example');
  await checkLooks(page, 'admin-sponsorships-sell-prospect');
  await fields.getByRole('button', { name: 'Add the business' }).click();
  // An email already on file is refused with the reason.
  await expect(fields.getByRole('alert')).toHaveText(
    'A business with this email is already on file: find it by name instead.',
  );
  await fields.getByLabel('Email').fill(`rosa-${stamp}@juniperridge.example`);
  await fields.getByRole('button', { name: 'Add the business' }).click();
  await expect(fields).toBeHidden();
  await expect(sell.getByLabel('Business', { exact: true })).toHaveText(
    `${prospect} (Rosa Lindqvist) · prospect`,
  );
  await sell.getByRole('radio', { name: /Online by card/ }).check();
  await sell.getByRole('radio', { name: 'By invoice' }).check();
  await sell.getByRole('button', { name: 'Sell', exact: true }).press('Enter');
  await expect(sell.getByRole('status')).toHaveText(
    new RegExp(`^Sold to ${prospect}: invoice \\d{4}-\\d{4} is mailed\\.$`),
  );
  await sell.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('2 sold · 1 left of 3')).toBeVisible();

  // Staff give the new sponsor its logo (uploaded as a sponsor logo) and its link.
  const sponsor = page.getByRole('listitem').filter({ hasText: `${prospect}: ${name}` });
  await sponsor.getByRole('button', { name: `Logo and link of ${prospect}` }).click();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/medias/upload-sponsor-logo'));
  await sponsor.getByLabel('Logo (JPEG or PNG)').setInputFiles({
    name: 'juniper.png',
    mimeType: 'image/png',
    buffer: png([20, 110, 60]),
  });
  await sponsor.getByLabel('Alt text', { exact: true }).fill(`${prospect} logo`);
  await sponsor.getByLabel('Link', { exact: true }).fill('https://juniperridge.example/');
  await sponsor.getByRole('button', { name: 'Save logo and link' }).click();
  expect((await uploaded).status()).toBe(201);
  await expect(sponsor.getByRole('img', { name: `${prospect} logo` })).toBeVisible();

  // Found by name next time, as any business on file.
  await card.getByRole('button', { name: `Sell to a business: ${name}` }).click();
  await sell.getByLabel('Find the business').fill('juniper ridge cycles');
  await expect(sell.getByLabel('Business', { exact: true }).locator('option')).toContainText([
    `${prospect} (Rosa Lindqvist) · prospect`,
  ]);
  await checkLooks(page, 'admin-sponsorships-sell-found');
});
