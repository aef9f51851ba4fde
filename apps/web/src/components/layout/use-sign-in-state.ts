import { useLocation } from 'react-router';

/**
 * Router state for a link to /login: the page it was followed from, so signing in returns
 * there (spec §2 Sign in), as the guards' redirect does. On /login itself the login page
 * ignores it.
 */
export function useSignInState() {
  const location = useLocation();
  return { from: location };
}
