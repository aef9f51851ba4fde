import { expect, expectNoAxeViolations, ownNetwork, paths, test } from './fixtures';

/** A roster contact (start-server.mjs imports files/roster.csv) that no other test claims. */
const contact = 'ruth@ellisonhardware.example';

// This spec's sign-ups come from a network of their own (see ownNetwork).
test.use({ extraHTTPHeaders: ownNetwork() });

test('when the code cannot be sent the verify step stays, with the server’s message and what to do', async ({
  page,
}) => {
  test.slow(); // Two axe scans and a real send after the refused one.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
  // The portal mails after answering, so a mail server's failure never reaches this page; what
  // does is an answer that is not a 200. The first send answers as a failing server would.
  let refused = 0;
  await page.route('**/api/auth/send-confirmation', async (route) => {
    if (refused++ > 0) return route.continue();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'internal_error',
        message: 'The mail server did not accept the message.',
      }),
    });
  });

  await page.goto(paths.registerExisting.href());
  await page.getByRole('main').getByLabel('Email').fill(contact);
  await page.getByRole('button', { name: 'Verify Contact' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'The mail server' });
  await expect(alert).toContainText('The mail server did not accept the message.');
  await expect(alert).toContainText('Your address is on file, but your code was not sent');
  await expect(alert.getByRole('link', { name: 'contact the chamber' })).toHaveAttribute(
    'href',
    paths.contact.href(),
  );
  // Without the code there is no proof of the mailbox, so no password step.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect Your Membership' }),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  }

  // Trying again sends the code, and the flow goes on.
  await page.getByRole('button', { name: 'Verify Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
});
