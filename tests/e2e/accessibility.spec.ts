import AxeBuilder from '@axe-core/playwright';
import { expect, paths, test } from './fixtures';

const pages = [
  { path: paths.home.href(), heading: /Chamber/ },
  { path: paths.login.href(), heading: 'Sign in' },
  { path: paths.calendar.href(), heading: 'Event Calendar' },
  { path: paths.members.href(), heading: 'Member Directory' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const { path, heading } of pages) {
    test(`${path} has no axe violations in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme);

      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const summary = results.violations.map((v) => ({
        id: v.id,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
      expect(summary).toEqual([]);
    });
  }
}
