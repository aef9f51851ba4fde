import { paths } from '@/config/paths';

const SITE = 'https://portal.invalid';

/**
 * The page signing in leads back to, from `/login?from=…` or the router's state: a path on
 * this site only, so the sign-in page cannot be made to send someone elsewhere. `//host` and
 * `/\host` are another site to a browser, and URL parsing drops tabs and line breaks (`/\t/host`
 * becomes `//host`): such values, and anything that resolves off the site, are refused.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || url.pathname === paths.login.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
