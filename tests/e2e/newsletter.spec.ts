import { checkLooks, expect, followSystemTheme, paths, test } from './fixtures';
import { fromOutbox } from './outbox';

/** The first link matching `pattern` in the newest mail to `email` with `subject`, after `since`. */
function linkFromOutbox(email: string, subject: RegExp, pattern: RegExp, since: number) {
  return fromOutbox(since, `a mail to ${email}`, (mail) => {
    const to = mail.match(/^To: (.+)$/im)?.[1] ?? '';
    const subjectLine = mail.match(/^Subject: (.+)$/im)?.[1] ?? '';
    return to.includes(email) && subject.test(subjectLine) ? mail.match(pattern)?.[0] : undefined;
  });
}

/** The link's path and query, opened on this server (the mail names the portal's address). */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const CHECK_INBOX = 'Check your inbox to confirm your subscription.';

test('a visitor signs up in the footer, confirms from the mail, and leaves in one click', async ({
  page,
}) => {
  await followSystemTheme(page);
  test.slow(); // Two mails to wait for, four pages looked at in two widths and themes.
  const email = `reader-${Date.now()}@example.org`;

  // The footer's sign-up, keyboard first; the footer keeps its height when it answers.
  await page.goto(paths.about.href());
  const footer = page.getByRole('contentinfo');
  const signUp = footer.getByRole('form', { name: 'Get our newsletter' });
  // /about is drawn in the browser: the sign-up's code comes after the page's, in its room.
  await expect(signUp.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  const heightBefore = (await footer.boundingBox())!.height;
  await signUp.getByRole('button', { name: 'Subscribe' }).click();
  await expect(signUp.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  const since = Date.now() - 1000;
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Email').press('Enter');
  await expect(footer.getByRole('status')).toHaveText(CHECK_INBOX);
  expect((await footer.boundingBox())!.height).toBe(heightBefore);

  const confirmLink = await linkFromOutbox(
    email,
    /Confirm your subscription/,
    /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w%-]+/,
    since,
  );
  await page.goto(local(confirmLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter sign-up' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your subscription is confirmed. The next newsletter will reach you.',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await checkLooks(page, 'newsletter-confirmed');

  // The same link again is used up: it says so and offers the sign-up again.
  await page.goto(local(confirmLink));
  await expect(
    page.getByRole('main').getByText(/This confirmation link is not valid/),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('form', { name: 'Sign up again' })).toBeVisible();
  await checkLooks(page, 'newsletter-confirm-invalid');

  // A forged preference link asks for the address, showing nobody's preferences.
  await page.goto(paths.mailPreferences.href('u1.Zm9yZ2VkQGV4YW1wbGUub3Jn.newsletter.AAAAAAAA'));
  const main = page.getByRole('main');
  await expect(main.getByText(/This link is not valid/)).toBeVisible();
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await checkLooks(page, 'mail-preferences-ask');
  const asked = Date.now() - 1000;
  await main.getByLabel('Email').fill(email);
  await main.getByRole('button', { name: 'Send me a link' }).click();
  await expect(main.getByRole('status')).toHaveText(
    'If we have sent mail to that address, a fresh link to its preferences is on its way.',
  );

  // The mailed link is a real token: the address's preferences, left in one click.
  const preferenceLink = await linkFromOutbox(
    email,
    /Your mail preferences/,
    /https?:\/\/[^\s"<>]+\/unsubscribe\/u1\.[\w.-]+/,
    asked,
  );
  await page.goto(local(preferenceLink));
  await expect(main.getByText(email)).toBeVisible();
  await expect(main.getByRole('checkbox', { name: 'Newsletter' })).toBeChecked();
  await expect(
    main.getByText('Receipts, invoices, event registration mail and password resets still arrive', {
      exact: false,
    }),
  ).toBeVisible();
  await checkLooks(page, 'mail-preferences');
  await main.getByRole('button', { name: 'Unsubscribe from newsletter' }).click();
  await expect(main.getByRole('status')).toHaveText(
    'You are unsubscribed from newsletter. No more newsletter mail will reach this address.',
  );
  // Kept by the server: the page opened again shows it.
  await page.reload();
  await expect(main.getByRole('checkbox', { name: 'Newsletter' })).not.toBeChecked();
  await expect(main.getByRole('button', { name: 'Unsubscribe from newsletter' })).toHaveCount(0);

  // Announcements left on the page, then kept.
  await main.getByRole('checkbox', { name: 'Announcements' }).click();
  await main.getByRole('button', { name: 'Save preferences' }).click();
  await expect(main.getByText('Your preferences are saved.')).toBeVisible();
  await page.reload();
  await expect(main.getByRole('checkbox', { name: 'Announcements' })).not.toBeChecked();
});

test('the /newsletter page signs up too, and shows the check-your-inbox answer', async ({
  page,
}) => {
  await followSystemTheme(page);
  await page.goto(paths.newsletter.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Get our newsletter' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await checkLooks(page, 'newsletter');
  const form = page.getByRole('main').getByRole('form', { name: 'Sign up for the newsletter' });
  await form.getByLabel('Email').fill(`page-reader-${Date.now()}@example.org`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(CHECK_INBOX);
});
