// Debian's Chromium, for the browser tests (playwright.config.ts) and the Lighthouse bench
// (bench/lighthouse.mjs): its headless shell where it is installed, else the full browser.
// The shell is the build Playwright itself runs headless tests in; the full browser in headless
// mode still draws its hidden window in software, which costs the page CPU (decision 175).
import { existsSync } from 'node:fs';

/** Chromium's headless shell (Debian's chromium-headless-shell). */
export const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
/** The full browser (Debian's chromium). */
export const fullBrowser = '/usr/bin/chromium';

/**
 * The headless shell if it is installed, else the full browser if that is, else undefined.
 * @returns {string | undefined}
 */
export function installedChromium() {
  return [headlessShell, fullBrowser].find((file) => existsSync(file));
}
