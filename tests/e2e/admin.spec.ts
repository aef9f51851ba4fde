import { createHash, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, paths, signInThroughForm, test } from './fixtures';

/**
 * The e2e database is shared by every spec file of a run: these tests change only Priya Raman
 * (whose login no other spec uses) and put her back as seeded after each test.
 */
const priya = {
  email: 'priya@jordanrivercpa.example',
  password: 'Chamber-Member-2026',
  name: 'Priya Raman',
  business: 'Jordan River CPA Group',
};

interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  businessName: string | null;
  phone: string | null;
  website: string | null;
  role: string;
  status: string;
  membershipTier: string;
  paymentStatus: string;
}

/** A bearer token for `account`, through the same PKCE sign-in the web app uses. */
async function apiToken(request: APIRequestContext, baseURL: string, account = accounts.admin) {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = new URL('/auth', baseURL).href;
  const authorize = await request.post('/api/auth/authorize', {
    data: {
      email: account.email,
      password: account.password,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      redirectUri,
    },
  });
  expect(authorize.ok()).toBe(true);
  const { code } = (await authorize.json()) as { code: string };
  const token = await request.post('/api/auth/token', {
    data: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });
  expect(token.ok()).toBe(true);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** Staff calls made as the seeded admin, for setting up and putting back. */
async function adminApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  const find = async (email: string) => {
    const res = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers,
    });
    expect(res.ok()).toBe(true);
    const { users } = (await res.json()) as { users: AdminUser[] };
    const user = users.find((u) => u.email === email);
    if (!user) throw new Error(`${email} has no login in the seeded database`);
    return user;
  };
  const update = async (user: AdminUser, change: Partial<AdminUser>) => {
    const { id: _id, ...fields } = { ...user, ...change };
    const body = {
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      businessName: fields.businessName,
      phone: fields.phone,
      website: fields.website,
      role: fields.role,
      status: fields.status,
      membershipTier: fields.membershipTier,
      paymentStatus: fields.paymentStatus,
    };
    const res = await request.put(`/api/admin/users/${user.id}`, { headers, data: body });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { find, update };
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(paths.home.href());
}

async function openUserManagement(page: Page) {
  await page.goto(paths.admin.href());
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ users$/)).toBeVisible();
}

async function search(page: Page, text: string, expectedRow: string) {
  await page.getByLabel('Search users').fill(text);
  await expect(page.getByRole('button', { name: `Actions for ${expectedRow}` })).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
}

const rowMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: `Actions for ${name}` });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);
}

// Whatever a test did to Priya, she ends it as seeded: an active member on the standard tier.
test.afterEach(async ({ request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const user = await api.find(priya.email);
  if (user.role !== 'member' || user.status !== 'active' || user.membershipTier !== 'standard') {
    await api.update(user, { role: 'member', status: 'active', membershipTier: 'standard' });
  }
});

test('an admin finds a member by business, edits the tier, suspends and re-activates, and the audit log shows it', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);
  await search(page, 'Jordan River CPA', priya.name);
  const row = page.getByRole('row').filter({ hasText: priya.email });
  await expect(row).toContainText(priya.business);
  await expect(row).toContainText('Standard');

  // Edit the tier.
  await rowMenu(page, priya.name).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('First Name*')).toHaveValue('Priya');
  await expect(edit.getByLabel('Email*')).toHaveValue(priya.email);
  await edit.getByLabel('Membership Tier').click();
  await page.getByRole('option', { name: 'Elite' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Elite');

  // Suspend with a reason, from the keyboard: the row menu and the dialog both take it.
  await rowMenu(page, priya.name).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Activate' })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Suspend' }).focus();
  await page.keyboard.press('Enter');
  const suspend = page.getByRole('dialog', { name: `Suspend ${priya.name}?` });
  await expect(suspend.getByLabel('Reason (optional)')).toBeFocused();
  // Focus stays inside the dialog.
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  expect(await suspend.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await suspend.getByLabel('Reason (optional)').fill('Dues unpaid since March');
  await suspend.getByLabel('Reason (optional)').press('Enter');
  await expect(page.getByText('User status updated to suspended')).toBeVisible();
  await expect(suspend).toBeHidden();
  await expect(rowMenu(page, priya.name)).toBeFocused();
  await expect(row).toContainText('Suspended');

  // Re-activate.
  await rowMenu(page, priya.name).click();
  await expect(page.getByRole('menuitem', { name: 'Suspend' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(page.getByText('User status updated to active')).toBeVisible();
  await expect(row).toContainText('Active');

  // The audit log, newest first.
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const entries = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li');
  await expect(entries.nth(0)).toContainText(`Changed status: ${priya.name}`);
  await expect(entries.nth(0)).toContainText('Status: Suspended changed to Active');
  await expect(entries.nth(1)).toContainText(`Changed status: ${priya.name}`);
  await expect(entries.nth(1)).toContainText('Status: Active changed to Suspended');
  await expect(entries.nth(1)).toContainText('Reason: Dues unpaid since March');
  await expect(entries.nth(2)).toContainText(`Edited user: ${priya.name}`);
  await expect(entries.nth(2)).toContainText('Membership tier: Standard changed to Elite');
  for (const entry of [entries.nth(0), entries.nth(1), entries.nth(2)]) {
    await expect(entry).toContainText(`by ${accounts.admin.email}`);
  }
});

test('the own row cannot be suspended or deleted', async ({ page }) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);
  await search(page, accounts.admin.email, 'Avery Lindqvist');

  await rowMenu(page, 'Avery Lindqvist').click();
  await expect(page.getByRole('menuitem', { name: 'Edit User' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Activate' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Suspend' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Delete User' })).toBeDisabled();
  await expect(page.getByText('You cannot suspend or delete your own account.')).toBeVisible();
});

test('deleting asks first, in full, and Cancel keeps the user', async ({ page }) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);
  await search(page, 'Sweetwater', 'Maria Delgado');

  await rowMenu(page, 'Maria Delgado').click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete Maria Delgado? This action cannot be undone and will permanently remove all user data.',
  );
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowMenu(page, 'Maria Delgado')).toBeFocused();
});

test('filters narrow the list and an empty result says so', async ({ page }) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);

  await page.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'Moderator' }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
  await expect(rowMenu(page, 'Dana Okafor')).toBeVisible();

  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(rowMenu(page, 'Dana Okafor')).toBeVisible();
  await expect(rowMenu(page, 'Avery Lindqvist')).toBeVisible();
});

test('a session that loses the admin role while on the page gets Access Denied', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request, baseURL!);
  await api.update(await api.find(priya.email), { role: 'admin' });

  await signIn(page, priya);
  await page.goto(paths.admin.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total users')).toBeVisible();

  // Another admin demotes her; her next look at the dashboard is refused.
  await api.update(await api.find(priya.email), { role: 'member' });
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this page. Admin access is required."),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Access Denied \| /);

  // On a fresh load the guard knows her role and sends her home.
  await page.reload();
  await expect(page).toHaveURL(paths.home.href());
});

test('at 360 px the users are cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
  await signIn(page, accounts.admin);
  await openUserManagement(page);

  await expect(page.getByRole('table')).toBeHidden();
  const cards = page.getByRole('list', { name: 'Users' });
  await expect(cards.getByRole('listitem').filter({ hasText: priya.email })).toContainText(
    'Role & Status',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await rowMenu(page, priya.name).click();
  await expect(page.getByRole('menuitem', { name: 'Edit User' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
});

for (const theme of ['light', 'dark'] as const) {
  test(`/admin has no axe violations in the ${theme} theme`, async ({ page }) => {
    // Four pages of axe checks: each tab and the edit dialog.
    test.slow();
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
    await signIn(page, accounts.admin);
    await page.goto(paths.admin.href());
    await expect(page.locator('html')).toHaveClass(theme);

    await expect(page.getByText('Total users')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(rowMenu(page, priya.name)).toBeVisible();
    await expectNoAxeViolations(page);

    await rowMenu(page, priya.name).click();
    await page.getByRole('menuitem', { name: 'Edit User' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(
      page.getByRole('list', { name: 'Audit log' }).or(page.getByText('No changes recorded yet.')),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
