import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminApi, apiToken } from './admin-api';
import { eliteMember } from './elite-member';
import { accounts, expect, hydrated, paths, signIn, test } from './fixtures';
import { joinedPassword, joinThroughApi, retireMembers } from './membership-helpers';
import { putBackMember } from './seeded';

// What a first visit as a visitor and a member notices: one profile editor, long text kept in
// bounds, names with an emoji in the directory's A-Z, event covers, and a demo chamber that
// reads like a real one.

const widths = [360, 1280] as const;

async function shot(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The labels of an editor's form controls, in order. */
const labelsIn = (form: Locator) =>
  form.evaluate((element) =>
    Array.from(element.querySelectorAll('label'))
      .filter((label) => label.offsetParent !== null)
      .map((label) => label.textContent!.trim()),
  );

for (const width of widths) {
  test(`at ${width} px /profile and the member page edit the same fields, cover image included, the email locked on both`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, eliteMember);

    await page.goto(paths.profile.href());
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const own = page.getByRole('form', { name: 'Edit profile' });
    await expect(own).toBeVisible();
    await expect(page.getByText('Cover image', { exact: true })).toBeVisible();
    await expect(own.getByLabel('Sign-in email')).toHaveAttribute('readonly', '');
    const onProfile = await labelsIn(own);
    await shot(page, `profile-editor-${width}`);

    await page.goto(paths.profile.href());
    const { contactId } = (await page.evaluate(async () => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const res = await fetch('/api/auth/profile', {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    })) as { contactId: string };
    await page.goto(paths.member.href(contactId));
    const edit = page.getByRole('button', { name: 'Edit Profile' });
    await hydrated(edit);
    await edit.click();
    const onPage = page.getByRole('form', { name: 'Edit member profile' });
    await expect(onPage).toBeVisible();
    await expect(page.getByText('Cover image', { exact: true })).toBeVisible();
    await expect(onPage.getByLabel('Sign-in email')).toHaveAttribute('readonly', '');
    // The same fields with the same rules (the member page keeps the opening hours' own editor).
    expect(await labelsIn(onPage)).toEqual(onProfile);
    await shot(page, `member-editor-${width}`);
  });
}

for (const width of widths) {
  test(`at ${width} px a bio has a counter and a limit the form and the API name, and a long one opens with Read more`, async ({
    page,
    putBack,
  }) => {
    test.slow();
    putBack(putBackMember(accounts.member.email));
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, accounts.member);
    await page.goto(paths.profile.href());
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const bio = page.getByLabel('Bio/About');
    const counter = page.locator('[data-character-count]');
    await bio.fill('Sourdough. '.repeat(191)); // 2,101 characters, 2,100 once trimmed
    await expect(counter).toContainText('2,101 / 2,000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Bio is at most 2,000 characters')).toBeVisible();
    await bio.scrollIntoViewIfNeeded();
    await shot(page, `bio-over-limit-${width}`);

    // The API says the same to a client without the form.
    const token = await page.evaluate(
      () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
    );
    const refused = await page.request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${token}` },
      data: { firstName: 'Maria', lastName: 'Delgado', bio: 'x'.repeat(2001) },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'bio: Bio is at most 2,000 characters',
    );

    const long = `Baked before dawn. ${'Kolaches, sourdough and custom cakes for every table. '.repeat(30)}The end of our story.`;
    await bio.fill(long);
    await expect(counter).toContainText(`${long.length.toLocaleString('en-US')} / 2,000`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    // Shown, it opens at its first lines; 'Read more' shows the rest.
    const about = page
      .getByRole('main')
      .getByRole('heading', { name: 'About', exact: true })
      .locator('..');
    const more = about.getByRole('button', { name: 'Read more' });
    await expect(more).toBeVisible();
    const text = about.locator('p').first();
    const clipped = () => text.evaluate((p) => p.scrollHeight > p.clientHeight + 1);
    expect(await clipped()).toBe(true);
    const closed = (await about.boundingBox())!.height;
    expect(closed).toBeLessThan(400);
    await shot(page, `bio-read-more-${width}`);
    await more.click();
    await expect(about.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect((await about.boundingBox())!.height).toBeGreaterThan(closed);
    expect(await clipped()).toBe(false);
  });
}

test("the directory's A-Z sorts a name that starts with an emoji by its first letter, at 360 and 1280 px", async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  test.slow();
  const word = `Quokka${Date.now().toString(36)}`;
  const names: [string, string][] = [
    ['priya@jordanrivercpa.example', `🌮 Taco ${word}`],
    [eliteMember.email, `Birch ${word}`],
    [accounts.member.email, `Willow ${word}`],
  ];
  const staff = await adminApi(request, baseURL!);
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL!)}` };
  for (const [email, businessName] of names) {
    putBack(putBackMember(email));
    const { contactId } = await staff.find(email);
    const res = await request.put(`/api/members/${contactId!}`, {
      headers,
      data: { businessName },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.members.href());
    const search = page.getByLabel('Search members');
    await hydrated(search);
    await search.fill(word);
    const cards = page.getByRole('list', { name: 'Members' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      `Birch ${word}`,
      `🌮 Taco ${word}`,
      `Willow ${word}`,
    ]);
    await shot(page, `directory-emoji-${width}`);
  }
});

/** A one-off event in an hour and a half, the soonest upcoming, without a cover. */
async function eventWithoutCover(request: APIRequestContext, baseURL: string, title: string) {
  const start = new Date(Date.now() + 90 * 60_000);
  const res = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${await apiToken(request, baseURL)}` },
    data: {
      title,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
      location: 'Riverton City Hall, Riverton, UT',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('an event without a cover shows the designed artwork with its initials; the demo events have covers, at 360 and 1280 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Riverton Quilting Circle ${Date.now().toString(36)}`;
  const { id } = await eventWithoutCover(request, baseURL!, title);
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(paths.calendar.href());
      const card = page.getByRole('link').filter({ hasText: title });
      await expect(card).toBeVisible();
      const artwork = card.locator('[data-cover="default"]');
      await expect(artwork).toHaveText('RQ');
      await card.scrollIntoViewIfNeeded();
      await shot(page, `event-card-fallback-${width}`);

      // The demo's events come with covers of their own: an image, not the artwork. The weekly
      // breakfast can sit past the first five when other tests' events come sooner: show more.
      const seeded = page.getByRole('link').filter({ hasText: 'Networking Breakfast' }).first();
      const more = page.getByRole('button', { name: 'Show more events' });
      for (let shown = 0; !(await seeded.isVisible()) && shown < 10; shown += 1) {
        await more.click();
      }
      await expect(seeded.locator('img')).toHaveAttribute('src', /^\/api\/media\/\w+\.jpg$/);
      await seeded.scrollIntoViewIfNeeded();
      await expect
        .poll(() => seeded.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await shot(page, `event-card-covers-${width}`);
    }
  } finally {
    await request.delete(`/api/calendars/appointments/${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${await apiToken(request, baseURL!)}` },
    });
  }
});

const joinedHere: string[] = [];
test.afterAll(async ({ request, baseURL }) => {
  await retireMembers(request, baseURL!, joinedHere.splice(0));
});

for (const width of widths) {
  test(`at ${width} px an open invoice says whom to pay, where to mail a check and how`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const joined = await joinThroughApi(request, baseURL!, {
      businessName: `Heron Pottery ${width}-${Date.now().toString(36)}`,
    });
    joinedHere.push(joined.email);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, { email: joined.email, password: joinedPassword });
    await page.goto(paths.membership.href());
    const howToPay = page.getByRole('region', {
      name: `How to pay invoice ${joined.invoice.number}`,
    });
    await expect(howToPay).toContainText('Riverton Area Chamber of Commerce');
    await expect(howToPay).toContainText('12830 S Redwood Rd');
    await expect(howToPay).toContainText('Riverton, UT 84065');
    await expect(howToPay).toContainText('Write the invoice number on your check.');
    await howToPay.scrollIntoViewIfNeeded();
    await shot(page, `how-to-pay-${width}`);
    await context.close();
  });
}
