import { defineConfig, devices } from '@playwright/test';
import { installedChromium } from './scripts/chromium.mjs';

// E2E_PORT (and E2E_DATA_DIR in start-server.mjs) let two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${PORT}`;
// Debian's Chromium where no Playwright-managed browser is installed: its headless shell, the
// build Playwright itself runs headless tests in (a quarter less browser CPU than the full
// browser on the admin spec), or else the full browser.
const executablePath = process.env.CHROMIUM_PATH ?? installedChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  // One seeded database for the run: keep sign-ins sequential.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // The retry keeps a trace of a failure; a test that passes only on its retry still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
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
  // The production build (server + web) on a freshly seeded embedded database.
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    url: `${baseURL}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
