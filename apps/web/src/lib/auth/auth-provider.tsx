import type { Profile } from '@chamber/contract';
import { QueryClientContext } from '@tanstack/react-query';
import { use, useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
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
});

// Setting a user marks the session authenticated and takes its role; null signs out.
function reducer(_state: AuthState, user: Profile | null): AuthState {
  return {
    user,
    isAuthenticated: user !== null,
    isLoading: false,
    isRestoring: false,
    role: user?.role ?? null,
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
  const [state, setUser] = useReducer(reducer, serverRendered, initialState);
  const authApi = useMemo(() => createAuthApi(client), [client]);
  // Optional: the provider's own tests render it without a query client.
  const queryClient = use(QueryClientContext);

  useEffect(() => {
    let active = true;
    void restoreSession(authApi).then((user) => {
      if (!active) return;
      setUser(user);
      // The server drew the page with an anonymous visitor's data: a member's own answers
      // (email addresses, the Edit button) are fetched now.
      if (user && serverRendered) void queryClient?.invalidateQueries();
    });
    return () => {
      active = false;
    };
  }, [authApi, serverRendered, queryClient]);

  useEffect(() => {
    const onUnauthorized = () => setUser(null);
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, []);

  const login = useCallback(
    async (email: string, password: string, remember = false) => {
      const user = await signIn(authApi, { email, password, remember });
      setUser(user);
      return user;
    },
    [authApi],
  );

  const completeSecondFactor = useCallback(
    async (input: { challengeId: string; code: string; remember: boolean }) => {
      const result = await secondStep(authApi, input);
      if (!result.recoveryCodes) setUser(result.user);
      return result;
    },
    [authApi],
  );

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The session ends locally whether or not the server heard about it.
    }
    clearToken();
    setUser(null);
  }, [authApi]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, completeSecondFactor, logout, setUser }),
    [state, login, completeSecondFactor, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
