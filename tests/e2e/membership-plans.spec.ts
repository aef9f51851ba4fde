import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, expect, paths, signInThroughForm, test } from './fixtures';

interface Plan {
  id: string;
  level: string;
  name: string;
  description: string;
  priceCents: number;
  benefits: string[];
  highlights: string[];
  available: boolean;
  featured: boolean;
}

async function plans(request: APIRequestContext): Promise<Plan[]> {
  const res = await request.get('/api/membership-plans');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { plans: Plan[] }).plans;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
  ).toEqual([]);
}

// The e2e database is shared by every spec: the Enhanced plan is put back as seeded.
let seeded: Plan | undefined;
test.beforeEach(async ({ request }) => {
  seeded = (await plans(request)).find((p) => p.level === 'enhanced');
});
test.afterEach(async ({ request, baseURL }) => {
  const { id, level: _level, ...body } = seeded!;
  const { currency: _c, slug: _s, ...fields } = body as Plan & { currency: string; slug: string };
  const token = await apiToken(request, baseURL!);
  const res = await request.put(`/api/admin/membership-plans/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: fields,
  });
  expect(res.ok(), await res.text()).toBe(true);
});

test('an admin changes the Enhanced price, and the home page and /enhanced-membership show it', async ({
  page,
}) => {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.home.href());

  await page.goto(`${paths.admin.href()}?tab=plans`);
  const enhanced = page.getByRole('form', { name: 'Enhanced plan' });
  const price = enhanced.getByLabel('Yearly price (USD)*');
  await expect(price).toHaveValue('550.00');
  await expectNoAxeViolations(page);
  await price.fill('615');
  await enhanced.getByRole('button', { name: 'Save Enhanced' }).click();
  await expect(page.getByText('Enhanced saved: $615 a year')).toBeVisible();

  // The home page: the benefits table's header, the price card and the carousel's slide.
  await page.goto(paths.home.href());
  const cards = page.getByRole('list').filter({ hasText: 'Become an Enhanced member' });
  await expect(cards.getByText('$615')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Enhanced/ })).toContainText('$615/yr');
  await expect(page.getByText('$550')).toHaveCount(0);

  await page.goto(paths.enhancedMembership.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Enhanced Membership' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$615 / year');
  await page.goto(paths.basicMembership.href());
  await expect(page.getByRole('link', { name: 'Enhanced ($615)' })).toBeVisible();

  // The audit log names the change in words.
  await page.goto(`${paths.admin.href()}?tab=audit`);
  const entry = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li').first();
  await expect(entry).toContainText('Edited membership plan: Enhanced');
  await expect(entry).toContainText('Yearly price: $550.00 changed to $615.00');
});
