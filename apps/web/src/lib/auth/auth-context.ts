import type { Profile, Role } from '@chamber/contract';
import { createContext } from 'react';

export interface AuthState {
  user: Profile | null;
  isAuthenticated: boolean;
  /** The session is being checked and nothing is drawn yet (the full-page Loading...). */
  isLoading: boolean;
  /**
   * The stored session has not been checked yet. Over server-rendered HTML the page is drawn
   * at once as an anonymous visitor sees it (isLoading false) while this stays true, so
   * screens for signed-in users wait for it rather than sending the visitor to sign in.
   */
  isRestoring: boolean;
  role: Role | null;
  /**
   * The history entry (react-router's location key) the user signed out on, on purpose: that
   * page, if it needs a session, sends them home rather than to /login, whichever the router
   * draws first. A session that expires, or a later visit to such a page, still goes to /login.
   */
  signedOutAt: string | null;
}

export interface AuthContextValue extends AuthState {
  login: (email: string, password: string, remember?: boolean) => Promise<Profile>;
  /**
   * The second step of a sign-in with two-factor. Signs in at once, unless the step finished an
   * enrolment: then the recovery codes come back and the caller signs in with `setUser` once
   * they have been shown.
   */
  completeSecondFactor: (input: {
    challengeId: string;
    code: string;
    remember: boolean;
  }) => Promise<{ user: Profile; recoveryCodes: string[] | null }>;
  /** Ends the session; `at` is the location key of the page it was ended on. */
  logout: (at?: string) => Promise<void>;
  setUser: (user: Profile | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
