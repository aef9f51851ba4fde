import type { Page } from '@playwright/test';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  hydrated,
  paths,
  signInThroughForm,
  test,
} from './fixtures';

const NOT_YET =
  'Your membership is not active yet. Events can be added once the chamber confirms it.';

/** Signs up a new business at /register: a pending account, signed in at once. */
async function registerPending(page: Page, email: string) {
  await page.goto(paths.register.href());
  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Business name').fill('Okafor Letterpress');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('ink-and-paper-2026');
  await page.getByLabel('Confirm password').fill('ink-and-paper-2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(paths.profile.href());
}

test('a pending member is told before any form that events come once the membership is confirmed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerPending(page, 'iris@okaforletterpress.example');

  await page.goto(paths.calendar.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Event Calendar' })).toBeVisible();
  await expect(page.getByText(NOT_YET)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);

  // A day of the month shows its events rather than a form that cannot be saved.
  const day = page.getByRole('table').getByRole('button', { name: /^\w+, \w+ 15,/ });
  await expect(day).not.toHaveAccessibleName(/add event/);
  // By keyboard: on a day with events, the events' own buttons cover the middle of the cell.
  await hydrated(day);
  await day.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Create Event' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add Event' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The dashboard's way in (?create=true) does not open the form either.
  await page.goto(`${paths.calendar.href()}?create=true`);
  await expect(page.getByText(NOT_YET)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expectNoAxeViolations(page);
});

test('an active member is offered Create Event and no notice', async ({ page }) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.calendar.href());
  // Server-rendered: the button works once the page has hydrated.
  const create = page.getByRole('button', { name: 'Create Event' });
  await hydrated(create);
  await create.click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Create Event' }),
  ).toBeVisible();
  await expect(page.getByText(NOT_YET)).toHaveCount(0);
});
