import type { Page } from '@playwright/test';
import { expect, paths, test } from './fixtures';

/**
 * Cumulative layout shift as Lighthouse counts it (shifts without recent input), read from
 * the browser's own layout-shift entries once the page has drawn its data.
 */
async function layoutShift(page: Page, href: string, ready: () => Promise<void>) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(href);
  await ready();
  await page.waitForLoadState('networkidle');
  // One more frame: a shift is reported after the frame that made it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

// Lighthouse's phone (Moto G Power): the footer sat in the first screen while the page's data
// loaded, and moved down when it came: CLS 0.343 on member and event pages.
test.use({ viewport: { width: 412, height: 823 } });

test('a member page does not shift its layout when its data arrives', async ({ page, request }) => {
  const { members } = await (await request.get('/api/members?limit=1&sort=tier')).json();
  const cls = await layoutShift(page, paths.member.href(members[0].id), async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  expect(cls).toBeLessThan(0.02);
});

test('an event page does not shift its layout when its data arrives', async ({ page, request }) => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = new Date();
  const later = new Date(today.getTime() + 60 * 86_400_000);
  const { events } = await (
    await request.get(
      `/api/calendars/racc-events/events?startDate=${day(today)}&endDate=${day(later)}`,
    )
  ).json();
  const cls = await layoutShift(page, paths.event.href(events[0].id), async () => {
    await expect(page.getByRole('heading', { level: 1, name: events[0].title })).toBeVisible();
  });
  expect(cls).toBeLessThan(0.02);
});

for (const [name, href] of [
  ['the home page', paths.home.href()],
  ['the calendar', paths.calendar.href()],
  ['the directory', paths.members.href()],
  ['the job board', paths.jobPostings.href()],
] as const) {
  test(`${name} does not shift its layout when its data arrives`, async ({ page }) => {
    const cls = await layoutShift(page, href, async () => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
    expect(cls).toBeLessThan(0.02);
  });
}

test('a job post’s page does not shift its layout when its data arrives', async ({
  page,
  request,
}) => {
  const { jobPosts } = await (await request.get('/api/job-posts')).json();
  const cls = await layoutShift(page, paths.jobPosting.href(jobPosts[0].id), async () => {
    await expect(page.getByRole('heading', { level: 1, name: jobPosts[0].title })).toBeVisible();
  });
  expect(cls).toBeLessThan(0.02);
});
