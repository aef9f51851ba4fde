import {
  accounts,
  checkLooks,
  expect,
  followSystemTheme,
  paths,
  signIn,
  signInThroughForm,
  test,
} from './fixtures';

// My account gathers the member's standing, listing, events, posts and the year's figures. The
// figures themselves are checked against known histories by the API tests; here the page is
// reached from both menus and read as a member would.

test('a member opens My account from the account menu and sees their year, listing and membership', async ({
  page,
}) => {
  test.slow(); // Four axe scans of a long page.
  await followSystemTheme(page);
  await signIn(page, accounts.member);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(paths.account.href());

  for (const section of [
    'Your year with the chamber',
    'Membership',
    'Your listing',
    'Upcoming events',
    'Past events',
    'Job posts and deals',
  ]) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  // The demo member's year reads like a real one: its listing was seen.
  const year = page.getByRole('region', { name: 'Your year with the chamber' });
  await expect(year.getByText(/your listing was seen [\d,]+ times/)).toBeVisible();
  await expect(
    year.getByText('Counted without cookies; bots are left out.', { exact: false }),
  ).toBeVisible();
  // /profile and /membership stay reachable from it.
  await expect(page.getByRole('main').getByRole('link', { name: 'My membership' })).toBeVisible();

  await checkLooks(page, 'account');

  // On a phone the side menu lists the same entry.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(paths.home.href());
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'My account' })
    .click();
  await expect(page).toHaveURL(paths.account.href());
});

test('My account sends a visitor to sign in, and back', async ({ page }) => {
  await page.goto(paths.account.href());
  await expect(page).toHaveURL(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.account.href());
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
});
