import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, paths, test } from './fixtures';
import { fromOutbox } from './outbox';

/** Contacts that start-server.mjs imports from files/roster.csv: on the roster, no login yet. */
const roster = {
  grace: { email: 'grace@hollowayquilts.example', business: 'Holloway Quilt Shop' },
  tomas: { email: 'tomas@reyesbikes.example', business: 'Reyes Bicycle Works' },
  ruth: { email: 'ruth@ellisonhardware.example' },
};

// The server allows 10 address checks a client every 15 minutes and 3 codes an address; the
// tests below stay well inside both (7 checks, at most 3 codes for one address).

/**
 * The code in the newest message to `email` in the server's outbox written after `since`,
 * read as a person would: from the subject ("123456 is your ... confirmation code").
 */
async function codeFromOutbox(email: string, since: number): Promise<string> {
  return fromOutbox(since, `a confirmation code mailed to ${email}`, (mail) => {
    const to = mail.match(/^To: (.+)$/im)?.[1] ?? '';
    const code = mail.match(/^Subject: (\d{6}) is your /im)?.[1];
    return to.includes(email) ? code : undefined;
  });
}

const digit = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);

async function verifyContact(page: Page, email: string) {
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Verify Contact' }).click();
}

test('a contact imported from the roster claims their account with the emailed code and signs in', async ({
  page,
}) => {
  test.slow(); // Several pages, a mail to read and a password hash or two.
  const { email, business } = roster.grace;
  await page.goto(paths.registerExisting.href());
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect Your Membership' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Contact' })).toBeDisabled();

  const sentAfter = Date.now() - 1000;
  await verifyContact(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const code = await codeFromOutbox(email, sentAfter);

  // Typed digit by digit: each box moves on to the next; letters are ignored.
  await expect(digit(page, 1)).toBeFocused();
  await page.keyboard.type(`${code.slice(0, 3)}x${code.slice(3)}`);
  for (let n = 1; n <= 6; n++) await expect(digit(page, n)).toHaveValue(code[n - 1]!);
  // Backspace in an empty box goes back a box.
  await digit(page, 6).press('Backspace');
  await expect(digit(page, 6)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Verify Code' })).toBeDisabled();
  await digit(page, 6).press('Backspace');
  await expect(digit(page, 5)).toBeFocused();
  await expect(digit(page, 5)).toHaveValue('');
  await page.keyboard.type(code.slice(4));
  await page.getByRole('button', { name: 'Verify Code' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Complete Registration' }),
  ).toBeVisible();
  await expect(page.getByText(business, { exact: false })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('main').getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Password', { exact: true }).fill('quilting-bee-2026');
  await page.getByLabel('Confirm password').fill('quilting-bee-2026');
  const registration = page.waitForRequest((r) => r.url().endsWith('/api/auth/register-existing'));
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(
    page.getByText('Registration successful! You can now sign in with your credentials.'),
  ).toBeVisible();
  // The claim token from the code step went with the registration, and never into the address.
  const { claimToken } = (await registration).postDataJSON() as { claimToken?: string };
  expect(claimToken).toMatch(/^[\w-]{43}$/);
  expect(page.url()).not.toContain(claimToken!);

  // After 2 s: the sign-in page with a notice and the email filled in.
  await expect(page).toHaveURL(paths.login.href());
  await expect(
    page.getByRole('status').filter({ hasText: 'Registration successful!' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill('quilting-bee-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(paths.home.href());
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: business })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('a pasted code fills the boxes; a wrong one is refused with the server’s message', async ({
  page,
}) => {
  await page.goto(paths.registerExisting.href(roster.tomas.email));
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(roster.tomas.email);
  await expect(page.getByRole('main').getByLabel('Email')).toHaveAttribute('readonly', '');
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: 'Verify Contact' }).click();
  const code = await codeFromOutbox(roster.tomas.email, sentAfter);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document
      .querySelector('[aria-label="Digit 1 of 6"]')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, wrong);
  for (let n = 1; n <= 6; n++) await expect(digit(page, n)).toHaveValue(wrong[n - 1]!);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid confirmation code. Please try again.');
  await expect(digit(page, 1)).toHaveValue('');

  await page.getByRole('button', { name: 'Resend email' }).click();
  const notice = page.getByText('Confirmation email sent! Please check your inbox.');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 5000 });
});

test('an address not on file offers Try Again and Create New Account', async ({ page }) => {
  await page.goto(paths.registerExisting.href());
  await verifyContact(page, 'newcomer@riverton-startup.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    paths.register.href('newcomer@riverton-startup.example'),
  );
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect Your Membership' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(
    'newcomer@riverton-startup.example',
  );
  await page.goto(paths.register.href('newcomer@riverton-startup.example'));
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(
    'newcomer@riverton-startup.example',
  );
});

test('a new member registers, is signed in, and sees a pending profile', async ({ page }) => {
  await page.goto(paths.register.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quinn');
  await page.getByLabel('Business name').fill('Quinn Floral Design');
  await page.getByRole('main').getByLabel('Email').fill('nora@quinnfloral.example');
  await page.getByLabel('Password', { exact: true }).fill('peonies-and-tulips');
  await page.getByLabel('Confirm password').fill('peonies-and-tulips');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(paths.profile.href());
  await expect(page.getByRole('heading', { name: 'Quinn Floral Design' })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
});

test('/connect-account leads to the existing-contact sign-up, /join to the tier pages', async ({
  page,
}) => {
  await page.goto(`${paths.connectAccount.href()}?email=${encodeURIComponent(roster.tomas.email)}`);
  await expect(page).toHaveURL(paths.registerExisting.href(roster.tomas.email));
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(roster.tomas.email);

  await page.goto(paths.join.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Chamber' })).toBeVisible();
  for (const [tier, href] of [
    ['Basic', paths.basicMembership.href()],
    ['Enhanced', paths.enhancedMembership.href()],
    ['Elite', paths.eliteMembership.href()],
  ] as const) {
    await expect(page.getByRole('link', { name: `Choose ${tier}` })).toHaveAttribute('href', href);
  }
  await page.getByRole('link', { name: 'Choose Enhanced' }).click();
  await expect(page).toHaveURL(paths.enhancedMembership.href());
  await page.goBack();
  await page.getByRole('link', { name: 'Connect your membership' }).click();
  await expect(page).toHaveURL(paths.registerExisting.href());
});

for (const theme of ['light', 'dark'] as const) {
  test(`the sign-up pages have no axe violations in the ${theme} theme`, async ({ page }) => {
    test.slow(); // Four full-page axe scans.
    await page.addInitScript((value) => localStorage.setItem('vite-ui-theme', value), theme);
    await page.goto(paths.register.href());
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(paths.join.href());
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Chamber' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(paths.registerExisting.href());
    await expect(page.locator('html')).toHaveClass(theme);
    await expectNoAxeViolations(page);
    await verifyContact(page, roster.ruth.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('at 360 px the code boxes fit and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  await page.goto(paths.register.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  await fits();
  await page.goto(paths.registerExisting.href(roster.tomas.email));
  await page.getByRole('button', { name: 'Verify Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await fits();
  const first = await digit(page, 1).boundingBox();
  const last = await digit(page, 6).boundingBox();
  expect(first!.y).toBe(last!.y);
  expect(last!.x + last!.width).toBeLessThanOrEqual(360);
});
