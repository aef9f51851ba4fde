import type { Profile } from '@chamber/contract';
import { createCodeChallenge, generateCodeVerifier } from '../pkce';
import {
  clearToken,
  getToken,
  PKCE_VERIFIER_KEY,
  readItem,
  removeItem,
  setToken,
  writeItem,
} from '../storage';
import { redirectUri, type AuthApi } from '../api/auth';

/**
 * Start-up check (spec §4): with a stored token, validate it and load the profile.
 * Returns the signed-in user, or null when there is no token, it is invalid, or anything fails.
 */
export async function restoreSession(authApi: AuthApi): Promise<Profile | null> {
  if (!getToken()) return null;
  try {
    const { valid } = await authApi.validate();
    if (!valid) {
      clearToken();
      return null;
    }
    return await authApi.fetchProfile();
  } catch {
    return null;
  }
}

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

/** The PKCE sign-in (spec §4 Login). Throws with the message the form shows. */
export async function signIn(authApi: AuthApi, credentials: Credentials): Promise<Profile> {
  const remember = credentials.remember ?? false;
  try {
    const verifier = generateCodeVerifier();
    writeItem('session', PKCE_VERIFIER_KEY, verifier);
    const codeChallenge = await createCodeChallenge(verifier);
    const { code } = await authApi.authorize({
      email: credentials.email,
      password: credentials.password,
      codeChallenge,
      codeChallengeMethod: 'S256',
      redirectUri: redirectUri(),
      remember,
    });

    const storedVerifier = readItem('session', PKCE_VERIFIER_KEY);
    if (!storedVerifier) throw new Error('Missing PKCE code verifier');
    const token = await authApi.exchangeCode({
      grant_type: 'authorization_code',
      code,
      code_verifier: storedVerifier,
      redirect_uri: redirectUri(),
    });
    removeItem('session', PKCE_VERIFIER_KEY);
    if (!token?.access_token) throw new Error('Token exchange failed');

    setToken(token.access_token, remember);
    return await authApi.fetchProfile();
  } catch (error) {
    removeItem('session', PKCE_VERIFIER_KEY);
    // A half-finished sign-in must not leave a token behind.
    clearToken();
    console.error('Sign-in failed:', error);
    throw error;
  }
}
