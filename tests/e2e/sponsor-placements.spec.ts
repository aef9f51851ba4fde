import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

/** The seed's luncheon sponsor: live on the home page and calendar, with a drawn logo. */
const SPONSOR = 'Redwood Hardware & Supply';

test.beforeEach(async ({ page }) => {
  await followSystemTheme(page);
});

test('the home page shows the live sponsor with its logo; its link counts and redirects', async ({
  page,
}) => {
  test.slow(); // Two pages, each scanned at two widths in two themes.
  // Drawn by the server: the strip is in the page before any script runs.
  const html = await (await page.request.get(paths.home.href())).text();
  expect(html).toContain('Our sponsors');
  expect(html).toContain(`alt="${SPONSOR.replace('&', '&amp;')} logo"`);

  await page.goto(paths.home.href());
  const strip = page.getByRole('region', { name: 'Our sponsors' });
  await expect(strip).toBeVisible();
  const logo = strip.getByRole('img', { name: `${SPONSOR} logo` });
  await expect(logo).toBeVisible();
  // Loaded lazily: once scrolled to, the drawn logo loads.
  await strip.scrollIntoViewIfNeeded();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const link = strip.getByRole('link', { name: `${SPONSOR} logo` });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/sponsors\/[0-9a-f-]{36}\/click\?slot=home$/);
  await checkLooks(page, 'sponsor-strip-home');

  // The link goes only to the sponsor's stored address.
  const click = await page.request.get(`${href}&to=https://elsewhere.example/`, {
    maxRedirects: 0,
  });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe('https://example.org/');

  // The calendar shows it too; the directory shows the featured sponsor instead.
  await page.goto(paths.calendar.href());
  await expect(
    page
      .getByRole('region', { name: 'Our sponsors' })
      .getByRole('img', { name: `${SPONSOR} logo` }),
  ).toBeVisible();
  await page.goto(paths.members.href());
  const featured = page.getByRole('region', { name: 'Featured sponsors' });
  await expect(featured.getByRole('img')).toBeVisible();
  await expect(featured.getByRole('img', { name: `${SPONSOR} logo` })).toHaveCount(0);
});

test("staff read a sponsor's report per placement and per day", async ({ page }) => {
  test.slow();
  await signIn(page, accounts.admin);
  await page.goto(paths.adminSponsorships.href());
  await expect(page.getByRole('heading', { level: 2, name: 'Sponsors' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Hold unpaid sponsors' })).not.toBeChecked();
  const sponsors = page.getByRole('list', { name: 'Sponsors' });
  const card = sponsors.getByRole('listitem').filter({ hasText: SPONSOR });
  await card
    .getByRole('button', { name: `Report of ${SPONSOR}: Luncheon presenting sponsor` })
    .click();
  const totals = card.getByRole('table', { name: 'Totals per placement' });
  await expect(totals).toBeVisible();
  // The seeded days of the home page (up to two weeks back in the period).
  const home = totals.getByRole('row', { name: /Home page/ });
  const impressions = Number(await home.getByRole('cell').first().textContent());
  expect(impressions).toBeGreaterThan(0);
  await card.getByText('Per day').click();
  await expect(card.getByRole('table', { name: 'Per placement per day' })).toBeVisible();
  await checkLooks(page, 'sponsor-report-admin');
  await expectReportPdf(page, card);
});

/** The report's PDF downloads from the card: a PDF named after the sponsor. */
async function expectReportPdf(page: Page, card: Locator) {
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Report PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^sponsor-report-redwood-hardware-supply-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

test("the sponsor's people read its report on their account and download its PDF", async ({
  page,
}) => {
  test.slow();
  // An employee of the sponsor's business: it may read the report, not change the logo.
  await signIn(page, { email: 'kai@redwoodhardware.example', password: 'Chamber-Member-2026' });
  await page.goto(paths.account.href());
  const mine = page.getByRole('region', { name: 'Your sponsorships' });
  const card = mine.getByRole('listitem').filter({ hasText: SPONSOR });
  await card
    .getByRole('button', { name: `Report of ${SPONSOR}: Luncheon presenting sponsor` })
    .click();
  await expect(card.getByRole('table', { name: 'Totals per placement' })).toBeVisible();
  await checkLooks(page, 'sponsor-report-account');
  await expectReportPdf(page, card);
});

test("staff place a package on an event at a level; the event's page shows its presenting sponsor", async ({
  page,
}) => {
  test.slow();
  const name = `Event presenting sponsor ${Date.now()}`;
  await signIn(page, accounts.admin);
  await page.goto(paths.adminSponsorships.href());
  await page.getByRole('button', { name: 'New package' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sponsorship package' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Price').fill('1000');
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByLabel('Runs from').fill('2020-01-01');
  await dialog.getByLabel('Runs until').fill('2099-12-31');
  await dialog.getByRole('checkbox', { name: 'Home page sponsor strip' }).uncheck();
  // The level is asked for once an event is chosen.
  await expect(dialog.getByLabel('Sponsor level')).toHaveCount(0);
  const event = dialog.getByLabel('Event (optional)');
  const first = event.locator('option').nth(1);
  const eventId = (await first.getAttribute('value'))!;
  await event.selectOption(eventId);
  await dialog.getByLabel('Sponsor level').selectOption('presenting');
  await checkLooks(page, 'sponsor-package-event');
  await dialog.getByRole('button', { name: 'Save package' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Sell to a business: ${name}` }).click();
  const sell = page.getByRole('dialog', { name: `Sell “${name}”` });
  await sell.getByLabel('Find the business').fill('Redwood');
  await expect(sell.getByLabel('Business', { exact: true })).toContainText(SPONSOR);
  await sell.getByRole('button', { name: 'Sell', exact: true }).click();
  await sell.getByRole('button', { name: 'Done' }).click();

  // The event's page: its sponsors by level, the presenting one first and larger.
  await page.goto(paths.event.href(eventId));
  const strip = page.getByRole('region', { name: 'Presented by' });
  const presenting = strip.getByRole('list', { name: 'Presenting sponsor' });
  await expect(presenting).toContainText(SPONSOR);
  await expect(presenting.getByText(SPONSOR)).toHaveClass(/text-xl/);
  await checkLooks(page, 'sponsor-strip-event');
});
