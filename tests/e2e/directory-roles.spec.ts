import type { Page } from '@playwright/test';
import { adminApi } from './admin-api';
import { accounts, expect, hydrated, paths, signInThroughForm, test } from './fixtures';
import { putBackMember } from './seeded';

const roleOptions = (page: Page) => page.getByLabel('Role').getByRole('option');

async function chooseRole(page: Page, role: string) {
  // Server-rendered: the choice is read once the page has hydrated.
  const select = page.getByLabel('Role');
  await hydrated(select);
  await select.selectOption({ label: role });
}

async function openDirectoryAsAdmin(page: Page) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.members.href());
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('article')).toHaveCount(20);
}

test('the directory’s role filter offers admins only the roles that have a listed member', async ({
  page,
}) => {
  await openDirectoryAsAdmin(page);
  // The seeded admin and moderator have no directory listing: nothing could match them.
  await expect(roleOptions(page)).toHaveText(['All roles', 'Member']);
  await chooseRole(page, 'Member');
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('article')).toHaveCount(20);
  await expect(page.getByText('No members found')).toHaveCount(0);
});

test('a staff login linked to a listing is listed under its role, and the filter offers it', async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  // Maria is the seed's member, whom other specs sign in as: she goes back as seeded.
  putBack(putBackMember(accounts.member.email));
  const staff = await adminApi(request, baseURL!);
  const maria = await staff.find(accounts.member.email);
  await staff.update(maria, { role: 'moderator' });
  await openDirectoryAsAdmin(page);
  await expect(roleOptions(page)).toHaveText(['All roles', 'Moderator', 'Member']);
  await chooseRole(page, 'Moderator');
  const cards = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(maria.businessName!);
});
