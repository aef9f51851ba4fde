import { sitePath } from '@chamber/contract';
import { paths } from '@/config/paths';

/**
 * The page signing in leads back to, from `/login?from=…` or the router's state: a path on
 * this site only (`sitePath`: no `//host`, `/\host`, `/..//host` or other way off the site),
 * so the sign-in page cannot be made to send someone elsewhere, and never the sign-in page.
 */
export function returnPath(value: unknown): string | null {
  const path = sitePath(value);
  return path === null || path.split(/[?#]/)[0] === paths.login.path ? null : path;
}
