import type { RegistrationResult } from '@chamber/contract';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The page the registration form answers without scripts: a heading, what happened, and the
 * way back to the event. Plain HTML, readable on any screen (no script, no inline style: the
 * pages' Content-Security-Policy holds).
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
