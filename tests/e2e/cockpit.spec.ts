import { readFile } from 'node:fs/promises';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

// The admin dashboard's Overview: Today's figures, each a link to its list, and How the chamber
// is doing's charts with their tables and CSV files. The figures themselves are checked against
// known histories by the API tests; other specs change the demo data, so no count is asserted.

test('staff see today’s figures and the chamber’s charts, and a figure opens its list', async ({
  page,
}) => {
  test.setTimeout(240_000); // Eight axe checks over the charts.
  await followSystemTheme(page);
  await signIn(page, accounts.admin);
  await page.goto(paths.admin.href());

  const today = page.getByRole('region', { name: 'Today' });
  // The first visit loads the admin route and its charts' library.
  await expect(today.getByRole('link', { name: /Renewals due in 30 days/ })).toBeVisible({
    timeout: 30_000,
  });
  for (const label of [
    'Renewals due in 60 days',
    'Renewals due in 90 days',
    'Members in grace',
    'Open invoices',
    'Payments this month',
    'Job posts waiting',
    'New members waiting',
    'Mail that failed',
  ]) {
    await expect(today.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();

  const doing = page.getByRole('region', { name: 'How the chamber is doing' });
  await expect(doing.getByText('12-month retention')).toBeVisible();
  for (const chart of [
    'Members over 24 months',
    'Revenue by month',
    'Event attendance',
    'Members by plan',
  ]) {
    // The chart as a whole is one image with its summary (its legend's icons are images too).
    const region = doing.getByRole('region', { name: chart, exact: true });
    await expect(region.locator('div[role="img"]')).toBeVisible();
  }
  // Each chart's numbers are a table behind it, and a CSV file.
  const plans = doing.getByRole('region', { name: 'Members by plan', exact: true });
  await plans.getByText('Table of members by plan').click();
  await expect(plans.getByRole('columnheader', { name: 'Members' })).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    plans.getByRole('button', { name: 'CSV of Members by plan' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('members-by-plan.csv');
  const lines = (await readFile((await csv.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Plan,Members');
  expect(lines.length).toBeGreaterThan(1);

  await checkLooks(page, 'cockpit', { docs: true });

  await today.getByRole('link', { name: /Renewals due in 30 days/ }).click();
  await expect(page).toHaveURL(/tab=memberships&list=due30/);
  await expect(page.getByRole('tab', { name: 'Memberships', selected: true })).toBeVisible();
  await expect(page.getByLabel('List').locator('option:checked')).toHaveText(
    'Due in the next 30 days',
  );
});
