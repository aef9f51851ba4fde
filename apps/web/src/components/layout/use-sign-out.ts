import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * Sign out (docs/product.md#screens): go home and end the session. Home first, so a page that needs a
 * session (e.g. /admin) does not bounce to /login on the way out. The router renders its
 * updates in a transition, which React may still hold back when the session ends; flushSync
 * commits the home page before that, and should it not, the guard of the page signed out on
 * sends the user home too (guards.tsx).
 */
export function useSignOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(async () => {
    await navigate(paths.home.href(), { flushSync: true });
    await logout(key);
  }, [logout, navigate, key]);
}
