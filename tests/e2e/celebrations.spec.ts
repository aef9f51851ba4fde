import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import {
  accounts,
  checkLooks,
  expect,
  expectNoAxeViolations,
  followSystemTheme,
  paths,
  signInThroughForm,
  test,
} from './fixtures';
import { png } from './images';
import { joinedPassword, joinThroughApi, retireMembers } from './membership-helpers';

// A new member books a ribbon cutting on a phone, starting from /account (the member hub);
// staff confirm it from the admin dashboard; it is then on the calendar and on the member's
// page, and the hub shows it confirmed.

const joinedHere: string[] = [];
const eventsMade: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  // The calendar and the directory are shared with the other specs: the test's event and
  // member go.
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL!)}` };
  for (const id of eventsMade)
    await request.delete(`/api/calendars/appointments/${id}`, { headers });
  if (joinedHere.length > 0) await retireMembers(request, baseURL!, joinedHere);
});

/** Staff record a check for the whole join invoice: the membership is in good standing. */
async function payByCheck(
  request: APIRequestContext,
  baseURL: string,
  invoice: { id: string; totalCents: number },
) {
  const token = await apiToken(request, baseURL);
  const paid = await request.post(`/api/admin/invoices/${invoice.id}/payments`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amountCents: invoice.totalCents, method: 'check', reference: '1046' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('a member books a ribbon cutting from /account at 360 px, staff confirm it, and it is on the calendar and the member page', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // Two people, a join, and eight axe scans on a shared machine.
  test.setTimeout(300_000);
  const businessName = `Juniper Ribbon Works ${Date.now()}`;
  const joined = await joinThroughApi(request, baseURL!, { businessName });
  joinedHere.push(joined.email);
  await payByCheck(request, baseURL!, joined.invoice);

  await followSystemTheme(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(paths.login.href());
  await signInThroughForm(page, { email: joined.email, password: joinedPassword });
  await expect(page).toHaveURL(paths.home.href());
  // The member hub leads to the booking form.
  await page.goto(paths.account.href());
  const entry = page.getByRole('region', { name: 'Ribbon cuttings and celebrations' });
  await entry.getByRole('link', { name: 'Book a ribbon cutting' }).click();
  await expect(page).toHaveURL(`${paths.membership.href()}#celebrations`);

  const form = page.getByRole('form', { name: 'Book a celebration' });
  await expect(form).toBeVisible();
  await form.getByLabel('Kind').selectOption({ label: 'Ribbon cutting' });
  const time = form.getByLabel('Time');
  // The first time offered: the slots load for the kind.
  await expect(time.locator('option').nth(1)).toBeAttached();
  const slotStart = await time.locator('option').nth(1).getAttribute('value');
  const slotLabel = (await time.locator('option').nth(1).textContent())!;
  await time.selectOption(slotStart!);
  // The address is the listing's unless changed.
  await form.getByLabel('Address').fill('12 Juniper Lane, Riverton, WY');
  await form.getByLabel('What are you celebrating?').fill('Our new workshop opens its doors.');
  await form.getByLabel('Expected guests').fill('35');
  // Keyboard: the submit button is reached and pressed with the keyboard.
  await form.getByRole('button', { name: 'Book the ribbon cutting' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(
    `Booked for ${slotLabel}. Our staff will confirm it.`,
  );
  const mine = page.getByRole('list', { name: 'Your celebrations' });
  await expect(mine.getByText('Waiting for staff')).toBeVisible();
  // The slot is taken now: no longer offered.
  await expect(time.locator(`option[value="${slotStart}"]`)).toHaveCount(0);
  // The page came scrolled to the card; its pictures are taken from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkLooks(page, 'membership-celebrations', { docs: true });
  // Back on the hub: the booking, waiting for staff.
  await page.goto(paths.account.href());
  await expect(entry.getByText('Waiting for staff')).toBeVisible();
  await expect(entry.getByText(`Your ribbon cutting: ${slotLabel}`)).toBeVisible();
  await checkLooks(page, 'account-celebration');

  // Staff confirm it from the admin dashboard.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await followSystemTheme(staff);
  await staff.goto(paths.login.href());
  await signInThroughForm(staff, accounts.admin);
  await expect(staff).toHaveURL(paths.home.href());
  await staff.goto(`${paths.admin.href()}?tab=celebrations`);
  const booking = staff
    .getByRole('list', { name: 'Celebrations' })
    .getByRole('listitem')
    .filter({ hasText: `Ribbon cutting: ${businessName}` });
  await expect(booking).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Ambassadors' })).toBeVisible();
  await checkLooks(staff, 'admin-celebrations', { docs: true });
  await booking.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(staff.getByText(`Ribbon cutting: ${businessName} confirmed.`)).toBeVisible();
  await staffContext.close();

  // The member sees it confirmed on the hub, and with its event on the calendar.
  await page.reload();
  await expect(entry.getByText('Confirmed')).toBeVisible();
  await page.goto(paths.membership.href());
  await expect(mine.getByText('Confirmed')).toBeVisible();
  const token = await apiToken(request, baseURL!, {
    email: joined.email,
    password: joinedPassword,
  });
  const answer = await request.get('/api/celebrations/mine', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { celebrations } = (await answer.json()) as {
    celebrations: { eventId: string | null; business: { id: string } }[];
  };
  const eventId = celebrations[0]!.eventId!;
  eventsMade.push(eventId);
  await mine.getByRole('link', { name: 'See it on the calendar' }).click();
  await expect(page).toHaveURL(paths.event.href(eventId));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Ribbon cutting: ${businessName}`,
  );

  // On the calendar's list for its day.
  const day = new Date(slotStart!).toISOString().slice(0, 10);
  const next = new Date(Date.parse(slotStart!) + 86_400_000).toISOString().slice(0, 10);
  const listed = await request.get(
    `/api/calendars/racc-events/events?startDate=${day}&endDate=${next}`,
  );
  const { events } = (await listed.json()) as { events: { id: string; title: string }[] };
  expect(events.map((e) => e.id)).toContain(eventId);

  // And on the member's page.
  await page.goto(paths.member.href(celebrations[0]!.business.id));
  await expect(page.getByRole('link', { name: 'Ribbon cutting', exact: true })).toHaveAttribute(
    'href',
    paths.event.href(eventId),
  );
});

/** The parts of a booking and a gallery image this spec reads. */
interface Celebration {
  id: string;
  kind: string;
  eventId: string | null;
  business: { id: string; name: string };
  photos: GalleryImage[];
}
interface GalleryImage {
  url: string;
  caption: string;
}

for (const width of [1280, 360]) {
  test(`at ${width} px staff add a photo to a celebration that took place; its event page and the listing's gallery show it`, async ({
    page,
    request,
    baseURL,
    putBack,
  }) => {
    test.slow(); // An upload, a save and four axe scans.
    const business = 'Mountain View Family Dental';
    const headers = { Authorization: `Bearer ${await apiToken(request, baseURL!)}` };
    const queue = await request.get('/api/admin/celebrations?status=confirmed', { headers });
    const seeded = ((await queue.json()) as { celebrations: Celebration[] }).celebrations.find(
      (c) => c.business.name === business && c.kind === 'anniversary',
    )!;
    expect(seeded.photos).toHaveLength(3);
    const member = await request.get(`/api/members/${seeded.business.id}`);
    const { gallery } = (await member.json()) as { gallery: GalleryImage[] };
    // The seed's photos and the listing's gallery are put back for the other specs.
    putBack(async ({ request: api }) => {
      await api.put(`/api/admin/celebrations/${seeded.id}/photos`, {
        headers,
        data: { photos: seeded.photos },
      });
      await api.put(`/api/members/${seeded.business.id}`, { headers, data: { gallery } });
    });

    await page.setViewportSize({ width, height: 800 });
    await page.goto(paths.login.href());
    await signInThroughForm(page, accounts.admin);
    await expect(page).toHaveURL(paths.home.href());
    await page.goto(`${paths.admin.href()}?tab=celebrations`);
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Confirmed' });
    const item = page
      .getByRole('list', { name: 'Celebrations' })
      .getByRole('listitem')
      .filter({ hasText: `Anniversary: ${business}` });
    await item.getByRole('button', { name: 'Photos (3)' }).click();
    const form = item.getByRole('form', { name: 'Photos of the celebration' });
    const rows = form.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload-event-cover'));
    await form.locator('input[type="file"]').setInputFiles({
      name: 'guests.png',
      mimeType: 'image/png',
      buffer: png(width === 1280 ? [30, 140, 90] : [140, 30, 90]),
    });
    expect((await uploaded).status()).toBe(201);
    await expect(rows).toHaveCount(4);
    await form.getByLabel('Caption for image 4').fill('Guests at the open house');
    // Keyboard: the new photo moves to the front.
    for (const n of [4, 3, 2]) {
      await form.getByRole('button', { name: `Move image ${n} up` }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(form.getByLabel('Caption for image 1')).toHaveValue('Guests at the open house');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
    }
    await form.getByRole('button', { name: 'Save the photos' }).click();
    await expect(
      page.getByText('The photos are on the event page. One photo added to the listing’s gallery.'),
    ).toBeVisible();

    // The event page shows them in that order, in a keyboard lightbox.
    await page.goto(paths.event.href(seeded.eventId!));
    const photos = page.getByRole('region', { name: 'Photos' });
    const thumbs = photos.getByRole('list', { name: `${business} gallery` }).getByRole('button');
    await expect(thumbs).toHaveCount(4);
    await expect(thumbs.first()).toHaveAccessibleName('Guests at the open house');
    await thumbs.first().focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Guests at the open house' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
    }
    await photos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`event-photos-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // The business agreed: the photo is in its listing's gallery too.
    await page.goto(paths.member.href(seeded.business.id));
    await expect(
      page
        .getByRole('list', { name: `${business} gallery` })
        .getByRole('button', { name: 'Guests at the open house' }),
    ).toBeVisible();
  });
}

test('staff make one person of a business an ambassador, not the business (360 and 1280 px)', async ({
  browser,
}) => {
  test.slow(); // A sign-in, five axe scans of the admin dashboard and three changes.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await followSystemTheme(staff);
  await staff.goto(paths.login.href());
  await signInThroughForm(staff, accounts.admin);
  await expect(staff).toHaveURL(paths.home.href());
  await staff.goto(`${paths.admin.href()}?tab=celebrations`);
  const region = staff.getByRole('region', { name: 'Ambassadors' });
  // The demo's ambassadors are people, each shown with their business.
  const listed = region.getByRole('list', { name: 'Ambassadors' });
  await expect(listed.getByText('Sweetwater Bakery')).toBeVisible();

  await region.getByLabel('Add an ambassador').fill('Redwood');
  await region.getByRole('button', { name: 'Show people of Redwood Hardware & Supply' }).click();
  const people = region.getByRole('list', { name: 'People of Redwood Hardware & Supply' });
  await expect(people.getByText('Tom Barlow', { exact: true })).toBeVisible();
  await expect(people.getByText('Ruth Ames', { exact: true })).toBeVisible();
  // Axe and no sideways scroll at 1280 and 360 px, light and dark; it ends at 360 px.
  await checkLooks(staff, 'admin-ambassadors');

  await people.getByRole('button', { name: 'Make ambassador for Ruth Ames' }).click();
  await expect(region.getByText('Ruth Ames is an ambassador.')).toBeVisible();
  await expect(listed.getByText('Ruth Ames', { exact: true })).toBeVisible();
  // Her colleague, the business's owner, is not one.
  await expect(
    people.getByRole('button', { name: 'Make ambassador for Tom Barlow' }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  await listed.getByRole('button', { name: 'Remove Ruth Ames' }).click();
  await expect(region.getByText('Ruth Ames is no longer an ambassador.')).toBeVisible();
  await expect(listed.getByText('Ruth Ames', { exact: true })).toHaveCount(0);
  await context.close();
});
