import {
  accounts,
  expect,
  expectNoAxeViolations,
  paths,
  signInThroughForm,
  test,
} from './fixtures';
import { putBackEnhancedPlan, seededEnhancedPlan } from './seeded';

test('an admin changes the Enhanced price, and the home page and /enhanced-membership show it', async ({
  page,
  request,
  putBack,
}) => {
  // pay-online and the public pages expect the seeded $550: the plan is put back, pass or fail.
  putBack(putBackEnhancedPlan);
  // What is put back is what the seed made.
  const { plans } = (await (await request.get('/api/membership-plans')).json()) as {
    plans: { level: string }[];
  };
  expect(plans.find((p) => p.level === 'enhanced')).toMatchObject(seededEnhancedPlan);
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
