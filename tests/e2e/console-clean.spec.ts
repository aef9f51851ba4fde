import type { Page } from '@playwright/test';
import { expect, paths, test } from './fixtures';

/**
 * Lighthouse's best-practices audit counts every console error, not only the ones a test
 * would notice: the console's errors and the page's CSP violation reports, as logged.
 */
async function recordErrors(page: Page) {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => logged.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (t: string) => void })
        .reportViolation;
      report(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return logged;
}

test('the home page logs no console error', async ({ page }) => {
  const logged = await recordErrors(page);
  await page.goto(paths.home.href());
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(logged, 'console errors on the home page').toEqual([]);
});

// zod compiles object parsers with Function() unless told not to; the portal's CSP refuses
// eval, so its first probe would be logged. A form's validation is the first object parse.
test('validating a form logs no CSP refusal', async ({ page }) => {
  const logged = await recordErrors(page);
  await page.goto(paths.login.href());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(logged, 'console errors while validating the sign-in form').toEqual([]);
});
