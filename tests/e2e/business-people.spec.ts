import type { Locator, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import {
  checkLooks,
  closeToasts,
  expect,
  expectNoAxeViolations,
  followSystemTheme,
  paths,
  signIn,
  test,
} from './fixtures';
import { joinedPassword, joinThroughApi, retireMembers } from './membership-helpers';
import { fromOutbox } from './outbox';

// A member is a business with its people (docs/decisions/0123-businesses-and-their-people.md):
// the owner invites a colleague from the People panel of their profile, the colleague joins
// from the mail's link with a sign-in of their own, and a person of two businesses chooses the
// one they act for in the account menu. Each test makes its own businesses and retires them.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const colleaguePassword = 'a colleague test password';
/** The message of a link that was used, withdrawn or has expired (the contract's). */
const invitationGone =
  'This invitation is no longer valid: it was used, withdrawn or has expired. Ask the business to send a new one.';

/** The path of the invitation link mailed to `to` after `since`. */
function invitationLink(since: number, to: string) {
  return fromOutbox(since, `the invitation mail to ${to}`, (mail) => {
    if (!mail.includes(to)) return undefined;
    const found = /https?:\/\/[^\s"'<>]+(\/invitations\/[A-Za-z0-9_%.~-]+)/.exec(mail);
    return found?.[1];
  });
}

/**
 * An open dropdown menu scanned by axe on its own: the modal menu hides the page behind it from
 * assistive technology, which axe would report as the page's own faults.
 */
async function expectMenuAxeClean(page: Page, where: string) {
  await expectNoAxeViolations(page, { include: '[role="menu"]', disable: ['region'], where });
}

/** The account menu: the dropdown on wide screens, the side menu on a phone. */
async function openAccountMenu(page: Page, width: number): Promise<Locator> {
  if (width >= 768) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    return page.getByRole('menu');
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

for (const width of [1280, 360]) {
  test(`the owner invites a colleague, who joins from the mail (${width} px)`, async ({
    page,
    browser,
    request,
    baseURL,
    putBack,
  }) => {
    test.slow(); // Two businesses' pages, and at 1280 px axe scans of three screens.
    const owner = await joinThroughApi(request, baseURL!, {
      businessName: `People Bakery ${unique()}`,
    });
    putBack(({ request, baseURL }) => retireMembers(request, baseURL, [owner.email]));
    const colleague = `colleague-${unique()}@example.org`;

    await page.setViewportSize({ width, height: 900 });
    await followSystemTheme(page);
    await signIn(page, { email: owner.email, password: joinedPassword });
    await page.goto(paths.profile.href());
    const panel = page.getByRole('region', { name: 'People' });
    const people = panel.getByRole('list', { name: `People of ${owner.businessName}` });
    await expect(people.getByRole('listitem', { name: /^Dana Dues/ })).toBeVisible();

    const form = panel.getByRole('form', { name: 'Invite a colleague' });
    await form.getByLabel('Email').fill(colleague);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Listing editor' }).click();
    const since = Date.now();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText(`Invitation sent to ${colleague}.`)).toBeVisible();
    const pending = panel.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByText(colleague, { exact: true })).toBeVisible();
    if (width === 1280) await checkLooks(page, 'people-panel');

    // The colleague opens the mail's link in a browser of their own and makes a sign-in.
    const link = await invitationLink(since, colleague);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const other = await context.newPage();
    await followSystemTheme(other);
    await other.goto(link);
    await expect(other.getByRole('heading', { name: `Join ${owner.businessName}` })).toBeVisible();
    await expect(other.getByText('Listing editor')).toBeVisible();
    const signUp = other.getByRole('form', { name: 'Create your sign-in' });
    if (width === 1280) await checkLooks(other, 'invitation-page');
    await signUp.getByLabel('First name').fill('Casey');
    await signUp.getByLabel('Last name').fill('Colleague');
    await signUp.getByLabel('Password', { exact: true }).fill(colleaguePassword);
    await signUp.getByLabel('Confirm password').fill(colleaguePassword);
    await signUp.getByRole('button', { name: 'Create sign-in and join' }).click();

    // Signed in, on the hub, acting for the business: the account menu says so.
    await expect(other).toHaveURL(paths.account.href());
    const menu = await openAccountMenu(other, width);
    await expect(menu.getByText(owner.businessName)).toBeVisible();
    await expect(menu.getByText(colleague)).toBeVisible();
    await other.screenshot({ path: test.info().outputPath(`colleague-menu-${width}.png`) });
    await other.keyboard.press('Escape');

    // The link worked once: opened again, it says so as a page.
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Invitation no longer valid' })).toBeVisible();
    await expect(other.getByText(invitationGone)).toBeVisible();
    if (width === 1280) await checkLooks(other, 'invitation-gone');
    await context.close();

    // The owner sees the colleague among the business's people, the invitation gone.
    await page.reload();
    const casey = people.getByRole('listitem', { name: /^Casey Colleague/ });
    await expect(casey).toBeVisible();
    await expect(casey.getByText('Signs in')).toBeVisible();
    await expect(casey.getByRole('combobox', { name: 'Role of Casey Colleague' })).toHaveText(
      'Listing editor',
    );
    await expect(panel.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  });
}

test('a person of two businesses joins the second signed in and chooses which one they act for', async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  test.slow(); // Axe scans of the open menu at both widths and in both themes.
  const first = await joinThroughApi(request, baseURL!, {
    businessName: `First Shop ${unique()}`,
  });
  const second = await joinThroughApi(request, baseURL!, {
    businessName: `Second Shop ${unique()}`,
  });
  putBack(({ request, baseURL }) => retireMembers(request, baseURL, [first.email, second.email]));

  // The second business invites the first one's owner.
  const headers = {
    Authorization: `Bearer ${await apiToken(request, baseURL!, { email: second.email, password: joinedPassword })}`,
  };
  const profile = (await (await request.get('/api/auth/profile', { headers })).json()) as {
    contactId: string;
  };
  const since = Date.now();
  const invited = await request.post(`/api/members/${profile.contactId}/invitations`, {
    headers,
    data: { email: first.email, role: 'employee' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLink(since, first.email);

  await followSystemTheme(page);
  await signIn(page, { email: first.email, password: joinedPassword });
  await page.goto(link);
  await page.getByRole('button', { name: `Join ${second.businessName}` }).click();
  await expect(page).toHaveURL(paths.account.href());

  // Acting for the business just joined; the menu offers both, at both widths and in both
  // themes (the dropdown on a wide screen, the side menu on a phone).
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme);
      const menu = await openAccountMenu(page, width);
      if (width === 1280) {
        const choice = menu.getByRole('group', { name: 'Acting for' });
        await expect(choice.getByRole('menuitemradio')).toHaveCount(2);
        await expect(
          choice.getByRole('menuitemradio', { name: new RegExp(second.businessName) }),
        ).toHaveAttribute('aria-checked', 'true');
      } else {
        const choice = menu.getByRole('region', { name: 'Acting for' });
        await expect(choice.getByRole('button')).toHaveCount(2);
        await expect(
          choice.getByRole('button', { name: new RegExp(second.businessName) }),
        ).toHaveAttribute('aria-pressed', 'true');
      }
      if (width === 1280) {
        await expectMenuAxeClean(page, `the account menu, ${scheme}`);
      } else {
        await expectNoAxeViolations(page, { where: `the side menu, ${scheme}` });
      }
      await page.screenshot({
        path: test.info().outputPath(`acting-for-menu-${width}-${scheme}.png`),
      });
      await page.keyboard.press('Escape');
      // The page under the menu, the menu closed (an open dropdown hides the page from axe),
      // once the joining's toast has gone: one fading out has its text at part opacity.
      if (width === 1280) {
        await closeToasts(page);
        await expectNoAxeViolations(page, { where: `the hub, ${scheme}` });
      }
    }
  }

  // Choosing the other one in the side menu switches the whole app.
  const menu360 = await openAccountMenu(page, 360);
  await menu360.getByRole('button', { name: new RegExp(first.businessName) }).click();
  await expect(page.getByText(`Acting for ${first.businessName}`)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  const menu = await openAccountMenu(page, 1280);
  await expect(
    menu.getByRole('menuitemradio', { name: new RegExp(first.businessName) }),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await page.goto(paths.profile.href());
  await expect(page.getByRole('list', { name: `People of ${first.businessName}` })).toBeVisible();
});
