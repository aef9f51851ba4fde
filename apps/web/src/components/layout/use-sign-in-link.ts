import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A link to /login that brings the visitor back to this page once signed in (docs/product.md#screens Sign in),
 * as the guards' redirect does: the page goes in the router's state (with its fragment) and in
 * the link's `?from=`, which a click before the scripts have run (a server-rendered page)
 * still carries. The server renders without the query string, so over its HTML the link
 * starts without it too and takes it right after hydration.
 */
export function useSignInLink() {
  const location = useLocation();
  const hydrated = useHydrated();
  const here = `${location.pathname}${hydrated ? location.search : ''}`;
  const nowhere = location.pathname === paths.home.path || location.pathname === paths.login.path;
  return { to: paths.login.href(nowhere ? undefined : here), state: { from: location } };
}
