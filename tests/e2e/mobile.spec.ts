import { accounts, expect, hydrated, paths, signInThroughForm, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the menu opens by keyboard and offers the theme', async ({ page }) => {
  await page.goto(paths.home.href());
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  // Nothing overflows sideways once the page has drawn its content (its upcoming events'
  // slides arrive after the menu button; the whole suite's run once measured 602 px in between).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);

  // Server-rendered: the keys work once the page has hydrated.
  await hydrated(menuButton);
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Theme' })).toBeVisible();
  // Visitors get the header's links, Nominations and Sign in (docs/decisions/0058-the-visitors-side-menu-has-the.md): nothing else.
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard',
    'Calendar',
    'Members',
    'Contact',
    'About',
    'Nominations',
    'Sign in',
  ]);
  await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

  await menu.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveClass('dark');

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('signed in, the menu shows the user, the links and Sign out', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.home.href());

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(accounts.admin.email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Nominations' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();

  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a visitor reaches the calendar from the menu, and signs in from it back to that page', async ({
  page,
}) => {
  await page.goto(paths.home.href());
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  // The home page is server-rendered: its menu opens once the page has hydrated.
  await hydrated(openMenu);
  await openMenu.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Calendar' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(paths.calendar.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Event Calendar' })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(paths.login.href(paths.calendar.href()));
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.calendar.href());
  await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
});
