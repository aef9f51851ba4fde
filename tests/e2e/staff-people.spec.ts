import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import {
  accounts,
  closeToasts,
  expect,
  expectNoAxeViolations,
  followSystemTheme,
  paths,
  signIn,
  test,
} from './fixtures';
import {
  joinedPassword,
  joinThroughApi,
  openMembership,
  openMembershipList,
  retireMembers,
} from './membership-helpers';

// Staff run a business's people without invitations (docs/staff/accounts.md):
// on /members/{id}/people they add a person (a new one without a sign-in, and are told when
// someone is already there), move a person to another business found by searching the
// members, and on the membership's page choose who receives invoices and dues notices.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
/** The contract's refusal of someone already of the business. */
const alreadyAdded =
  'This person is already part of the business. Change their role on its people page instead.';

async function contactIdOf(request: APIRequestContext, baseURL: string, email: string) {
  const headers = {
    Authorization: `Bearer ${await apiToken(request, baseURL, { email, password: joinedPassword })}`,
  };
  const profile = await request.get('/api/auth/profile', { headers });
  return ((await profile.json()) as { contactId: string }).contactId;
}

for (const width of [1280, 360]) {
  test(`staff add a person, move one and choose who receives invoices (${width} px)`, async ({
    page,
    request,
    baseURL,
    putBack,
  }) => {
    test.slow(); // Two businesses, three dialogs and axe scans in both themes.
    const tag = unique();
    const home = await joinThroughApi(request, baseURL!, { businessName: `Staffed Shop ${tag}` });
    const other = await joinThroughApi(request, baseURL!, { businessName: `Other Shop ${tag}` });
    putBack(({ request, baseURL }) => retireMembers(request, baseURL, [home.email, other.email]));
    const homeId = await contactIdOf(request, baseURL!, home.email);
    const otherId = await contactIdOf(request, baseURL!, other.email);

    await page.setViewportSize({ width, height: 900 });
    await followSystemTheme(page);
    await signIn(page, accounts.admin);
    await page.goto(paths.memberPeople.href(homeId));
    const panel = page.getByRole('region', { name: 'People' });
    const people = panel.getByRole('list', { name: `People of ${home.businessName}` });
    await expect(people.getByRole('listitem', { name: /^Dana Dues/ })).toBeVisible();

    // Add a bookkeeper without a sign-in, then an employee who will move.
    async function addPerson(values: Record<string, string>, role: string) {
      await panel.getByRole('button', { name: 'Add person' }).click();
      const dialog = page.getByRole('dialog', { name: `Add a person to ${home.businessName}` });
      for (const [label, value] of Object.entries(values)) {
        await dialog.getByLabel(label, { exact: true }).fill(value);
      }
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: role, exact: true }).click();
      await dialog.getByRole('button', { name: 'Add person' }).click();
      return dialog;
    }
    const books = `books-${tag}@example.org`;
    await addPerson(
      { Email: books, 'First name': 'Bea', 'Last name': 'Books', Title: 'Bookkeeper' },
      'Billing',
    );
    await expect(page.getByText(`Added Bea Books to ${home.businessName}`)).toBeVisible();
    const bea = people.getByRole('listitem', { name: /^Bea Books/ });
    await expect(bea.getByText('No sign-in')).toBeVisible();
    await addPerson({ 'First name': 'Theo', 'Last name': 'Grant' }, 'Employee');
    await expect(people.getByRole('listitem', { name: /^Theo Grant/ })).toBeVisible();

    // The owner again: refused, with what to do, in the dialog.
    const again = await addPerson({ Email: home.email }, 'Employee');
    await expect(again.getByRole('alert')).toHaveText(alreadyAdded);
    await page.keyboard.press('Escape');
    await expect(again).toHaveCount(0);

    // The people page, light and dark, axe-clean once the toasts have gone.
    await closeToasts(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme);
      await expectNoAxeViolations(page, { where: `the people page, ${scheme}, ${width} px` });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Move Theo to the other business, found by searching the members.
    await people
      .getByRole('listitem', { name: /^Theo Grant/ })
      .getByRole('button', { name: 'Move Theo Grant to another business' })
      .click();
    const move = page.getByRole('dialog', { name: 'Move Theo Grant' });
    await move.getByLabel('Find the business').fill(`Other Shop ${tag}`);
    await move.getByRole('radio', { name: other.businessName }).check();
    await move.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Listing editor', exact: true }).click();
    if (width === 1280) await expectNoAxeViolations(page, { where: 'the move dialog' });
    await move.getByRole('button', { name: `Move to ${other.businessName}` }).click();
    await expect(page.getByText(`Moved Theo Grant to ${other.businessName}`)).toBeVisible();
    await expect(people.getByRole('listitem', { name: /^Theo Grant/ })).toHaveCount(0);
    await page.goto(paths.memberPeople.href(otherId));
    const theo = page.getByRole('listitem', { name: /^Theo Grant/ });
    await expect(theo.getByRole('combobox', { name: 'Role of Theo Grant' })).toHaveText(
      'Listing editor',
    );

    // Billing recipients: by the rule Bea (billing) gets invoices, Dana dues notices too;
    // staff choose Bea alone.
    await openMembershipList(page, 'All', home.businessName);
    const detail = await openMembership(page, home.businessName);
    const recipients = detail.getByRole('form', { name: 'Who receives invoices' });
    const dana = recipients.getByRole('checkbox', { name: new RegExp(`Dana Dues`) });
    const beaBox = recipients.getByRole('checkbox', { name: /Bea Books/ });
    await expect(beaBox).toBeChecked();
    await expect(dana).toBeChecked();
    await dana.uncheck();
    await recipients.getByRole('button', { name: 'Save recipients' }).click();
    await expect(page.getByText('Saved who receives invoices and dues notices')).toBeVisible();
    await expect(recipients.getByText(/^Chosen by staff/)).toBeVisible();
    await expect(dana).not.toBeChecked();
    await expect(beaBox).toBeChecked();
    await expect(
      recipients.getByText(`${books}: invoices and receipts, dues notices`),
    ).toBeVisible();
    if (width === 1280) await expectNoAxeViolations(page, { where: 'the membership page' });
  });
}
