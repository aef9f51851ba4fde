import { defineConfig, devices } from '@playwright/test';
import { installedChromium } from './scripts/chromium.mjs';
import { e2eServers } from './tests/e2e/servers';

const servers = e2eServers();
// Debian's Chromium where no Playwright-managed browser is installed: its headless shell, the
// build Playwright itself runs headless tests in (a quarter less browser CPU than the full
// browser on the admin spec), or else the full browser.
const executablePath = process.env.CHROMIUM_PATH ?? installedChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  // Each worker has a portal and a seeded database of its own (tests/e2e/servers.ts), and
  // runs a spec's tests in turn: the tests of one spec share its state.
  workers: servers.length,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // The retry keeps a trace of a failure; a test that passes only on its retry still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // The worker's own portal: the `baseURL` fixture (fixtures.ts).
    // A trace records every step's screenshots and DOM: it more than doubled the browser's CPU
    // time. CI retries a failed test once, with a trace; a local run repeats it with --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The production build (server + web), one per worker, each on a freshly seeded embedded
  // database.
  webServer: servers.map((server) => ({
    command: 'node tests/e2e/start-server.mjs',
    env: { E2E_PORT: String(server.port), E2E_DATA_DIR: server.dataDir },
    url: `${server.baseURL}/api/config`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
});
