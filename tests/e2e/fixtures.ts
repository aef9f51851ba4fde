import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths';
import { thisWorkersServer } from './servers';

export { expect, paths };

/** What a `putBack` step calls the API with. */
export interface PutBackApi {
  request: APIRequestContext;
  baseURL: string;
}

/** Registers a step that puts chamber-wide state back once the test is over. */
export type PutBack = (step: (api: PutBackApi) => Promise<unknown>) => void;

const awaitingHydration = new WeakSet<object>();

/**
 * Makes `goto`, `reload`, `goBack` and `goForward` of every page (the test's own and those of
 * contexts it opens) return once React has hydrated a server-rendered page, as a visitor's
 * click does not wait for: a control typed into or clicked before hydration is lost or
 * ignored, which made tests pass or fail on the machine's speed. main.tsx marks the page
 * `data-hydrating` until the hydrated page has committed; without scripts nothing marks it.
 * A navigation asked to return at `commit` is the test's way to act before hydration.
 */
function navigationsAwaitHydration(page: Page) {
  const proto = Object.getPrototypeOf(page) as Record<string, unknown>;
  if (awaitingHydration.has(proto)) return;
  awaitingHydration.add(proto);
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = proto[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const response = await original.apply(this, args);
      const options = args[name === 'goto' ? 1 : 0] as { waitUntil?: string } | undefined;
      if (options?.waitUntil !== 'commit') {
        await this.waitForFunction(
          () => !document.documentElement.hasAttribute('data-hydrating'),
          undefined,
          { polling: 50, timeout: 20_000 },
        );
      }
      return response;
    };
  }
}

/** Every test fails on an uncaught exception in the page or a refusal by its CSP. */
export const test = base.extend<{ failOnPageError: void; putBack: PutBack }>({
  /** The worker's own portal (servers.ts), for its pages and its API requests. */
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(thisWorkersServer().baseURL);
  },
  failOnPageError: [
    async ({ page }, use) => {
      navigationsAwaitHydration(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A Content-Security-Policy refusal is only a console message: count it as an error.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
          errors.push(message.text());
        }
      });
      await use();
      expect(errors, 'uncaught errors and policy refusals in the page').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The browser tests share one database, so a test that changes what other specs read (the
   * plans, the chamber's record, the dues settings, a seeded member) registers, before the
   * change, a step that puts it back. The steps run when the test is over, passed, failed or
   * out of time, last first, through the API and in a time slot of their own: an afterEach
   * hook shares the test's time, which a slow test may have used up, and a finally block in a
   * test that ran out of time runs, if at all, while its page and requests are being closed.
   */
  putBack: [
    async ({ request, baseURL }, use) => {
      const steps: ((api: PutBackApi) => Promise<unknown>)[] = [];
      await use((step) => {
        steps.push(step);
      });
      const failures: unknown[] = [];
      for (const step of steps.reverse()) {
        // Every step runs, even after one fails.
        await step({ request, baseURL: baseURL! }).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    },
    { timeout: 60_000 },
  ],
});

/** The worker's portal's data folder (servers.ts); without SMTP its mail lands in outbox/. */
export const e2eDataDir = thisWorkersServer().dataDir;

/**
 * A network of its own for a spec's sign-ups: sign-ups are limited per client network (10 in
 * 15 minutes), and the whole suite runs from one address. The e2e server trusts the loopback
 * proxy, so this header names the client, as a chamber's reverse proxy would.
 */
export function ownNetwork(): { 'X-Forwarded-For': string } {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

/** Accounts the seed creates. */
export const accounts = {
  admin: { email: 'admin@rivertonchamber.example', password: 'Chamber-Admin-2026' },
  moderator: { email: 'moderator@rivertonchamber.example', password: 'Chamber-Mod-2026' },
  member: { email: 'maria@sweetwaterbakery.example', password: 'Chamber-Member-2026' },
} as const;

/** Fills and submits the sign-in form on the current /login page. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
  { remember = false }: { remember?: boolean } = {},
) {
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs `account` in through the form on /login and waits for the home page it leads to. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(paths.login.href());
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(paths.home.href());
}

/** The page follows the system's colour scheme, so a test sets the theme with emulateMedia. */
export const followSystemTheme = (page: Page) =>
  page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('vite-ui-theme', 'system');
  });

/**
 * Closes the toasts on screen with their close buttons and waits until they have gone, for a
 * scan of the page under them: a toast fading out has its text at part opacity. Waiting for
 * them to leave by themselves took 4 to 8 s each time.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  // A click event, not a pointer's click: a toast stacked behind another is not clickable.
  for (const close of await toasts.locator('[data-close-button]').all()) {
    await close.dispatchEvent('click').catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
}

/** The embedded map of an address: Google's page, not ours, for `expectNoAxeViolations`. */
export const embeddedMap = 'iframe[title^="Map of"]';

/** The rules every scan checks: WCAG 2.1 A and AA, and axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Puts axe-core into each frame of the page that does not hold it yet, so a page is given it
 * once, not on every scan. A frame that does not answer within a second (a map still loading)
 * is left without it, as `@axe-core/playwright` leaves it; the main frame must take it.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const injected = (async () => {
      const present = await frame.evaluate(
        () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
      );
      if (present) return;
      await frame.evaluate(axe.source);
    })();
    if (frame === page.mainFrame()) {
      await injected;
      continue;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
    await Promise.race([injected.catch(() => undefined), timeout]);
    clearTimeout(timer);
  }
}

/**
 * An axe scan of the page (WCAG 2.1 A and AA and best practice) that finds nothing. It first
 * waits for the animations that end (a dialog fading in has its text at part opacity: the scan
 * checks what the eye sees once it is still). `include` scans one part only (a CSS selector),
 * `exclude` leaves parts out (CSS selectors, such as `embeddedMap`), `disable` turns rules off
 * by id; `where` names the page in a failure.
 */
export async function expectNoAxeViolations(
  page: Page,
  {
    include,
    exclude = [],
    disable = [],
    where,
  }: { include?: string; exclude?: string[]; disable?: string[]; where?: string } = {},
) {
  // A stored 'system' theme follows an emulated colour scheme from an effect, a render after
  // `emulateMedia` returns: wait for the page's class to agree before the colours it animates.
  await page.waitForFunction(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem('vite-ui-theme');
    } catch {
      // Storage blocked: the default theme does not follow the system.
    }
    if (stored !== 'system') return true;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    return document.documentElement.classList.contains(dark ? 'dark' : 'light');
  });
  const scan = {
    context: include === undefined ? { exclude } : { include: [include], exclude },
    options: {
      runOnly: { type: 'tag', values: axeTags },
      rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])),
      // Only the violations are read: axe then describes one node of each passing rule,
      // not every one (a selector and a snippet each), which was a third of a scan.
      resultTypes: ['violations'],
    },
  } satisfies { context: ElementContext; options: RunOptions };
  // A list being fetched again is dimmed and marked busy (the directory, the calendar, the
  // admin lists), and a part still loading shows a busy skeleton: the page is scanned once it
  // has its data, as a reader reads it. A fetch can also start during the scan: the scan
  // watches for a busy part while it runs. A scan that saw one, or found a violation, is taken
  // again after a pause, up to three scans in all, and the last one counts: a page's real
  // violations are in every scan, where a state in between (a list dimmed for a moment on a
  // loaded machine) is gone by the next.
  let violations: { id: string; targets: string[] }[] = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (attempt > 1) await page.waitForTimeout(300);
    await expect(page.locator('[aria-busy="true"]'), 'parts still loading').toHaveCount(0, {
      timeout: 15_000,
    });
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await injectAxe(page);
    const result = await page.evaluate(async ({ context, options }) => {
      const busy = () => document.querySelector('[aria-busy="true"]') !== null;
      let busyMeanwhile = busy();
      const watcher = new MutationObserver(() => {
        if (busy()) busyMeanwhile = true;
      });
      watcher.observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
      try {
        const inPage = (window as unknown as { axe: { run: typeof axe.run } }).axe;
        const results: AxeResults = await inPage.run(context, options);
        return {
          busyMeanwhile: busyMeanwhile || busy(),
          violations: results.violations.map((v) => ({
            id: v.id,
            targets: v.nodes.map((n) => n.target.join(' ')),
          })),
        };
      } finally {
        watcher.disconnect();
      }
    }, scan);
    violations = result.violations;
    if (!result.busyMeanwhile && violations.length === 0) break;
  }
  expect(violations, where === undefined ? undefined : `axe on ${where}`).toEqual([]);
}

/** With E2E_SCREENSHOTS=1, `checkLooks` keeps a picture of each width and theme. */
const keepScreenshots = process.env.E2E_SCREENSHOTS === '1';

/**
 * Both widths and both themes (the page following the system's): axe clean, nothing wider than
 * a 360 px phone, and with E2E_SCREENSHOTS=1 a screenshot each in the test's output. With
 * `docs`, the 1280 px light one is the documentation's picture of the page (see
 * `docsScreenshot`), taken on every run.
 */
export async function checkLooks(page: Page, name: string, { docs = false } = {}) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(scheme);
      await expectNoAxeViolations(page);
      if (width === 360) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
      }
      const forDocs = docs && width === 1280 && scheme === 'light';
      if (!keepScreenshots && !forDocs) continue;
      const shot = await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
      if (forDocs) writeDocsScreenshot(name, shot);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const docsScreenshots = fileURLToPath(new URL('../../docs/public/screenshots/', import.meta.url));

function writeDocsScreenshot(name: string, png: Buffer) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`bad screenshot name: ${name}`);
  mkdirSync(docsScreenshots, { recursive: true });
  writeFileSync(`${docsScreenshots}${name}.png`, png);
}

/**
 * A screenshot the documentation shows (docs/public/screenshots/<name>.png, as
 * `/screenshots/<name>.png` in a page), taken where the test has just checked the screen, so
 * the guides show the screens as they are. Also kept with the test's output as `<name>.png`.
 * The images are committed, so the site builds without a browser run; a run that changes a
 * screen changes its picture.
 */
export async function docsScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  const path = test.info().outputPath(`${name}.png`);
  const png =
    'goto' in target
      ? await target.screenshot({ path, fullPage, animations: 'disabled', caret: 'hide' })
      : await target.screenshot({ path, animations: 'disabled', caret: 'hide' });
  writeDocsScreenshot(name, png);
}

export const storedToken = (page: Page) =>
  page.evaluate(() => ({
    local: window.localStorage.getItem('token'),
    session: window.sessionStorage.getItem('token'),
  }));

/**
 * Waits until React has hydrated the element (its props, with the app's handlers, are on it).
 * A server-rendered page shows its buttons before its scripts have run; a test that presses
 * keys on one right after loading waits for this first, as a visitor waits for the page.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((k) => k.startsWith('__reactProps'))),
    )
    .toBe(true);
}
