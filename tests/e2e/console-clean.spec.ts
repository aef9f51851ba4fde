import type { APIRequestContext, Page } from '@playwright/test';
import { expect, paths, test } from './fixtures';

/**
 * Lighthouse's best-practices audit counts every console error, not only the ones a test
 * would notice: the console's errors and the page's CSP violation reports, as logged.
 */
async function recordErrors(page: Page) {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  // React reports a hydration mismatch as a recoverable error, which can reach the page as
  // an uncaught one rather than a console message.
  page.on('pageerror', (error) => logged.push(error.message));
  await page.exposeFunction('reportViolation', (text: string) => logged.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (t: string) => void })
        .reportViolation;
      report(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return logged;
}

test('the home page logs no console error or warning', async ({ page }) => {
  const logged = await recordErrors(page);
  await page.goto(paths.home.href());
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(logged, 'console errors on the home page').toEqual([]);
});

test('the page starts its Intl warm-up worker under its own policy', async ({ page }) => {
  const logged = await recordErrors(page);
  const worker = page.waitForEvent('worker');
  await page.goto(paths.calendar.href());
  // A blob worker (index.html), started before the app's scripts and allowed by worker-src.
  expect((await worker).url()).toMatch(/^blob:/);
  await page.waitForLoadState('networkidle');
  expect(logged, 'console errors or CSP refusals on the calendar').toEqual([]);
});

/** The server-rendered pages: each must hydrate without a mismatch, warning or error. */
async function serverRenderedPages(request: APIRequestContext) {
  const res = await request.get('/api/members?search=Sweetwater%20Bakery');
  const { members } = (await res.json()) as { members: { id: string }[] };
  const board = await request.get('/api/job-posts');
  const { jobPosts } = (await board.json()) as { jobPosts: { id: string }[] };
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const soon = new Date(Date.now() + 60 * 86_400_000);
  const calendar = await request.get(
    `/api/calendars/racc-events/events?startDate=${day(new Date())}&endDate=${day(soon)}`,
  );
  const { events } = (await calendar.json()) as { events: { id: string; startTime: string }[] };
  const upcoming = events.find((e) => Date.parse(e.startTime) > Date.now());
  return [
    paths.home.href(),
    paths.calendar.href(),
    paths.event.href(upcoming!.id),
    paths.basicMembership.href(),
    paths.enhancedMembership.href(),
    paths.eliteMembership.href(),
    paths.join.href(),
    paths.nominations.href(),
    paths.members.href(),
    paths.membersOpenNow.href(),
    paths.member.href(members[0]!.id),
    paths.jobPostings.href(),
    paths.jobPosting.href(jobPosts[0]!.id),
    paths.about.href(),
    paths.contact.href(),
    paths.privacy.href(),
    paths.terms.href(),
  ];
}

test('each server-rendered page hydrates with no console error or warning', async ({
  page,
  request,
}) => {
  test.slow(); // Every server-rendered page twice, each until the network is idle.
  const logged = await recordErrors(page);
  const pages = await serverRenderedPages(request);
  for (const url of pages) {
    const html = await (await request.get(url)).text();
    expect(html, `${url} is rendered on the server`).not.toContain('<div id="root"></div>');
  }
  // The pages are kept: hydrated a while after they were drawn, as a visitor gets them, a
  // page drawn from the clock (its countdown's seconds) must still match the server's.
  await page.waitForTimeout(1500);
  for (const url of pages) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(logged, `console errors or warnings on ${url}`).toEqual([]);
  }
});

test('a stored dark theme and list view hydrate without a mismatch, then show', async ({
  page,
  request,
}) => {
  test.slow(); // Every server-rendered page, each until the network is idle.
  const logged = await recordErrors(page);
  await page.addInitScript(() => {
    // Embedded frames (the map) may not touch storage: only the page sets it.
    if (window !== window.top) return;
    window.localStorage.setItem('vite-ui-theme', 'dark');
    window.localStorage.setItem('members-view', 'list');
  });
  for (const url of await serverRenderedPages(request)) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(logged, `console errors or warnings on ${url}`).toEqual([]);
  }
  await page.goto(paths.members.href());
  // The stored view follows right after hydration.
  await expect(page.getByLabel('List view')).toHaveAttribute('data-state', 'on');
});

// zod compiles object parsers with Function() unless told not to; the portal's CSP refuses
// eval, so its first probe would be logged. A form's validation is the first object parse.
test('validating a form logs no CSP refusal', async ({ page }) => {
  const logged = await recordErrors(page);
  await page.goto(paths.login.href());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('main').getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(logged, 'console errors while validating the sign-in form').toEqual([]);
});
