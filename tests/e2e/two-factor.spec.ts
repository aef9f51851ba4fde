import { generate } from 'otplib';
import { adminApi } from './admin-api';
import {
  paths,
  ownNetwork,
  signInThroughForm,
  test,
  expect,
  expectNoAxeViolations,
} from './fixtures';

/** A staff account of its own, so the seeded ones keep signing in with a password alone. */
const staff = {
  email: 'deputy.director@rivertonchamber.example',
  password: 'Deputy-Director-2026',
};

/** The code an authenticator app shows for `secret`, `offset` seconds from now. */
const appCode = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

test('a staff account enrols two-factor with a code computed from the shown secret, signs out, signs in with a code', async ({
  page,
  request,
  baseURL,
}) => {
  // Signed up as anyone can, then made a moderator by the seeded admin.
  const signUp = await request.post('/api/auth/register', {
    headers: ownNetwork(),
    data: {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: staff.email,
      password: staff.password,
      confirmPassword: staff.password,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const admin = await adminApi(request, baseURL!);
  await admin.update(await admin.find(staff.email), { role: 'moderator', status: 'active' });

  await page.goto(paths.login.href());
  await signInThroughForm(page, staff);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.profile.href());

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Two-factor sign-in is off.')).toBeVisible();
  // This browser is on the list of sessions, as this device (Playwright's Desktop Chrome says Windows).
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
  await expect(sessions.getByText(/Chrome \d+ on Windows/)).toBeVisible();

  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    card.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  // A wrong code first: the server's sentence, and nothing turned on.
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByRole('alert')).toContainText('That code is not right');

  await card.getByLabel('Code from the app').fill(await appCode(secret));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(
    card.getByText(/Two-factor sign-in is on since .+\. 10 recovery codes left\./),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  // The password alone no longer signs in: the form asks for the code.
  await page.goto(paths.login.href());
  await signInThroughForm(page, staff);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(page).toHaveURL(paths.login.href());
  await expectNoAxeViolations(page);
  // The code of the step after the one just used (the portal accepts each step once).
  await code.fill(await appCode(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.profile.href());
  await expect(card.getByText(/Two-factor sign-in is on/)).toBeVisible();
});
