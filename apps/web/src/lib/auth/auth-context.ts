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
  logout: () => Promise<void>;
  setUser: (user: Profile | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
