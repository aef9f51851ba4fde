import type { Page } from '@playwright/test';
import {
  accounts,
  docsScreenshot,
  expect,
  expectNoAxeViolations,
  paths,
  signInThroughForm,
  test,
} from './fixtures';
import { putBackMember } from './seeded';

// The seed's member, whose bakery keeps weekday and Saturday hours (put back afterwards).
const member = accounts.member;
const business = 'Sweetwater Bakery';
const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const fitsIn360 = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a member sets opening hours; the directory shows the business open now, with and without scripts', async ({
  page,
  browser,
  putBack,
  baseURL,
}) => {
  test.slow(); // Fourteen time fields, a save, the directory at two widths, axe scans.
  putBack(putBackMember(member.email));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.login.href());
  await signInThroughForm(page, member);
  await expect(page).toHaveURL(paths.home.href());
  const profile = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    const res = await fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { contactId: string };
  });

  await page.goto(paths.member.href(profile.contactId));
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = page.getByRole('form', { name: 'Opening Hours' });
  await expect(editor).toBeVisible();

  // Open around the clock, every day (closing at 12:00 AM is midnight), so the test holds
  // whenever it runs. All by keyboard: the fields are labelled with their day.
  for (const day of week) {
    if ((await editor.getByLabel(`Opens (${day})`).count()) === 0) {
      await editor.getByRole('button', { name: `Add hours on ${day}` }).press('Enter');
    }
    await editor.getByLabel(`Opens (${day})`).fill('00:00');
    await editor.getByLabel(`Closes (${day})`).fill('00:00');
  }
  // A second interval on Monday overlaps the first: refused before it is sent, with the reason.
  await editor.getByRole('button', { name: 'Add hours on Monday' }).click();
  await editor.getByRole('button', { name: 'Save Hours' }).click();
  await expect(editor.getByRole('alert')).toContainText("Monday's hours overlap");
  await expectNoAxeViolations(page, { where: 'the hours editor' });
  await editor.getByRole('button', { name: 'Remove Monday 2 hours' }).click();
  await editor.getByRole('button', { name: 'Save Hours' }).click();
  await expect(page.getByText('Opening hours saved')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 900 });
  await fitsIn360(page);
  await editor.screenshot({ path: test.info().outputPath('hours-editor-360.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The member page says so, and lists the week.
  await page.reload();
  const hoursCard = page
    .getByRole('heading', { name: 'Opening Hours' })
    .locator('..')
    .locator('..');
  await expect(hoursCard.getByText('Open now')).toBeVisible();
  await expect(hoursCard.getByRole('row', { name: /Sunday/ })).toContainText('12:00 AM – midnight');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.members.href());
    await page.getByRole('link', { name: 'Open now' }).click();
    await expect(page).toHaveURL(paths.membersOpenNow.href());
    const card = page
      .getByRole('list', { name: 'Members' })
      .getByRole('article')
      .filter({ hasText: business });
    await expect(card.getByText('Open now')).toBeVisible();
    await expectNoAxeViolations(page, { where: `the open-now directory at ${width} px` });
    if (width === 360) await fitsIn360(page);
    if (width === 1280) await docsScreenshot(page, 'directory-open-now', { fullPage: true });
    else await page.screenshot({ path: test.info().outputPath(`directory-open-now-${width}.png`) });
    // The link leads back to every member.
    await page.getByRole('link', { name: 'Open now' }).click();
    await expect(page).toHaveURL(paths.members.href());
  }

  // Without scripts the server draws the filtered list, and the filter is a plain link.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await context.newPage();
  await plain.goto(paths.members.href());
  await plain.getByRole('link', { name: 'Open now' }).click();
  await expect(plain).toHaveURL(paths.membersOpenNow.href());
  const card = plain.getByRole('article').filter({ hasText: business });
  await expect(card.getByText('Open now')).toBeVisible();
  await plain.screenshot({ path: test.info().outputPath('directory-open-now-no-scripts.png') });
  await context.close();
});
