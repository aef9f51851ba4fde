import { createHash } from 'node:crypto';
import type { RegistrationResult } from '@chamber/contract';
import { escapeHtml } from '../../lib/html.js';

/**
 * The answer pages' only style: the site's type and measure, readable on a phone and in a
 * dark theme. No stylesheet is fetched; the page's own policy allows this block by its hash.
 */
const STYLE = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}',
  'body{margin:0;padding:2.5rem 1rem}',
  'main{max-width:36rem;margin:0 auto}',
  'h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}',
  'a{color:#1d5b8c;font-weight:600}',
  '@media (prefers-color-scheme:dark){a{color:#8cc4f0}}',
].join('');

/**
 * The answer pages' Content-Security-Policy: nothing loads or runs, the style block above
 * applies (by its hash), and the page is framed nowhere. Routes under /api otherwise get a
 * policy that allows no style at all.
 */
export const FORM_PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page the registration form answers without scripts: a heading, what happened, and the
 * way back to the event. Plain HTML with one style block (see `FORM_PAGE_POLICY`); no script.
 */
export function formAnswerPage(page: {
  title: string;
  lines: string[];
  back: { href: string; label: string };
}): string {
  const lines = page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(page.title)}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
    <h1>${escapeHtml(page.title)}</h1>
    ${lines}
    <p><a href="${escapeHtml(page.back.href)}">${escapeHtml(page.back.label)}</a></p>
    </main>
  </body>
</html>
`;
}

/** The heading of a registration's answer page: registered, or on the waiting list. */
export function registeredTitle(result: RegistrationResult): string {
  return result.registration.seatStatus === 'waitlisted'
    ? "You're on the Waiting List"
    : "You're Registered!";
}

/**
 * Whether a form post comes from the portal's own pages: a browser says where a post comes
 * from (`Sec-Fetch-Site`, else `Origin`); a post from another site is refused, so no page
 * elsewhere can register a visitor's browser for an event. A client that says neither (a
 * script, a test) is not a browser posting another site's form.
 */
export function fromOwnPages(
  headers: Record<string, string | string[] | undefined>,
  publicUrl: string,
  host: string | undefined,
): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === '') return true;
  if (origin === 'null') return false;
  try {
    const asked = new URL(origin);
    return (
      asked.origin === new URL(publicUrl).origin || (host !== undefined && asked.host === host)
    );
  } catch {
    return false;
  }
}
