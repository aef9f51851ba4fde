import type { Browser } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, checkLooks, expect, followSystemTheme, paths, signIn, test } from './fixtures';

async function signedIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test.beforeEach(async ({ page }) => {
  await followSystemTheme(page);
});

test('a member posts a job, an admin approves it, and a visitor finds it by search and opens Apply', async ({
  browser,
  page,
  putBack,
}) => {
  // Three people, and eight axe scans of two pages on a shared machine.
  test.setTimeout(240_000);
  const word = `croissanterie${Date.now()}`;
  const title = `Pastry apprentice (${word})`;
  // The board and the home page list the seed's jobs: a post left by a failed test goes.
  putBack(async ({ request, baseURL }) => {
    const headers = {
      Authorization: `Bearer ${await apiToken(request, baseURL, accounts.member)}`,
    };
    const mine = await request.get('/api/job-posts/mine', { headers });
    expect(mine.ok(), await mine.text()).toBe(true);
    const { jobPosts } = (await mine.json()) as { jobPosts: { id: string; title: string }[] };
    for (const post of jobPosts.filter((p) => p.title === title)) {
      const gone = await request.delete(`/api/job-posts/${post.id}`, { headers });
      expect(gone.ok(), await gone.text()).toBe(true);
    }
  });
  const applyUrl = 'https://sweetwaterbakery.example/apply';

  // The member writes the post from their job postings and sends it to staff.
  const member = await signedIn(browser, accounts.member);
  await member.goto(paths.profile.href());
  await member.getByRole('link', { name: 'Manage Job Postings' }).click();
  await expect(member).toHaveURL(paths.myJobPostings.href());
  await member.getByRole('button', { name: 'Post a Job' }).click();
  const form = member.getByRole('form', { name: 'New job posting' });
  await form.getByLabel('Job title').fill(title);
  await form
    .getByLabel('Description')
    .fill(`Learn laminated doughs with our team.\n\nOur kitchen: https://sweetwaterbakery.example`);
  await form.getByLabel('Employment type').click();
  await member.getByRole('option', { name: 'Part-time' }).click();
  await form.getByRole('radio', { name: /^On site/ }).check();
  await form.getByLabel('Lowest pay').fill('16');
  await form.getByLabel('Highest pay').fill('19.50');
  await form.getByLabel('Pay period').click();
  await member.getByRole('option', { name: 'Per hour' }).click();
  // The server's own sentence for an apply link that is not https.
  await form.getByLabel('How to apply').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(form.getByRole('alert')).toContainText('https:// link or an email address');
  await form.getByLabel('How to apply').fill(applyUrl);
  await form.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(form).toHaveCount(0);
  const mine = member
    .getByRole('list', { name: 'My job postings' })
    .getByRole('article')
    .filter({ hasText: title });
  await expect(mine.getByText('Waiting for approval')).toBeVisible();

  // Not on the board until staff approve it.
  await page.goto(`${paths.jobPostings.href()}?q=${word}`);
  await expect(page.getByText('No job postings match your search.')).toBeVisible();

  // The admin approves it from the dashboard's queue; a rejection needs a reason.
  const admin = await signedIn(browser, accounts.admin);
  await admin.goto(paths.admin.href());
  await admin.getByRole('tab', { name: 'Job Postings' }).click();
  await expect(
    admin.getByText(/^\d+ waiting for approval, \d+ with changes waiting$/),
  ).toBeVisible();
  const queued = admin
    .getByRole('list', { name: 'Job postings' })
    .getByRole('article')
    .filter({ hasText: title });
  await queued.getByRole('button', { name: 'Reject' }).click();
  await queued.getByRole('button', { name: 'Send Back' }).click();
  await expect(queued.getByRole('alert')).toHaveText('Say why, for the poster.');
  await queued.getByRole('button', { name: 'Cancel' }).click();
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `Approved “${title}”` })).toBeVisible();
  await expect(queued).toHaveCount(0);

  // A visitor searches the board, opens the post and finds Apply.
  await page.goto(paths.jobPostings.href());
  await page.getByLabel('Search jobs').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`${paths.jobPostings.href()}?q=${word}`);
  const results = page.getByRole('list', { name: 'Job postings' });
  await expect(results.getByRole('article')).toHaveCount(1);
  const row = results.getByRole('article').filter({ hasText: title });
  await expect(row.getByText('Sweetwater Bakery')).toBeVisible();
  await expect(row.getByText('Part-time')).toBeVisible();
  await expect(row.getByText('$16 – $19.50 an hour')).toBeVisible();
  await checkLooks(page, 'job-board', { docs: true });
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const apply = page.getByRole('link', { name: 'Apply' });
  await expect(apply).toHaveAttribute('href', applyUrl);
  // The description's web address is a link; its line breaks are kept.
  await expect(
    page.getByRole('link', { name: 'https://sweetwaterbakery.example' }),
  ).toHaveAttribute('href', 'https://sweetwaterbakery.example');
  await expect(
    page.getByRole('complementary', { name: 'Business and how to apply' }).getByRole('link', {
      name: 'Sweetwater Bakery',
    }),
  ).toHaveAttribute('href', /^\/members\//);
  await checkLooks(page, 'job-page');
  const jobUrl = page.url();
  // Back returns to the search the visitor made.
  await page.goBack();
  await expect(page).toHaveURL(`${paths.jobPostings.href()}?q=${word}`);
  await expect(page.getByLabel('Search jobs')).toHaveValue(word);
  await expect(results.getByRole('article')).toHaveCount(1);

  // The member closes it, and its page says so (the API answers 410); then deletes it, so the
  // seed is left as it was.
  await mine.getByRole('button', { name: 'Close' }).click();
  await expect(mine.getByText('Closed', { exact: true })).toBeVisible();
  await page.goto(jobUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This job posting has closed' }),
  ).toBeVisible();
  await mine.getByRole('button', { name: 'Delete' }).click();
  await member.getByRole('alertdialog').getByRole('button', { name: 'Delete Job Posting' }).click();
  await expect(mine).toHaveCount(0);
  await member.context().close();
  await admin.context().close();
});

test("a member's change to a live post waits for staff while the board shows the old text", async ({
  browser,
  page,
  request,
  baseURL,
  putBack,
}) => {
  test.setTimeout(240_000);
  const word = `rye${Date.now()}`;
  const title = `Bread baker (${word})`;
  const changed = `Head bread baker (${word})`;
  const member = { Authorization: `Bearer ${await apiToken(request, baseURL!, accounts.member)}` };
  const staff = { Authorization: `Bearer ${await apiToken(request, baseURL!, accounts.admin)}` };
  const created = await request.post('/api/job-posts', {
    headers: member,
    data: {
      title,
      description: 'Rye and spelt loaves from 5 am.',
      employmentType: 'full_time',
      workplace: 'on_site',
      applyTo: 'jobs@sweetwaterbakery.example',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  putBack(async ({ request: api }) => {
    const gone = await api.delete(`/api/job-posts/${id}`, { headers: member });
    expect([200, 404], await gone.text()).toContain(gone.status());
  });
  for (const url of [`/api/job-posts/${id}/submit`, `/api/admin/job-posts/${id}/approve`]) {
    const res = await request.post(url, { headers: url.includes('admin') ? staff : member });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // The member edits the live post: it stays up with its old text, the change waits.
  const poster = await signedIn(browser, accounts.member);
  await poster.goto(paths.myJobPostings.href());
  const mine = poster
    .getByRole('list', { name: 'My job postings' })
    .getByRole('article')
    .filter({ hasText: title });
  await mine.getByRole('button', { name: 'Edit' }).click();
  const form = poster.getByRole('form', { name: 'Edit job posting' });
  await form.getByLabel('Job title').fill(changed);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toHaveCount(0);
  await expect(mine.getByText('Your changes are waiting for approval.')).toBeVisible();
  const yours = mine.getByRole('table', { name: 'Your changes' });
  await expect(yours.getByRole('row', { name: /Title/ })).toContainText(changed);
  await page.goto(paths.jobPosting.href(id));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(changed)).toHaveCount(0);
  // The poster's own view of the page shows the change waiting beside the live text.
  await poster.goto(paths.jobPosting.href(id));
  await expect(poster.getByText(/^Your changes are waiting for approval\./)).toBeVisible();
  await expect(poster.getByRole('table', { name: 'Your changes' })).toContainText(changed);

  // Staff see the change, before and after, under Changes waiting, and approve it.
  const admin = await signedIn(browser, accounts.admin);
  await followSystemTheme(admin);
  await admin.goto(paths.admin.href());
  await admin.getByRole('tab', { name: 'Job Postings' }).click();
  const show = admin.getByRole('combobox', { name: 'Show' });
  const waiting = show.getByRole('option', { name: /^Changes waiting \(\d+\)$/ });
  await show.selectOption({ label: (await waiting.textContent()) ?? '' });
  const queued = admin
    .getByRole('list', { name: 'Job postings' })
    .getByRole('article')
    .filter({ hasText: title });
  const table = queued.getByRole('table', { name: 'Changes waiting for approval' });
  const row = table.getByRole('row', { name: /Title/ });
  await expect(row.getByRole('cell').first()).toHaveText(title);
  await expect(row.getByRole('cell').last()).toHaveText(changed);
  await checkLooks(admin, 'job-post-changes');
  await queued.getByRole('button', { name: 'Approve Changes' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: `Approved the changes to “${changed}”` }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();

  // The setting that lets dates and pay go live at once is in the admin's settings.
  await admin.getByRole('tab', { name: 'Settings' }).click();
  await expect(
    admin
      .getByRole('region', { name: 'Job board' })
      .getByRole('checkbox', { name: 'Changes to only the closing date or pay go live at once' }),
  ).toBeChecked();
  await poster.context().close();
  await admin.context().close();
});

test('a job posting that does not exist shows the not-found card', async ({ page }) => {
  await page.goto(paths.jobPosting.href('00000000-0000-4000-8000-000000000000'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Job Posting Not Found' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Job Postings' })).toBeVisible();
});
