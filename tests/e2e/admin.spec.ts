import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { accentPalette } from '../../apps/web/src/lib/accent';
import { adminApi, chamberApi } from './admin-api';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  paths,
  signInThroughForm,
  test,
} from './fixtures';
import { putBackChamber } from './seeded';

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

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(paths.home.href());
}

async function openUserManagement(page: Page) {
  await page.goto(paths.admin.href());
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(rowMenu(page, 'Avery Lindqvist')).toBeVisible();
  // The seeded users fit one page: no pager and no 'Showing X to Y of Z users' (docs/product.md#screens).
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ users?$/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Previous|Next)$/ })).toHaveCount(0);
}

async function search(page: Page, text: string, expectedRow: string) {
  await page.getByLabel('Search users').fill(text);
  await expect(page.getByRole('button', { name: `Actions for ${expectedRow}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);
}

const rowMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: `Actions for ${name}` });

// Whatever a test did to Priya, she ends it as seeded: an active member on the standard tier.
test.beforeEach(({ putBack }) => {
  putBack(async ({ request, baseURL }) => {
    const api = await adminApi(request, baseURL);
    const user = await api.find(priya.email);
    if (user.role !== 'member' || user.status !== 'active' || user.membershipTier !== 'standard') {
      await api.update(user, { role: 'member', status: 'active', membershipTier: 'standard' });
    }
  });
});

test('an admin finds a member by business, edits the role, suspends and re-activates, and the audit log shows it', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);
  await search(page, 'Jordan River CPA', priya.name);
  const row = page.getByRole('row').filter({ hasText: priya.email });
  await expect(row).toContainText(priya.business);
  await expect(row).toContainText('Basic');

  // Edit the role; the tier and payment status are the membership's, shown read-only.
  await rowMenu(page, priya.name).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('First Name*')).toHaveValue('Priya');
  await expect(edit.getByLabel('Email*')).toHaveValue(priya.email);
  await expect(edit.getByLabel('Membership Tier')).toHaveText('Basic');
  await expect(edit.getByRole('combobox', { name: 'Membership Tier' })).toHaveCount(0);
  await expect(edit.getByRole('link', { name: 'Open the membership' })).toBeVisible();
  await edit.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Moderator' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Moderator');

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
  await expect(entries.nth(2)).toContainText('Role: Member changed to Moderator');
  for (const entry of [entries.nth(0), entries.nth(1), entries.nth(2)]) {
    await expect(entry).toContainText('by Avery Lindqvist');
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

  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Moderator' });
  await expect(rowMenu(page, 'Dana Okafor')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(1);

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Suspended' });
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(rowMenu(page, 'Dana Okafor')).toBeVisible();
  await expect(rowMenu(page, 'Avery Lindqvist')).toBeVisible();
});

test('Export CSV downloads the users the filters show, and the directory contacts', async ({
  page,
}) => {
  await signIn(page, accounts.admin);
  await openUserManagement(page);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Moderator' });
  await expect(rowMenu(page, 'Dana Okafor')).toBeVisible();

  const [users] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export users (CSV)' }).click(),
  ]);
  expect(users.suggestedFilename()).toBe('users.csv');
  const usersCsv = (await readFile((await users.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(usersCsv[0]).toContain('First Name,Last Name,Email');
  // Only the moderator the filter shows, not the whole list.
  expect(usersCsv.slice(1)).toEqual([expect.stringMatching(/^Dana,Okafor,.*,moderator,active,/)]);

  const [contacts] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export directory contacts (CSV)' }).click(),
  ]);
  expect(contacts.suggestedFilename()).toBe('contacts.csv');
  const contactsCsv = await readFile((await contacts.path())!, 'utf8');
  expect(contactsCsv).toContain('Sweetwater Bakery');
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
  await expect(page.getByText('Renewals due in 30 days')).toBeVisible();

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

test('at 360 px the users are cards, the tabs wrap and nothing scrolls sideways', async ({
  page,
}) => {
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

  // All five tabs stay in view, wrapping onto a second row; so do the new tabs' contents.
  for (const tab of await page.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  }
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Accent colour', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByLabel('Show')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/** 'rgb(43, 107, 63)' for '#2b6b3f', as computed styles read. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('an admin changes the chamber’s phone and accent colour, the whole site follows and the audit log shows it', async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  // Other specs read the chamber's record: the phone and accent go back as seeded.
  putBack(putBackChamber('phone', 'accentColor'));
  const chamber = await chamberApi(request, baseURL!);
  const original = await chamber.get();
  const phone = '(801) 555-0199';
  const accent = original.accentColor === '#2b6b3f' ? '#8a3b12' : '#2b6b3f';
  const shade = accentPalette(accent)!.light;
  // The top page only: the Contact page's embedded frames may not touch storage.
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('vite-ui-theme', 'light');
  });
  await signIn(page, accounts.admin);
  await page.goto(`${paths.admin.href()}?tab=settings`);
  const form = page.getByRole('form', { name: 'Chamber settings' });
  await expect(form.getByLabel('Phone', { exact: true })).toHaveValue(original.phone);

  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel('Accent colour', { exact: true }).fill(accent);
  await expect(form.getByLabel('Pick the accent colour')).toHaveValue(accent);
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByText('You have unsaved changes.')).toBeHidden();

  // The accent applies at once, without a reload.
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
      ),
    )
    .toBe(shade);
  // So do the contact details, reached from the header.
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(paths.contact.href());
  const phoneLink = page.getByRole('link', { name: phone });
  await expect(phoneLink).toBeVisible();
  await expect(phoneLink).toHaveCSS('color', rgb(shade));

  // The audit log names the change in words.
  await page.goto(`${paths.admin.href()}?tab=audit`);
  const latest = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li').first();
  await expect(latest).toContainText(`Edited chamber settings: ${original.name}`);
  await expect(latest).toContainText(`Phone: ${original.phone} changed to ${phone}`);
  await expect(latest).toContainText(`Accent colour: ${original.accentColor} changed to ${accent}`);
  await expect(latest).toContainText('by Avery Lindqvist');
});

test('the Messages tab lists what the contact form sent', async ({ page, request }) => {
  // The server takes five form posts an hour from one address, for every spec: post one only.
  const ref = Date.now().toString(36);
  const sender = { name: 'Jordan Whitaker', email: `jordan.${ref}@copperleaf.example` };
  const message = `Hello!\nWe open a second shop on Redwood Road in May. Could the chamber hold a ribbon cutting? (${ref})`;
  const sent = await request.post('/api/site/contact', {
    data: { ...sender, phone: '(801) 555-0163', message, startedAt: Date.now() - 10_000 },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(page, accounts.admin);
  await page.goto(paths.admin.href());
  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.getByLabel('Show').selectOption({ label: 'Contact messages' });

  const item = page
    .getByRole('list', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: ref });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: sender.name })).toBeVisible();
  await expect(item).toContainText('Contact message');
  await expect(item.getByRole('link', { name: sender.email })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${sender.email.replace(/\./g, '\\.')}\\?subject=`),
  );
  await expect(item.getByRole('link', { name: '(801) 555-0163' })).toBeVisible();
  await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // Line breaks are kept as written.
  const text = item.locator('p').filter({ hasText: 'second shop' });
  expect(await text.evaluate((p) => (p as HTMLElement).innerText)).toBe(message);
  // Mail goes to the outbox in e2e runs, so it went out.
  await expect(item).not.toContainText('Not mailed');
});

for (const theme of ['light', 'dark'] as const) {
  test(`/admin has no axe violations in the ${theme} theme`, async ({ page }) => {
    // Six pages of axe checks: each tab and the edit dialog.
    test.slow();
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
    await signIn(page, accounts.admin);
    await page.goto(paths.admin.href());
    await expect(page.locator('html')).toHaveClass(theme);

    await expect(page.getByText('Renewals due in 30 days')).toBeVisible();
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

    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('form', { name: 'Chamber settings' })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Count opens with a tracking image' }),
    ).not.toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect(
      page.getByRole('list', { name: 'Messages' }).or(page.getByText('No messages yet.')),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
