import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, expect, ownNetwork, paths, signInThroughForm } from './fixtures';

/** The password of the members joinThroughApi signs up. */
export const joinedPassword = 'a dues test password';

export interface Joined {
  email: string;
  businessName: string;
  invoice: { id: string; number: string; totalCents: number };
}

/**
 * A new member business that signed up and chose a plan, as the join form does it: a pending
 * login and membership with the open join invoice (POST /api/auth/register, then
 * POST /api/membership/join as that member).
 */
export async function joinThroughApi(
  request: APIRequestContext,
  baseURL: string,
  { businessName, level = 'enhanced' }: { businessName: string; level?: string },
): Promise<Joined> {
  const email = `dues-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const password = joinedPassword;
  const registered = await request.post('/api/auth/register', {
    headers: ownNetwork(),
    data: {
      firstName: 'Dana',
      lastName: 'Dues',
      businessName,
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const plansAnswer = await request.get('/api/membership-plans');
  const { plans } = (await plansAnswer.json()) as { plans: { id: string; level: string }[] };
  const plan = plans.find((p) => p.level === level)!;
  const token = await apiToken(request, baseURL, { email, password });
  const joined = await request.post('/api/membership/join', {
    headers: { Authorization: `Bearer ${token}` },
    data: { planId: plan.id },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const { invoice } = (await joined.json()) as { invoice: Joined['invoice'] };
  return { email, businessName, invoice };
}

/**
 * Suspends the test's member logins, which takes their listings out of the directory: the
 * browser tests share one seeded database, and the directory's tests count its members.
 */
export async function retireMembers(
  request: APIRequestContext,
  baseURL: string,
  emails: readonly string[],
): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  for (const email of emails) {
    const found = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers,
    });
    const { users } = (await found.json()) as { users: { id: string; email: string }[] };
    const user = users.find((u) => u.email === email);
    expect(user, email).toBeDefined();
    const suspended = await request.patch(`/api/admin/users/${user!.id}/status`, {
      headers,
      data: { status: 'suspended', reason: 'Browser test member' },
    });
    expect(suspended.ok(), await suspended.text()).toBe(true);
  }
}

/** Admin → Memberships, one list, searched for `search`; the signed-in user must be an admin. */
export async function openMembershipList(page: Page, list: string, search: string) {
  await page.goto(`${paths.admin.href()}?tab=memberships`);
  await page.getByLabel('List', { exact: true }).selectOption({ label: list });
  // The search is sent after a pause; until its answer the previous list stays, dimmed. Wait
  // for that answer and for the list to be drawn at full strength, so what follows (an axe
  // scan above all) meets the searched list and not the faded one before it.
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/api/admin/memberships?') &&
      new URL(r.url()).searchParams.get('search') === search,
  );
  await page.getByLabel('Search memberships').fill(search);
  await searched;
  const results = page.getByRole('tabpanel').locator('[aria-busy]').first();
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => results.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** Opens the membership's dialog from the list shown: the business's Manage button. */
export async function openMembership(page: Page, businessName: string): Promise<Locator> {
  await page.getByRole('button', { name: `Manage ${businessName}` }).click();
  const dialog = page.getByRole('dialog', { name: businessName });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Records a check for the member's open invoice in Admin → Memberships, as staff do when the
 * check arrives: the Pending list, the member, Record payment on the invoice, the check's
 * number. Answers the membership's dialog, still open, with the invoice paid.
 */
export async function recordCheckPayment(
  page: Page,
  {
    businessName,
    invoiceNumber,
    checkNumber,
    list = 'Pending',
  }: {
    businessName: string;
    invoiceNumber: string;
    checkNumber: string;
    /** The list the member is on: a join is Pending, a renewal of a current member All. */
    list?: string;
  },
): Promise<Locator> {
  await openMembershipList(page, list, businessName);
  const dialog = await openMembership(page, businessName);
  const invoice = dialog.getByRole('article', { name: `Invoice ${invoiceNumber}` });
  await expect(invoice.getByText('Open', { exact: true })).toBeVisible();
  await invoice.getByRole('button', { name: 'Record payment' }).click();

  const record = page.getByRole('dialog', {
    name: `Record a payment for invoice ${invoiceNumber}`,
  });
  await record.getByLabel('Check number').fill(checkNumber);
  await record.getByRole('button', { name: /^Record \$/ }).click();
  await expect(record).toBeHidden();
  await expect(page.getByText(`recorded for invoice ${invoiceNumber}`)).toBeVisible();
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await expect(invoice.getByText(`Check ${checkNumber}`, { exact: false })).toBeVisible();
  return dialog;
}

/**
 * The check arrives: staff record it in Admin → Memberships, in their own browser, signed in
 * as the seed's admin through the form (recordCheckPayment); their browser closes after.
 */
export async function recordCheckAsStaff(
  browser: Browser,
  check: Parameters<typeof recordCheckPayment>[1],
): Promise<void> {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(paths.login.href());
  await signInThroughForm(staff, accounts.admin);
  await expect(staff).toHaveURL(paths.home.href());
  await recordCheckPayment(staff, check);
  await staffContext.close();
}

/** /membership's 'Paid through' date. */
export const paidThrough = (page: Page) =>
  page
    .getByRole('term')
    .filter({ hasText: /^Paid through$/ })
    .locator('xpath=following-sibling::dd');

/**
 * On /membership, 'Renew now (…)', confirmed in its dialog (which shows the same total): the
 * renewal invoice is issued and shown in 'Invoices to pay', the only invoice there to pay
 * online. Answers the price, that list item and its number.
 */
export async function renewNow(
  page: Page,
): Promise<{ price: string; toPay: Locator; invoiceNumber: string }> {
  const renew = page.getByRole('button', { name: /^Renew now \(\$[\d,]+\.\d{2}\)$/ });
  const price = (await renew.textContent())!.match(/\$[\d,]+\.\d{2}/)![0];
  await renew.click();
  const confirm = page.getByRole('dialog', { name: 'Renew your membership' });
  await confirm.getByRole('button', { name: `Confirm renewal — ${price}` }).click();
  await expect(confirm).toBeHidden();
  const toPay = page
    .getByRole('listitem')
    .filter({ hasText: /^Invoice \d{4}-\d{4}/ })
    .filter({ has: page.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2} online$/ }) });
  await expect(toPay).toHaveCount(1);
  const invoiceNumber = (await toPay.textContent())!.match(/Invoice (\d{4}-\d{4})/)![1]!;
  return { price, toPay, invoiceNumber };
}
