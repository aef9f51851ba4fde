import type { Profile } from '@chamber/contract';
import { QueryClientContext } from '@tanstack/react-query';
import {
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import { api, UNAUTHORIZED_EVENT, type ApiClient } from '../api/client';
import { clearToken } from '../storage';
import { createAuthApi } from '../api/auth';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';
import { completeSecondFactor as secondStep, restoreSession, signIn } from './session';

const initialState = (serverRendered: boolean): AuthState => ({
  user: null,
  isAuthenticated: false,
  // Over server-rendered HTML the first render must equal the server's: the anonymous page.
  isLoading: !serverRendered,
  isRestoring: true,
  role: null,
  signedOutAt: null,
});

/** A signed-in user, null when the session is gone, or where the user ended it themselves. */
type AuthAction = Profile | null | { signedOutAt: string | null };

// Setting a user marks the session authenticated and takes its role; null signs out.
function reducer(_state: AuthState, action: AuthAction): AuthState {
  const signedOut = action !== null && 'signedOutAt' in action;
  const user = signedOut ? null : action;
  return {
    user,
    isAuthenticated: user !== null,
    isLoading: false,
    isRestoring: false,
    role: user?.role ?? null,
    signedOutAt: signedOut ? action.signedOutAt : null,
  };
}

export function AuthProvider({
  children,
  client = api,
  serverRendered = false,
}: {
  children: ReactNode;
  /** Injectable for tests. */
  client?: ApiClient;
  /** The page was rendered on the server (anonymously): the session is read after hydration. */
  serverRendered?: boolean;
}) {
  const [state, dispatch] = useReducer(reducer, serverRendered, initialState);
  const setUser = useCallback((user: Profile | null) => dispatch(user), []);
  const authApi = useMemo(() => createAuthApi(client), [client]);
  // Optional: the provider's own tests render it without a query client.
  const queryClient = use(QueryClientContext);

  useEffect(() => {
    let active = true;
    void restoreSession(authApi).then((user) => {
      if (!active) return;
      // A transition: React draws what the session changes (for a visitor, little more than
      // the end of 'restoring') in slices, where this update would otherwise redraw every
      // reader of the session in one task as the page is still starting.
      startTransition(() => dispatch(user));
      // The server drew the page with an anonymous visitor's data: a member's own answers
      // (email addresses, the Edit button) are fetched now.
      if (user && serverRendered) void queryClient?.invalidateQueries();
    });
    return () => {
      active = false;
    };
  }, [authApi, serverRendered, queryClient]);

  useEffect(() => {
    const onUnauthorized = () => dispatch(null);
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, []);

  const login = useCallback(
    async (email: string, password: string, remember = false) => {
      const user = await signIn(authApi, { email, password, remember });
      dispatch(user);
      return user;
    },
    [authApi],
  );

  const completeSecondFactor = useCallback(
    async (input: { challengeId: string; code: string; remember: boolean }) => {
      const result = await secondStep(authApi, input);
      if (!result.recoveryCodes) dispatch(result.user);
      return result;
    },
    [authApi],
  );

  const logout = useCallback(
    async (at?: string) => {
      try {
        await authApi.logout();
      } catch {
        // The session ends locally whether or not the server heard about it.
      }
      clearToken();
      dispatch({ signedOutAt: at ?? null });
    },
    [authApi],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, completeSecondFactor, logout, setUser }),
    [state, login, completeSecondFactor, logout, setUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
