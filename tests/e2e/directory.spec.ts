import type { Page } from '@playwright/test';
import { accounts, expect, hydrated, paths, signInThroughForm, test } from './fixtures';

/**
 * The seed lists 32 member businesses (10 with details and 22 more from the roster), and
 * start-server.mjs imports 3 more from files/roster.csv.
 */
const SEEDED_MEMBERS = 35;

const cards = (page: Page) => page.getByRole('list', { name: 'Members' }).getByRole('article');
const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Members' }).getByRole('heading', { level: 2 });

async function choose(page: Page, label: string, option: string) {
  // Server-rendered: the choice is read once the page has hydrated.
  const select = page.getByLabel(label);
  await hydrated(select);
  await select.selectOption({ label: option });
}

test('the directory loads 20 members, then the rest as the visitor scrolls', async ({ page }) => {
  // Hold the second page back a moment so the loading line can be seen.
  await page.route('**/api/members?*offset=20*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(paths.members.href());
  await expect(page.getByText(`Connect with ${SEEDED_MEMBERS} active members`)).toBeVisible();
  await expect(cards(page)).toHaveCount(20);

  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(page.getByText('Loading more members...')).toBeVisible();
  await expect(cards(page)).toHaveCount(SEEDED_MEMBERS);
  await expect(page.getByText('Loading more members...')).toHaveCount(0);

  // Sorted A-Z by business name, with no member twice.
  const titles = await cardTitles(page).allTextContents();
  expect(new Set(titles).size).toBe(SEEDED_MEMBERS);
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  // Anonymous visitors see no email addresses.
  await expect(page.getByText('@castellanoauto.example')).toHaveCount(0);
});

test('search waits for the visitor to stop typing, then narrows the list', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/members' && url.searchParams.get('search')) {
      searches.push(url.searchParams.get('search')!);
    }
  });
  await page.goto(paths.members.href());
  await expect(cards(page)).toHaveCount(20);

  // Server-rendered: what is typed before the page has hydrated is not searched for.
  await hydrated(page.getByLabel('Search members'));
  await page.getByLabel('Search members').pressSequentially('bakery', { delay: 50 });
  await expect(page.getByText(`Showing 1 of ${SEEDED_MEMBERS} members`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cardTitles(page)).toHaveText(['Sweetwater Bakery']);
  // Debounced: one request for the whole word, not one a keystroke.
  expect(searches).toEqual(['bakery']);

  // Specialties match too.
  await page.getByLabel('Search members').fill('catering');
  await expect(cardTitles(page)).toHaveText([
    'Esposito Pizzeria',
    'Sweetwater Bakery',
    'Taqueria El Sol',
  ]);

  await page.getByLabel('Search members').fill('no such business');
  await expect(page.getByText('No members found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(page.getByText(`Connect with ${SEEDED_MEMBERS} active members`)).toBeVisible();
  await expect(page.getByLabel('Search members')).toHaveValue('');
});

test('the specialty filter, the sorts and the list layout', async ({ page }) => {
  await page.goto(paths.members.href());
  await expect(cards(page)).toHaveCount(20);

  await choose(page, 'Specialty', 'Restaurant');
  await expect(
    page.getByText(new RegExp(`^Showing \\d+ of ${SEEDED_MEMBERS} members$`)),
  ).toBeVisible();
  const restaurants = await cardTitles(page).allTextContents();
  expect(restaurants.length).toBeGreaterThan(1);
  expect(restaurants).toContain('Copperleaf Coffee House');
  await choose(page, 'Specialty', 'All specialties');

  await choose(page, 'Sort by', 'Membership Tier');
  // Elite members first, each tier A-Z.
  await expect(cardTitles(page).first()).toHaveText('Castellano Auto Care');
  const firstCard = cards(page).first();
  await expect(firstCard.getByText('Elite')).toBeVisible();

  await choose(page, 'Sort by', 'Member Since');
  // The chamber's longest-standing member first.
  await expect(cardTitles(page).first()).toHaveText('Jensen Family Farms');

  await page.getByRole('radio', { name: 'List view' }).click();
  await expect(page.getByRole('radio', { name: 'List view' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // The choice of layout is remembered.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'List view' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('admins get the role filter and see email addresses; members do not filter by role', async ({
  page,
}) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.members.href());
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByLabel('Role')).toHaveCount(0);
  await expect(page.getByText('rob@castellanoauto.example')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.members.href());
  await choose(page, 'Role', 'Member');
  await expect(
    page.getByText(new RegExp(`^Showing \\d+ of ${SEEDED_MEMBERS} members$`)),
  ).toBeVisible();
  // The demo admin and moderator have no directory listing of their own, so the filter offers
  // only the roles a listed member has.
  const roles = page.getByLabel('Role').getByRole('option');
  await expect(roles.filter({ hasText: /^Member$/ })).toHaveCount(1);
  await expect(roles.filter({ hasText: /^Admin$/ })).toHaveCount(0);
});

test('a card opens the member page', async ({ page }) => {
  await page.goto(paths.members.href());
  await page.getByRole('link', { name: 'Castellano Auto Care' }).click();
  await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Castellano Auto Care' }).first()).toBeVisible();
});

test('a failed load says so and offers Try Again', async ({ page }) => {
  // The directory's first page comes server-rendered with its data: the load that can fail is
  // the browser's own, when the visitor comes to the directory from another page.
  await page.goto(paths.about.href());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/members?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'unavailable', message: 'Directory is down for maintenance' }),
    }),
  );
  // Followed once the page has hydrated: before, the link loads the server-rendered directory.
  const members = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Members',
  });
  await hydrated(members);
  await members.click();
  await expect(page).toHaveURL(paths.members.href());
  await expect(page.getByText('Directory is down for maintenance')).toBeVisible();
  await page.unroute('**/api/members?*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(cards(page)).toHaveCount(20);
});
