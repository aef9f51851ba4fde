import { accounts, expect, paths, signInThroughForm, storedToken, test } from './fixtures';

test('admin signs in through the form, sees Admin Dashboard, and signs out', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);

  await expect(page).toHaveURL(paths.home.href());
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await accountMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(paths.home.href());
  await expect(accountMenu).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedToken(page)).toEqual({ local: null, session: null });
});

test('a member gets no Admin Dashboard entry and sees their profile', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);

  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(paths.profile.href());
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  // The account menu shows the email too: read the profile's own Email entry and role badge.
  const profile = page.getByRole('main');
  await expect(
    profile.getByRole('link', { name: accounts.member.email, exact: true }),
  ).toHaveAttribute('href', `mailto:${accounts.member.email}`);
  await expect(
    profile.getByRole('list', { name: 'Account status' }).getByText('Member', { exact: true }),
  ).toBeVisible();
});

test("the header's Sign in returns to the page it was clicked on", async ({ page }) => {
  await page.goto(paths.members.href());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(paths.login.href(paths.members.href()));
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.members.href());
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('/profile sends anonymous visitors to sign in and back', async ({ page }) => {
  await page.goto(paths.profile.href());
  await expect(page).toHaveURL(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.profile.href());
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});

test('without remember me the token lives in sessionStorage only', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const token = await storedToken(page);
  expect(token.session).toBeTruthy();
  expect(token.local).toBeNull();
});

test('with remember me the token lives in localStorage', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member, { remember: true });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const token = await storedToken(page);
  expect(token.local).toBeTruthy();
  expect(token.session).toBeNull();

  // The remembered session survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test("a wrong password shows the server's message on the form", async ({ page }) => {
  await page.goto(paths.login.href());
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/authorize'));
  await signInThroughForm(page, { email: accounts.member.email, password: 'not-the-password' });

  const response = await answer;
  expect(response.status()).toBe(401);
  const body = (await response.json()) as { error_description?: string; error?: string };
  const serverMessage = body.error_description ?? body.error;
  expect(serverMessage).toBeTruthy();

  await expect(page.getByRole('alert').filter({ hasText: serverMessage! })).toBeVisible();
  await expect(page).toHaveURL(paths.login.href());
  expect(await storedToken(page)).toEqual({ local: null, session: null });
});
