import type { Page } from '@playwright/test';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

// Staff create a sponsorship drive, add two volunteers (a member's person and a staff login)
// and a prospect for each, record a pledge and turn it into an invoice; the member volunteer
// then sees only their own prospects on their board.

/** Chooses the option of a select whose text contains `text` (names come from the seed). */
async function chooseContaining(page: Page, label: string, text: string) {
  const select = page.getByLabel(label, { exact: true });
  // The options arrive with their own request after the page has drawn: wait for them.
  const valueOf = () =>
    select.evaluate(
      (el, wanted) =>
        Array.from(el.querySelectorAll('option')).find((o) => o.text.includes(wanted))?.value ?? '',
      text,
    );
  await expect.poll(valueOf, { message: `an option with ${text}` }).not.toBe('');
  await select.selectOption(await valueOf());
}

test('staff run a drive at 1280 px, a pledge becomes an invoice, and a volunteer sees only their own at 360 px', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const driveName = `Spring Drive ${stamp}`;
  const mine = `Juniper Print ${stamp}`;
  const theirs = `Aspen Cafe ${stamp}`;

  await followSystemTheme(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, accounts.moderator);
  await page.goto(paths.sponsorshipDrives.href());
  await page.getByLabel('Name').fill(driveName);
  await page.getByLabel('Goal (USD)').fill('20000');
  await page.getByLabel('First day').fill('2026-03-01');
  await page.getByLabel('Last day').fill('2026-12-31');
  await page.getByRole('button', { name: 'Create drive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: driveName })).toBeVisible();

  const who = 'Person of a member business, or staff';
  await chooseContaining(page, who, 'Sweetwater');
  await page.getByRole('button', { name: 'Add volunteer' }).click();
  await expect(page.getByText('Volunteer added.')).toBeVisible();
  await chooseContaining(page, who, 'Dana Okafor');
  await page.getByRole('button', { name: 'Add volunteer' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '· staff' })).toBeVisible();

  const form = page.getByRole('region', { name: 'Add a prospect' });
  const addProspect = async (volunteer: string, business: string) => {
    await chooseContaining(page, 'Volunteer', volunteer);
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('Contact person').fill('Robin Vale');
    await form
      .getByLabel('Email', { exact: true })
      .fill(`robin.${business.split(' ')[0]!.toLowerCase()}${stamp}@example.org`);
    await form.getByRole('button', { name: 'Add prospect' }).click();
    await expect(page.getByText(`${business} added as contacted.`)).toBeVisible();
  };
  await addProspect('Maria', mine);
  await addProspect('Dana Okafor', theirs);

  const contacted = page.getByRole('group', { name: /^Contacted/ });
  await expect(contacted.getByRole('heading', { name: mine })).toBeVisible();
  // Keyboard: the pledge form opens from its button and is filled and sent with Enter.
  await page.getByRole('button', { name: `Record pledge of ${mine}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Pledge amount (USD)').fill('1500');
  await page.getByLabel('What for').fill('Gold sponsor');
  await page.keyboard.press('Enter');
  const pledged = page.getByRole('group', { name: /^Pledged/ });
  await expect(pledged.getByRole('heading', { name: mine })).toBeVisible();
  await expect(page.getByText('$1,500.00 pledged ·').first()).toBeVisible();

  await pledged.getByRole('button', { name: `Send invoice to ${mine}` }).click();
  const invoiced = page.getByRole('group', { name: /^Invoiced/ });
  await expect(invoiced.getByRole('heading', { name: mine })).toBeVisible();
  await expect(invoiced.getByText(/^Invoice \d{4}-\d+ · open$/)).toBeVisible();
  await checkLooks(page, 'sponsorship-drive', { docs: true });

  // The member volunteer, on a phone: their board shows their prospect, not the other's.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await context.newPage();
  await followSystemTheme(phone);
  await signIn(phone, accounts.member);
  await phone.goto(paths.account.href());
  await phone.getByRole('link', { name: 'My prospects' }).click();
  await expect(phone.getByRole('heading', { level: 2, name: driveName })).toBeVisible();
  await expect(phone.getByRole('heading', { name: mine })).toBeVisible();
  await expect(phone.getByText(theirs)).toHaveCount(0);
  await expect(phone.getByRole('button', { name: /^Send invoice/ })).toHaveCount(0);
  await checkLooks(phone, 'sponsorship-drive-volunteer');
  await context.close();
});
