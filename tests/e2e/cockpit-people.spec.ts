import { readFile } from 'node:fs/promises';
import { adminApi } from './admin-api';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

// The audit log's filters and CSV, and the at-risk members, on a 360 px phone. The entries and
// scores themselves are checked against known rows by the API tests; other specs change the
// demo data, so this spec finds its own change by a phone number no other spec writes.

const member = { email: 'priya@jordanrivercpa.example', name: 'Priya Raman' };

test('staff filter the audit log down to one change, export it, and open the at-risk members', async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  test.setTimeout(240_000); // Eight axe checks.
  const api = await adminApi(request, baseURL!);
  const user = await api.find(member.email);
  const phone = `(801) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;
  putBack(async () => api.update(await api.find(member.email), { phone: user.phone }));
  await api.update(user, { phone });

  await followSystemTheme(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, accounts.admin);
  await page.goto(`${paths.admin.href()}?tab=audit`);

  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log).toBeVisible({ timeout: 30_000 });
  // Who, the kind of record and the days are controls; the search finds the change.
  await page.getByRole('combobox', { name: 'Who' }).selectOption({ label: 'Avery Lindqvist' });
  await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'User' });
  // Yesterday to tomorrow: today in the chamber's time zone, wherever the test runs.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(1));
  await page.getByLabel('Search the audit log').fill(member.name);

  const entry = log.locator(':scope > li').filter({ hasText: phone }).first();
  await expect(entry).toContainText(`Edited user: ${member.name}`);
  await expect(entry).toContainText('by Avery Lindqvist');
  // Only what changed: the phone, not the name or the email that stayed.
  await expect(entry).toContainText(`Phone:`);
  await expect(entry).not.toContainText('First name:');
  await expect(entry).not.toContainText('Email:');

  // A first day after the last is refused in words, and the list waits.
  await page.getByLabel('From', { exact: true }).fill('2099-01-02');
  await page.getByLabel('To', { exact: true }).fill('2099-01-01');
  await expect(page.getByRole('alert')).toHaveText('The first day must not be after the last day.');
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(1));

  // The record's own history, then the CSV of what the filters match.
  await entry.getByRole('button', { name: 'History of this record' }).click();
  await expect(page.getByText(`Only ${member.name}`)).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export audit log (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('audit-log.csv');
  const text = await readFile((await csv.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toBe('When,Who,Who (email),Action,Record type,Record,Record id,Changes,Reason');
  expect(lines.slice(1).every((line) => line.includes(',Avery Lindqvist,'))).toBe(true);
  expect(text).toContain(`phone: `);
  expect(text).toContain(phone);

  // From the top, so the page's sticky header covers none of the filters in the pictures.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkLooks(page, 'audit-log', { docs: true });

  // The cockpit links to the at-risk members: due within 60 days, the lowest score first.
  await page.goto(paths.admin.href());
  await page.getByRole('link', { name: /At-risk members: memberships due within 60 days/ }).click();
  await expect(page).toHaveURL(/tab=at-risk/);
  await expect(page.getByRole('heading', { name: 'At-risk members' })).toBeVisible();
  const atRisk = page.getByRole('list', { name: 'At-risk members' });
  await expect(atRisk.or(page.getByText('No membership due soon has a low score.'))).toBeVisible();
  if (await atRisk.isVisible()) {
    const scores = await atRisk
      .locator(':scope > li')
      .evaluateAll((items) =>
        items.map((li) => Number(li.querySelector('.tabular-nums')?.textContent ?? 'NaN')),
      );
    expect(scores.every((s) => s < 40)).toBe(true);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  }
  await checkLooks(page, 'at-risk-members', { docs: true });
});
