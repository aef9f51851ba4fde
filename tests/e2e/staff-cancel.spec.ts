import type { Page } from '@playwright/test';
import { createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import {
  accounts,
  closeToasts,
  expect,
  ownNetwork,
  paths,
  signInThroughForm,
  test,
} from './fixtures';

// A moderator's staff screens: the promo codes page (no longer the admin dashboard's alone),
// and cancelling a registration from the event's list after a confirmation, each at 360 and
// 1280 px, light and dark.

async function bothSchemes(page: Page, where: string, width: number) {
  // Looked at once a toast has gone: one fading out has its text at part opacity.
  await closeToasts(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectFitsAndAccessible(page, `${where}, ${scheme}`, width);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signInAsModerator(page: Page) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.moderator, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
}

for (const width of [360, 1280] as const) {
  test(`a moderator keeps promo codes on their own page at ${width} px`, async ({ page }) => {
    test.slow(); // Four axe scans.
    await page.setViewportSize({ width, height: 900 });
    await signInAsModerator(page);
    await page.goto(paths.promoCodes.href());
    await expect(page.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Promo codes/);
    const code = `MOD${width}-${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('button', { name: 'Add promo code' }).click();
    const form = page.getByRole('dialog', { name: 'Add promo code' });
    await form.getByLabel('Code*').fill(code);
    await form.getByLabel('Percent off*').fill('15');
    await form.getByLabel('Usage limit').fill('20');
    await bothSchemes(page, `the promo code form at ${width} px`, width);
    await form.getByRole('button', { name: 'Add promo code' }).click();
    await expect(form).toBeHidden();
    const row = page
      .getByRole('list', { name: 'Promo codes' })
      .getByRole('listitem')
      .filter({ hasText: code });
    await expect(row).toContainText('15% off each ticket');
    await expect(row).toContainText('0 of 20 uses');
    await bothSchemes(page, `the promo codes page at ${width} px`, width);
    // A code never used may go.
    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(row).toHaveCount(0);
  });

  test(`a moderator cancels a registration from the event's list at ${width} px`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // Four axe scans and a mail.
    const stamp = Date.now().toString(36);
    const event = await createEventThroughApi(request, baseURL!, {
      title: `Chamber Breakfast ${stamp}`,
      days: 9,
      startTime: 'T15:00',
      endTime: 'T16:30',
      capacity: 3,
    });
    const url = `/api/calendars/appointments/${encodeURIComponent(event.id)}/registrations`;
    const guests = [
      { name: 'Rosa Whitfield', email: `rosa-${stamp}@riverton.example`, numberOfGuests: 3 },
      { name: 'Theo Marsh', email: `theo-${stamp}@riverton.example`, numberOfGuests: 2 },
    ];
    for (const guest of guests) {
      // From a network of its own: the suite's registrations all come from one address.
      const res = await request.post(url, { data: guest, headers: ownNetwork() });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.setViewportSize({ width, height: 900 });
    await signInAsModerator(page);
    await page.goto(paths.event.href(event.id));
    const list = page.getByRole('list', { name: 'Registrations' });
    const rosa = list.getByRole('listitem').filter({ hasText: 'Rosa Whitfield' });
    const theo = list.getByRole('listitem').filter({ hasText: 'Theo Marsh' });
    await expect(theo).toContainText('Waiting list #1');

    // Asked first; keeping it changes nothing.
    await rosa.getByRole('button', { name: 'Cancel registration of Rosa Whitfield' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel this registration?' });
    await expect(ask).toContainText(`Rosa Whitfield (rosa-${stamp}@riverton.example)`);
    await bothSchemes(page, `the cancel confirmation at ${width} px`, width);
    await ask.getByRole('button', { name: 'Keep registration' }).click();
    await expect(ask).toBeHidden();
    await expect(rosa).toBeVisible();

    await rosa.getByRole('button', { name: 'Cancel registration of Rosa Whitfield' }).click();
    await ask.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(ask).toBeHidden();
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      "Rosa Whitfield's registration is cancelled",
    );
    await expect(rosa).toHaveCount(0);
    // Her seats went down the waiting list.
    await expect(theo).toContainText('Seats offered');
    await bothSchemes(page, `the registrations after a cancellation at ${width} px`, width);
  });
}

test("the event's organizer sees the list but no cancel button", async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const event = await createEventThroughApi(
    request,
    baseURL!,
    { title: `Member Mixer ${stamp}`, days: 10 },
    accounts.member,
  );
  const res = await request.post(
    `/api/calendars/appointments/${encodeURIComponent(event.id)}/registrations`,
    { data: { name: 'Ivy Fenn', email: `ivy-${stamp}@riverton.example` }, headers: ownNetwork() },
  );
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.event.href(event.id));
  const row = page
    .getByRole('list', { name: 'Registrations' })
    .getByRole('listitem')
    .filter({ hasText: 'Ivy Fenn' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /Cancel registration/ })).toHaveCount(0);
});
