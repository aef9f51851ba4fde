import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, expect, hydrated, paths, signInThroughForm, test } from './fixtures';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A seeded member's id, found the way the directory finds it. */
async function memberId(request: APIRequestContext, business: string): Promise<string> {
  const res = await request.get(`/api/members?search=${encodeURIComponent(business)}`);
  const { members } = (await res.json()) as { members: { id: string; businessName: string }[] };
  const member = members.find((m) => m.businessName === business);
  if (!member) throw new Error(`${business} is not in the seeded directory`);
  return member.id;
}

/** The seed's next event on the calendar (the soonest one that has not started). */
async function nextEvent(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as { calendarId: string };
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const now = new Date();
  const later = new Date(now.getTime() + 90 * 86_400_000);
  const res = await request.get(
    `/api/calendars/${config.calendarId}/events?startDate=${day(now)}&endDate=${day(later)}`,
  );
  const { events } = (await res.json()) as {
    events: { id: string; title: string; startTime: string; location: string }[];
  };
  const next = events.find((e) => Date.parse(e.startTime) > Date.now() + 3_600_000);
  if (!next) throw new Error('the seed has no upcoming events');
  return next;
}

const STATIC_PAGES = [
  { url: paths.about.href(), heading: /About the/ },
  { url: paths.contact.href(), heading: 'Contact Us' },
  { url: paths.privacy.href(), heading: /Privacy/ },
  { url: paths.terms.href(), heading: /Terms/ },
];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the directory’s first page reads, and links to the member pages', async ({ page }) => {
    await page.goto(paths.members.href());
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const first = main.locator('a[href^="/members/"]').first();
    await expect(first).toBeVisible();
    const name = (await first.innerText()).split('\n')[0]!.trim();
    // A real link: following it loads the member's page, again without JavaScript.
    await first.click();
    await expect(page).toHaveURL(/\/members\/[^/]+$/);
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  });

  test('a member page reads', async ({ page, request }) => {
    await page.goto(paths.member.href(await memberId(request, 'Jordan River CPA Group')));
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: 'Jordan River CPA Group' }).first(),
    ).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
  });

  test('the job board reads, and links to the job posts', async ({ page }) => {
    await page.goto(paths.jobPostings.href());
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Job Postings' })).toBeVisible();
    const post = main.getByRole('list', { name: 'Job postings' }).getByRole('link').first();
    await expect(post).toBeVisible();
    const title = await post.innerText();
    // A real link: following it loads the post's page, again without JavaScript.
    await post.click();
    await expect(page).toHaveURL(/\/job-postings\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Apply/ })).toBeVisible();
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
  });

  test('an event page reads: when, where and how to register', async ({ page, request }) => {
    const event = await nextEvent(request);
    await page.goto(paths.event.href(event.id));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Event Details' })).toBeVisible();
    if (event.location) await expect(main.getByText(event.location).first()).toBeVisible();
    await expect(main.getByRole('button', { name: 'Register Now' }).first()).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
  });

  test('the calendar’s upcoming list reads, and links to the event pages', async ({
    page,
    request,
  }) => {
    const event = await nextEvent(request);
    await page.goto(paths.calendar.href());
    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    await expect(upcoming.getByRole('heading', { level: 2 })).toBeVisible();
    const link = upcoming.getByRole('link', { name: new RegExp(escaped(event.title)) }).first();
    await expect(link).toBeVisible();
    // The month grid is drawn too.
    await expect(page.getByRole('table')).toBeVisible();
    // A real link: following it loads the event's page, again without JavaScript.
    await link.click();
    await expect(page).toHaveURL(/\/events\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  });

  test('the home page reads: the highlights, the next events and the prices', async ({
    page,
    request,
  }) => {
    const event = await nextEvent(request);
    await page.goto(paths.home.href());
    const carousel = page.getByRole('region', { name: 'Highlights' });
    await expect(carousel.getByRole('heading', { name: 'Why Join The Chamber ?' })).toBeVisible();
    // The next events are slides after the first: in the page, shown one at a time.
    await expect(carousel.getByRole('heading', { name: event.title })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Membership prices' })).toBeVisible();
    await expect(page.getByText('This site needs JavaScript to run.')).toHaveCount(0);
  });

  test('a tier page reads with its price', async ({ page, request }) => {
    const { plans } = (await (await request.get('/api/membership-plans')).json()) as {
      plans: { level: string; name: string; priceCents: number }[];
    };
    const plan = plans.find((p) => p.level === 'enhanced')!;
    await page.goto(paths.enhancedMembership.href());
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: `${plan.name} Membership` }),
    ).toBeVisible();
    await expect(
      main.getByText(`$${(plan.priceCents / 100).toLocaleString('en-US')}`).first(),
    ).toBeVisible();
  });

  test('the static pages read', async ({ page }) => {
    for (const { url, heading } of STATIC_PAGES) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading }), url).toBeVisible();
    }
  });
});

test('a member who signs in after a server-rendered page goes to Profile and back', async ({
  page,
  request,
}) => {
  const url = paths.member.href(await memberId(request, 'Jordan River CPA Group'));
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Jordan River CPA Group' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(url);

  // A fresh load of a server-rendered page: anonymous HTML, then the session's own header.
  await page.goto(url);
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu).toBeVisible();
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(paths.profile.href());
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { name: 'Jordan River CPA Group' }).first()).toBeVisible();
  await expect(accountMenu).toBeVisible();

  // Landing on /profile itself waits for the session instead of sending the member to sign in.
  await page.goto(paths.profile.href());
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});

/**
 * Holds the app's scripts until the answered function is called. Requests of a page the test
 * has left meanwhile (a link followed, a form's reload) fail quietly when let go.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test('Sign in clicked before the scripts have run still leads back to the page', async ({
  page,
  request,
}) => {
  const url = paths.member.href(await memberId(request, 'Jordan River CPA Group'));
  // Hold the app's scripts: the server-rendered Sign in is a plain link until they run.
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('href', paths.login.href(url));
  await signIn.click();
  await expect(page).toHaveURL(paths.login.href(url));

  release();
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('Register Now pressed before the scripts have run opens the registration once they have', async ({
  page,
  request,
}) => {
  const event = await nextEvent(request);
  const url = paths.event.href(event.id);
  // Hold the app's scripts: the server-rendered Register Now is a plain form until they run.
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('main').getByRole('button', { name: 'Register Now' }).first().click();
  await expect(page).toHaveURL(`${url}?register=true#registration`);

  release();
  const dialog = page.getByRole('dialog', { name: 'Register for Event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name*')).toBeVisible();
  // The address is the event's own again, as after the calendar's Register Now.
  await expect(page).toHaveURL(url);
});

// Decision 176: the parts most visitors never open are no part of the page's start.
test("an event's registration form and join's later steps load at the first input, not with the page", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const loaded = (name: string) => scripts.some((s) => s.startsWith(`/assets/${name}-`));

  const event = await nextEvent(request);
  await page.goto(paths.event.href(event.id));
  const register = page.getByRole('main').getByRole('button', { name: 'Register Now' }).first();
  await hydrated(register);
  await page.waitForLoadState('networkidle');
  expect(loaded('registration-dialog-form'), 'the form waits for an input').toBe(false);
  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await expect.poll(() => loaded('registration-dialog-form')).toBe(true);
  await register.click();
  const dialog = page.getByRole('dialog', { name: 'Register for Event' });
  await expect(dialog.getByLabel('Full Name*')).toBeVisible();

  scripts.length = 0;
  await page.goto(paths.join.href());
  const basic = page.getByRole('radio', { name: 'Basic' });
  await expect(basic).toBeEnabled();
  await page.waitForLoadState('networkidle');
  for (const part of ['join-details-step', 'join-pay-step', 'register-form', 'login-form']) {
    expect(loaded(part), `${part} waits for an input`).toBe(false);
  }
  await page.keyboard.press('Tab');
  for (const part of ['join-details-step', 'join-pay-step', 'register-form', 'login-form']) {
    await expect.poll(() => loaded(part), `${part} loads at the first input`).toBe(true);
  }
  await basic.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your business' })).toBeVisible();
});

test('the sign-in page sends nobody off the site', async ({ page }) => {
  await page.goto(paths.login.href('//example.com/members'));
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
});

test('a visitor who scrolls the directory before its scripts have run stays there, and the next members load', async ({
  page,
}) => {
  // Hold the app's scripts until the visitor has scrolled the server-rendered page.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(paths.members.href(), { waitUntil: 'commit' });
  const cards = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(cards).toHaveCount(20);
  await cards.last().scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  // Hydrated where the visitor is, the end of the list in view asks for the next page (the
  // listed members as the API counts them now: other specs join members to the same chamber).
  const { total } = (await (
    await page.request.get('/api/members?source=MembersPage&limit=1')
  ).json()) as {
    total: number;
  };
  expect(total).toBeGreaterThan(20);
  await expect(cards).toHaveCount(Math.min(total, 40));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('a search typed into the directory before its scripts have run filters it once they have', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(paths.members.href(), { waitUntil: 'commit' });
  const cards = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(cards).toHaveCount(20);
  await page.getByLabel('Search members').fill('Jordan River CPA');

  release();
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText('Jordan River CPA Group');
  await expect(page.getByLabel('Search members')).toHaveValue('Jordan River CPA');
});

test('the page lists every script the app starts with, so the browser asks for them at once', async ({
  page,
  request,
}) => {
  // main.tsx imports the app in turns (dynamic imports, each evaluated in a task of its own)
  // and, once the page has painted, asks for every chunk of them at once: the list is in the
  // page. A chunk it left out would be fetched only when its turn came. main.tsx is in the
  // entry chunk, or in a chunk the entry imports (decision 173).
  const html = await (await request.get(paths.home.href())).text();
  const block = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('the page has no list of the app’s scripts');
  const listed = new Set((JSON.parse(block[1]!) as string[]).map((href) => href.slice(8)));
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('the page has no module script');
  const code = async (file: string) => (await request.get(`/assets/${file}`)).text();
  const staticImports = (js: string) =>
    [...js.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]!);
  const dynamicImports = (js: string) =>
    [...js.matchAll(/import\(["'`]\.\/([\w.-]+\.js)["'`]\)/g)].map((m) => m[1]!);

  const wanted = new Set<string>();
  const turns: string[] = [];
  const visit = async (file: string, atStart: boolean) => {
    // Chunks import the bundler's helpers from the entry, which is loaded already.
    if (wanted.has(file) || file === entry) return;
    wanted.add(file);
    const js = await code(file);
    if (atStart) turns.push(...dynamicImports(js));
    for (const imported of staticImports(js)) await visit(imported, atStart);
  };
  const entryCode = await code(entry);
  turns.push(...dynamicImports(entryCode));
  for (const file of staticImports(entryCode)) await visit(file, true);
  expect(turns.length, 'the entry starts the app in turns').toBeGreaterThanOrEqual(3);
  for (const file of turns) await visit(file, false);
  expect([...wanted].filter((file) => !listed.has(file))).toEqual([]);

  // In the browser, each is asked for once, before the turn that needs it.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname.slice(8));
  });
  await page.goto(paths.home.href());
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
  for (const file of wanted)
    expect(
      asked.filter((f) => f === file),
      file,
    ).toHaveLength(1);
});
