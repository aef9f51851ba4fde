import type { Page } from '@playwright/test';
import { adminApi, apiToken } from './admin-api';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  hydrated,
  paths,
  signInThroughForm,
  test,
} from './fixtures';

// The seed's member: an enhanced bakery (3 categories) listed under two of them.
const member = accounts.member;
const business = 'Sweetwater Bakery';
const seededCategories = ['cafes-bakeries', 'catering'];

const fitsIn360 = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a member picks a category; visitors find the business by it, with and without scripts', async ({
  page,
  browser,
  putBack,
  baseURL,
}) => {
  test.slow(); // The editor, the directory at two widths, without scripts, axe scans.
  putBack(async ({ request, baseURL: base }) => {
    const staff = await adminApi(request, base);
    const user = await staff.find(member.email);
    const res = await request.put(`/api/members/${user.contactId}/categories`, {
      headers: { Authorization: `Bearer ${await apiToken(request, base)}` },
      data: { categories: seededCategories },
    });
    expect(res.ok(), await res.text()).toBe(true);
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.login.href());
  await signInThroughForm(page, member);
  await expect(page).toHaveURL(paths.home.href());
  const profile = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    const res = await fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { contactId: string };
  });

  await page.goto(paths.member.href(profile.contactId));
  await hydrated(page.getByRole('button', { name: 'Edit Profile' }));
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const picker = page.getByRole('form', { name: 'Categories' });
  await expect(picker).toContainText('This plan allows 3 categories');
  // The bakery also sells at the market: a third category, by keyboard.
  await picker.getByRole('checkbox', { name: 'Grocery & markets' }).focus();
  await page.keyboard.press('Space');
  // At the plan's limit the other boxes wait.
  await expect(picker.getByRole('checkbox', { name: 'Plumbing' })).toBeDisabled();
  await expectNoAxeViolations(page, { where: 'the category picker' });
  await picker.getByRole('button', { name: 'Save Categories' }).click();
  await expect(page.getByText('Categories saved')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 900 });
  await fitsIn360(page);
  await picker.screenshot({ path: test.info().outputPath('category-picker-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.members.href());
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await hydrated(categories.getByRole('link', { name: /Food & drink/ }));
    await categories.getByRole('link', { name: /Food & drink/ }).click();
    await expect(page).toHaveURL(paths.membersCategory.href('food-drink'));
    await categories.getByRole('link', { name: /Grocery & markets/ }).click();
    await expect(page).toHaveURL(paths.membersCategory.href('grocery-markets'));
    await expect(page.getByRole('heading', { name: 'Grocery & markets', level: 1 })).toBeVisible();
    const card = page
      .getByRole('list', { name: 'Members' })
      .getByRole('article')
      .filter({ hasText: business });
    await expect(card).toBeVisible();
    await expectNoAxeViolations(page, { where: `a category page at ${width} px` });
    if (width === 360) await fitsIn360(page);
    await page.screenshot({
      path: test.info().outputPath(`category-page-${width}.png`),
      fullPage: width === 1280,
    });
    // The card's category links to its page.
    await card.getByRole('link', { name: 'Cafés & bakeries' }).click();
    await expect(page).toHaveURL(paths.membersCategory.href('cafes-bakeries'));
  }

  // Without scripts the server draws the category's list, and the categories are plain links.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await context.newPage();
  for (const width of [1280, 360]) {
    await plain.setViewportSize({ width, height: 900 });
    await plain.goto(paths.members.href());
    await plain
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Food & drink/ })
      .click();
    await expect(plain).toHaveURL(paths.membersCategory.href('food-drink'));
    await plain
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /Grocery & markets/ })
      .click();
    await expect(plain.getByRole('article').filter({ hasText: business })).toBeVisible();
    await plain.screenshot({ path: test.info().outputPath(`category-no-scripts-${width}.png`) });
  }
  const missing = await plain.goto(paths.membersCategory.href('no-such-category'));
  expect(missing?.status()).toBe(404);
  await context.close();
});
