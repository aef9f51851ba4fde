import {
  accounts,
  embeddedMap,
  expect,
  expectNoAxeViolations,
  paths,
  signInThroughForm,
  test,
} from './fixtures';

const pages = [
  { path: paths.home.href(), heading: /Chamber/ },
  { path: paths.login.href(), heading: 'Sign in' },
  { path: paths.forgotPassword.href(), heading: 'Forgot password' },
  { path: paths.resetPassword.href(), heading: 'Choose a new password' },
  { path: paths.calendar.href(), heading: 'Event Calendar' },
  { path: paths.members.href(), heading: 'Member Directory' },
  { path: paths.basicMembership.href(), heading: 'Basic Membership' },
  { path: paths.enhancedMembership.href(), heading: 'Enhanced Membership' },
  { path: paths.eliteMembership.href(), heading: 'Elite Membership' },
  { path: paths.nominations.href(), heading: 'Nominations and Awards' },
  { path: paths.about.href(), heading: /^About the / },
  { path: paths.contact.href(), heading: 'Contact Us' },
  { path: paths.privacy.href(), heading: 'Privacy Policy' },
  { path: paths.terms.href(), heading: 'Terms of Service' },
  { path: paths.jobPostings.href(), heading: 'Job Postings' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const { path, heading } of pages) {
    test(`${path} has no axe violations in the ${theme} theme`, async ({ page }) => {
      // The top document only: an embedded frame's page may not use storage.
      await page.addInitScript((value) => {
        if (window === window.top) localStorage.setItem('vite-ui-theme', value);
      }, theme);
      // Google's map is not our page, and the tests run offline.
      await page.route('https://www.google.com/maps**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title>' }),
      );
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme);

      await expectNoAxeViolations(page, { exclude: [embeddedMap] });
    });
  }
}

// Signed in, every page has the account menu: its name must hold the initials it shows
// (WCAG 2.5.3, label in name), or speech users cannot say what they see.
test('a signed-in page has no axe violations, and the account menu is named by its initials', async ({
  page,
}) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  const menu = page.getByRole('button', { name: /Account menu/ });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAccessibleName(/^MD\b/);
  await page.goto(paths.members.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Member Directory' })).toBeVisible();
  await expectNoAxeViolations(page);
});
