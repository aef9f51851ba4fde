import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { eliteMember } from './elite-member';
import {
  accounts,
  embeddedMap,
  expect,
  expectNoAxeViolations,
  paths,
  signInThroughForm,
  test,
} from './fixtures';
import { putBackMember } from './seeded';

const LOGO = path.join(import.meta.dirname, 'files', 'sweetwater-logo.png');

/** A seeded member's id, found the way the directory finds it. */
async function memberId(request: APIRequestContext, business: string): Promise<string> {
  const res = await request.get(`/api/members?search=${encodeURIComponent(business)}`);
  const { members } = (await res.json()) as { members: { id: string; businessName: string }[] };
  const member = members.find((m) => m.businessName === business);
  if (!member) throw new Error(`${business} is not in the seeded directory`);
  return member.id;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(paths.home.href());
}

test.describe('each tier shows what it unlocks and nothing more', () => {
  test('basic (standard): contact basics only', async ({ page, request }) => {
    await page.goto(paths.member.href(await memberId(request, 'Jordan River CPA Group')));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Jordan River CPA Group' }),
    ).toBeVisible();
    await expect(page.getByText('Tax and bookkeeping for small businesses')).toBeVisible();
    await expect(page.getByRole('link', { name: '(801) 555-0166' })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'About', exact: true }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Special Offers' }),
    ).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Website', { exact: true })).toHaveCount(0);
    await expect(page.locator('iframe[title^="Map of"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View on Maps' })).toHaveCount(0);
    await expect(page.getByText('Basic', { exact: true }).first()).toBeVisible();
    // No email for anonymous visitors, and no Edit button.
    await expect(page.getByText('@jordanrivercpa.example')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await expectNoAxeViolations(page, { exclude: [embeddedMap] });
  });

  test('enhanced: bio, website, address and map, but no offers', async ({ page, request }) => {
    await page.goto(paths.member.href(await memberId(request, 'Herrera Landscaping')));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Herrera Landscaping' }),
    ).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'About', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('drought-tolerant landscapes')).toBeVisible();
    await expect(page.getByRole('link', { name: /herreralandscaping\.example/ })).toBeVisible();
    await expect(page.locator('iframe[title^="Map of"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'View on Maps' })).toBeVisible();
    await expect(page.getByText('1720 W 13400 S')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Special Offers' }),
    ).toHaveCount(0);
  });

  test('elite: everything, with coupon codes', async ({ page, request }) => {
    // Only in the top document: the map iframe's error page may not use storage.
    await page.addInitScript(() => {
      if (window === window.top) localStorage.setItem('vite-ui-theme', 'dark');
    });
    await page.goto(paths.member.href(await memberId(request, 'Mountain View Family Dental')));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mountain View Family Dental' }),
    ).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Special Offers' }),
    ).toBeVisible();
    await expect(page.getByText('NEWSMILE')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'About', exact: true }),
    ).toBeVisible();
    await expect(page.locator('iframe[title^="Map of"]')).toHaveCount(1);
    await expectNoAxeViolations(page, { exclude: [embeddedMap] });
  });
});

test('an unknown member shows Member not found with a way back', async ({ page }) => {
  await page.goto(paths.member.href('0b7f2c1e-9a51-4c57-8d51-2f8b6f9f0c11'));
  await expect(page.getByText('Member not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Members' }).click();
  await expect(page).toHaveURL(paths.members.href());
});

test('members edit only their own page; moderators any', async ({ page, request, putBack }) => {
  // Maria's bio and Redwood's coupon codes change: both listings go back as seeded.
  putBack(putBackMember(accounts.member.email));
  putBack(putBackMember(eliteMember.email));
  const redwood = await memberId(request, 'Redwood Hardware & Supply');
  const sweetwater = await memberId(request, 'Sweetwater Bakery');

  await signIn(page, accounts.member);
  await page.goto(paths.member.href(redwood));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Redwood Hardware & Supply' }),
  ).toBeVisible();
  // Signed in, the email shows; the page is not Maria's to edit.
  // (The listing's email, and again under People: Tom is shown on the listing.)
  await expect(page.getByText('tom@redwoodhardware.example').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);

  await page.goto(paths.member.href(sweetwater));
  await expect(page.getByText('Your Profile')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Sign-in email')).toHaveAttribute('readonly', '');
  // An enhanced member gets the bio and address fields but not coupons or a cover image.
  await expect(page.getByLabel('Bio/About')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Coupon Codes' })).toHaveCount(0);
  await page
    .getByLabel('Bio/About')
    .fill('Sourdough, kolaches and custom cakes, baked before dawn.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(
    page.getByText('Sourdough, kolaches and custom cakes, baked before dawn.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signIn(page, accounts.moderator);
  await page.goto(paths.member.href(redwood));
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const coupons = page.getByRole('textbox', { name: 'Coupon Codes' });
  await coupons.fill('FALLFEST');
  await coupons.press('Enter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('FALLFEST')).toBeVisible();
});

test('a member edits their profile and photo, and the directory shows the change', async ({
  page,
  putBack,
}) => {
  // Maria's tagline and photo change: her listing goes back as seeded.
  putBack(putBackMember(accounts.member.email));
  await signIn(page, accounts.member);
  await page.goto(paths.profile.href());
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  // A file that is not an image is refused before anything is sent.
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
  await expect(page.getByText('Please select a valid image file (JPEG, PNG)')).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/medias/upload-avatar'));
  await page.locator('input[type="file"]').first().setInputFiles(LOGO);
  expect((await uploaded).status()).toBe(201);

  await page.getByLabel('Tagline').fill('Fresh bread every morning on Redwood Road');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('Fresh bread every morning on Redwood Road')).toBeVisible();

  await page.goto(paths.members.href());
  await page.getByLabel('Search members').fill('Sweetwater');
  const card = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Fresh bread every morning on Redwood Road')).toBeVisible();
  const photo = card.getByRole('img', { name: 'Photo of Maria Delgado' });
  await expect(photo).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{64}\.png$/);
  // The image really loads.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(400);
});
