import { expect, ownNetwork, paths, storedToken, test } from './fixtures';
import { fromOutbox } from './outbox';

/** The reset link in the newest message to `email` in the server's outbox written after `since`. */
async function resetLinkFromOutbox(email: string, since: number): Promise<string> {
  return fromOutbox(since, `a reset link mailed to ${email}`, (mail) => {
    const to = mail.match(/^To: (.+)$/im)?.[1] ?? '';
    const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%-]+/)?.[0];
    return to.includes(email) && /^Subject: Reset your /im.test(mail) ? link : undefined;
  });
}

test('a member resets a forgotten password from the sign-in page with the link from the mail, and signs in', async ({
  page,
  request,
}) => {
  test.slow(); // A mail to read and three password hashes.
  const email = `forgetful-${Date.now()}@example.org`;
  const registered = await request.post('/api/auth/register', {
    headers: ownNetwork(),
    data: {
      firstName: 'Fran',
      lastName: 'Forgetful',
      businessName: 'Forget-Me-Not Florist',
      email,
      password: 'the password I lost',
      confirmPassword: 'the password I lost',
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto(paths.login.href());
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(paths.forgotPassword.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  const since = Date.now() - 1000;
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that address, we have sent a link.',
  );

  const link = await resetLinkFromOutbox(email, since);
  // The link names the portal's public address; open the same path and query here.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();

  // The spec's rules, in the spec's words, before anything is sent.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a password I will remember');
  await page.getByLabel('Confirm password').fill('a password I will not');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill('a password I will remember');
  await page.getByRole('button', { name: 'Set new password' }).click();

  // Back on the sign-in page, told what happened, with the address filled in.
  await expect(page).toHaveURL(paths.login.href());
  await expect(page.getByRole('status')).toHaveText(
    'Your password was changed. Please sign in with your new password.',
  );
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('a password I will remember');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(paths.home.href());
  expect((await storedToken(page)).session).toBeTruthy();

  // The link worked once.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm password').fill('yet another password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/This reset link is no longer valid/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
