import type { Page } from '@playwright/test';
import { expect, hydrated, paths, test } from './fixtures';

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto(paths.home.href());
  await expect(page.locator('html')).toHaveClass('light');

  // Server-rendered: the toggle works once the page has hydrated.
  await hydrated(page.getByRole('button', { name: 'Switch to dark theme' }));
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass('dark');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');

  await page.reload({ waitUntil: 'domcontentloaded' });
  // Applied before the app starts: no flash of the light theme.
  expect(await rootClass(page)).toBe('dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveClass('light');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
});

test('system follows the operating system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
  await page.goto(paths.home.href());
  await expect(page.locator('html')).toHaveClass('dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass('light');
});
