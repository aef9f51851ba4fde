import { apiToken } from './admin-api';
import { accounts, expect, hydrated, paths, signIn, test } from './fixtures';

// Small things a first visit trips over: the phone's menu misses an account page, a form
// refused as 'too fast' must say what to do next.

test("the phone's side menu lists every entry of the wide screen's account menu", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, accounts.admin);
  await page.getByRole('button', { name: /Account menu$/ }).click();
  const desktop = page.getByRole('menu');
  await expect(desktop.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  const entries = (await desktop.getByRole('menuitem').allTextContents())
    .map((text) => text.trim())
    .filter((text) => text !== 'Sign out');
  expect(entries).toContain('Profile');
  await page.screenshot({ path: test.info().outputPath('account-menu-1280.png') });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const phone = page.getByRole('dialog', { name: 'Menu' });
  await expect(phone.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const entry of entries) {
    await expect(phone.getByRole('link', { name: entry, exact: true }), entry).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('account-menu-360.png'), fullPage: true });
});

for (const width of [360, 1280]) {
  test(`at ${width} px a nomination sent too fast is refused with what to do, its answers kept`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // The browser's clock a minute ahead of the server's: sent 'before' it was shown.
    await page.clock.install({ time: new Date(Date.now() + 60_000) });
    await page.goto(paths.nominations.href());
    const form = page.getByRole('form', { name: 'Business of the Month nomination' });
    const nominee = form.getByLabel('Business you are nominating');
    await hydrated(nominee);
    await nominee.fill('Redwood Hardware & Supply');
    await form
      .getByLabel('Why should they be Business of the Month?')
      .fill('Open early every day for the contractors in town.');
    await form.getByLabel('Your name').fill('Maria Delgado');
    await form.getByLabel('Email').fill('maria.fast@sweetwaterbakery.example');
    await form.getByRole('button', { name: 'Nominate this business' }).click();

    const refusal = form.getByRole('alert');
    await expect(refusal).toContainText('wait a few seconds, then send the form again');
    await expect(nominee).toHaveValue('Redwood Hardware & Supply');
    await refusal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`nomination-too-fast-${width}.png`) });
  });
}

for (const width of [360, 1280]) {
  test(`at ${width} px the poster reopens a job posting they closed`, async ({
    page,
    request,
    baseURL,
    putBack,
  }) => {
    test.slow();
    const title = `Cake decorator ${width}-${Date.now().toString(36)}`;
    const as = async (account: { email: string; password: string }) => ({
      Authorization: `Bearer ${await apiToken(request, baseURL!, account)}`,
    });
    const member = await as(accounts.member);
    const made = await request.post('/api/job-posts', {
      headers: member,
      data: {
        title,
        description: 'Buttercream and fondant, weekday mornings.',
        employmentType: 'part_time',
        workplace: 'on_site',
        applyTo: 'https://sweetwaterbakery.example/apply',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    putBack(async () => {
      await request.delete(`/api/job-posts/${id}`, { headers: member });
    });
    for (const [url, headers] of [
      [`/api/job-posts/${id}/submit`, member],
      [`/api/admin/job-posts/${id}/approve`, await as(accounts.admin)],
      [`/api/job-posts/${id}/close`, member],
    ] as const) {
      const res = await request.post(url, { headers });
      expect(res.ok(), await res.text()).toBe(true);
    }

    await page.setViewportSize({ width, height: 900 });
    await signIn(page, accounts.member);
    await page.goto(paths.myJobPostings.href());
    const post = page
      .getByRole('list', { name: 'My job postings' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(post.getByText('Closed', { exact: true })).toBeVisible();
    await post.getByRole('button', { name: 'Reopen' }).click();
    await expect(post.getByText('Waiting for approval')).toBeVisible();
    await expect(post.getByRole('button', { name: 'Close' })).toBeVisible();
    await post.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`job-reopened-${width}.png`) });
  });
}
