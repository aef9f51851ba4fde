import { accounts, expect, paths, signInThroughForm, test } from './fixtures';

test('anonymous /admin goes to /login and comes back after signing in', async ({ page }) => {
  await page.goto(paths.admin.href());
  await expect(page).toHaveURL(paths.login.href());

  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.admin.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/^Admin Dashboard \| /);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(paths.home.href());
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a signed-in member is sent home from /admin', async ({ page }) => {
  await page.goto(paths.admin.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
});

test('/courses needs a sign-in; unknown paths go home', async ({ page }) => {
  await page.goto(paths.courses.href());
  await expect(page).toHaveURL(paths.login.href());

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(paths.home.href());
});
