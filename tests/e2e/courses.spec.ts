import type { Browser } from '@playwright/test';
import { chamberApi, type ChamberSettings } from './admin-api';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

const learningSite = 'https://learn.rivertonchamber.example/catalog';

async function signedIn(browser: Browser, account: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await followSystemTheme(page);
  await signIn(page, account);
  return page;
}

// The e2e database is shared by every spec: the chamber's record is put back as it was.
let original: ChamberSettings | undefined;
test.afterAll(async ({ request, baseURL }) => {
  if (original) await (await chamberApi(request, baseURL!)).put(original);
});

test('/courses is the placeholder until an admin names the learning site, then links to it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Eight axe scans and two sign-ins.
  const chamber = await chamberApi(request, baseURL!);
  original = await chamber.get();
  expect(original.coursesUrl).toBe('');

  const member = await signedIn(browser, accounts.member);
  await member.goto(paths.courses.href());
  await expect(member.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(member).toHaveTitle(/^Courses \| /);
  await expect(
    member.getByText('The course catalogue opens here soon.', { exact: false }),
  ).toBeVisible();
  await expect(member.getByRole('link', { name: 'See the calendar' })).toBeVisible();
  await expect(member.getByRole('link', { name: /Go to the courses/ })).toHaveCount(0);
  await checkLooks(member, 'courses-placeholder');

  const admin = await signedIn(browser, accounts.admin);
  await admin.goto(`${paths.admin.href()}?tab=settings`);
  const form = admin.getByRole('form', { name: 'Chamber settings' });
  const field = form.getByRole('group', { name: 'Courses' }).getByLabel('Courses site');
  await expect(field).toHaveValue('');
  await field.fill('javascript:alert(document.cookie)');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    form.getByText(
      'The courses site must be an https:// address, such as https://learn.example.org',
    ),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  for (const width of [1280, 360]) {
    await admin.setViewportSize({ width, height: 900 });
    await form
      .getByRole('group', { name: 'Courses' })
      .screenshot({ path: test.info().outputPath(`courses-setting-${width}.png`) });
  }
  await admin.setViewportSize({ width: 1280, height: 900 });
  expect((await chamber.get()).coursesUrl).toBe('');

  await field.fill(` ${learningSite} `);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved')).toBeVisible();
  await expect(field).toHaveValue(learningSite);
  await admin.goto(`${paths.admin.href()}?tab=audit`);
  const latest = admin.getByRole('list', { name: 'Audit log' }).locator(':scope > li').first();
  await expect(latest).toContainText('Edited chamber settings');
  await expect(latest).toContainText(learningSite);
  await admin.context().close();

  // The member's app reads the chamber's record afresh on a new load.
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(member).toHaveTitle(/^Courses \| /);
  const link = member.getByRole('link', { name: 'Go to the courses (opens in a new tab)' });
  await expect(link).toHaveAttribute('href', learningSite);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(member.getByText('learn.rivertonchamber.example', { exact: true })).toBeVisible();
  await expect(member.getByText(/The course catalogue opens here soon/)).toHaveCount(0);
  await checkLooks(member, 'courses-linked');

  // The learning site is not ours, and the tests run offline: answer for it.
  await member
    .context()
    .route(`${learningSite}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Catalog</title>' }),
    );
  const opened = member.waitForEvent('popup');
  await link.click();
  const tab = await opened;
  await expect(tab).toHaveURL(learningSite);
  await member.context().close();
});
