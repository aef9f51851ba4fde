import type { Profile, Role } from '@chamber/contract';
import { createContext } from 'react';

export interface AuthState {
  user: Profile | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  role: Role | null;
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
  logout: () => Promise<void>;
  setUser: (user: Profile | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
