import {
  accounts,
  docsScreenshot,
  expect,
  expectNoAxeViolations,
  paths,
  signIn,
  test,
} from './fixtures';

/**
 * The admin dashboard's Mail tab: the outgoing mail that failed, read from the outbox, and
 * how many mails wait. The e2e server writes its mail to a folder, which never refuses one,
 * so the list is the real one the server answers (its contents are the API tests' to check).
 */
for (const width of [1280, 360]) {
  test(`staff open the mail that failed at ${width} px, keyboard and axe clean`, async ({
    page,
  }) => {
    // Signing in, the dashboard and an axe scan: slow on a shared machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, accounts.admin);
    await page.goto(paths.admin.href());
    const tab = page.getByRole('tab', { name: 'Mail', exact: true });
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]tab=mail\b/);
    await expect(page.getByRole('heading', { name: 'Mail that failed' })).toBeVisible();
    // The count of waiting mail, whatever other specs have queued.
    await expect(
      page.getByText(/^(No mail is|\d+ mails? (is|are)) waiting to go out\.$/),
    ).toBeVisible();
    await expect(
      page
        .getByText('No mail has failed.')
        .or(page.getByRole('list', { name: 'Mail that failed' })),
    ).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, { where: `the Mail tab at ${width} px` });
    if (width === 1280) await docsScreenshot(page, 'admin-mail');
  });
}
