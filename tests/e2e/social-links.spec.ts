import type { Page } from '@playwright/test';
import { asEliteMember, eliteMember } from './elite-member';
import { embeddedMap, expect, expectNoAxeViolations, paths, test } from './fixtures';
import { seededContact } from './seeded';

const { business } = eliteMember;

const fitsIn360 = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('an elite member sets profile links; the member page and card show them as named icons', async ({
  page,
  putBack,
}) => {
  test.slow(); // A save, two pages, four axe scans.
  // The demo member's links are put back as the seed made them, for the other specs.
  await asEliteMember(
    page,
    putBack,
    () => ({ socialLinks: seededContact(eliteMember.email).socialLinks }),
    async () => {
      await page.goto(paths.profile.href());
      await page.getByRole('button', { name: 'Edit Profile' }).click();

      const box = page.getByLabel('Profile Links');
      // The seed's three links are there to edit; an http link is refused with the reason.
      await expect(box).toHaveValue(/facebook\.com/);
      await box.fill('http://www.linkedin.com/company/redwood-hardware');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(
        page.getByText('Social links must be full https:// addresses (https://...)'),
      ).toBeVisible();

      await box.fill(
        [
          'https://www.linkedin.com/company/redwood-hardware',
          'https://www.tiktok.com/@redwoodhardware',
          'https://redwoodhardware.example/workshops',
        ].join('\n'),
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();

      const links = page
        .getByRole('main')
        .getByRole('list', { name: `${business} online` })
        .getByRole('link');
      await page.goto(paths.members.href());
      await page.getByLabel('Search members').fill('Redwood Hardware');
      const card = page.getByRole('list', { name: 'Members' }).getByRole('article');
      await expect(card).toHaveCount(1);
      await expect(
        card.getByRole('link', { name: 'LinkedIn (opens in a new tab)' }),
      ).toHaveAttribute('href', 'https://www.linkedin.com/company/redwood-hardware');
      await expect(card.getByRole('link', { name: 'TikTok (opens in a new tab)' })).toBeVisible();

      // The card's links are their own: a click on the card's name still opens the member page.
      await card.getByRole('link', { name: business }).click();
      await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
      await expect(links).toHaveCount(3);
      await expect(links.nth(2)).toHaveAccessibleName(
        'redwoodhardware.example (opens in a new tab)',
      );
      await expect(links.nth(0)).toHaveAttribute('target', '_blank');
      await expect(links.nth(0)).toHaveAttribute('rel', 'noopener noreferrer');

      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveClass(scheme);
          await expectNoAxeViolations(page, { exclude: [embeddedMap] });
          if (width === 360) await fitsIn360(page);
        }
      }
    },
  );
});
