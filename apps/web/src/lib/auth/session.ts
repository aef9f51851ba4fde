import type { MfaRequired, Profile } from '@chamber/contract';
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
 * Start-up check (docs/product.md#states): with a stored token, validate it and load the profile.
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

/** The PKCE sign-in (docs/product.md#states Login). Throws with the message the form shows. */
export async function signIn(authApi: AuthApi, credentials: Credentials): Promise<Profile> {
  const remember = credentials.remember ?? false;
  try {
    const verifier = generateCodeVerifier();
    writeItem('session', PKCE_VERIFIER_KEY, verifier);
    const codeChallenge = await createCodeChallenge(verifier);
    const answer = await authApi.authorize({
      email: credentials.email,
      password: credentials.password,
      codeChallenge,
      codeChallengeMethod: 'S256',
      redirectUri: redirectUri(),
      remember,
    });
    // The verifier stays for the exchange that follows the second step.
    if ('status' in answer) throw new SecondFactorRequired(answer, remember);
    return await finishSignIn(authApi, answer.code, remember);
  } catch (error) {
    if (error instanceof SecondFactorRequired) throw error;
    removeItem('session', PKCE_VERIFIER_KEY);
    // A half-finished sign-in must not leave a token behind.
    clearToken();
    console.error('Sign-in failed:', error);
    throw error;
  }
}

/**
 * Thrown by `signIn` when the password was right and the account signs in with a second
 * factor: the sign-in form asks for a code (or leads staff through setting it up).
 */
export class SecondFactorRequired extends Error {
  override name = 'SecondFactorRequired';
  constructor(
    readonly challenge: MfaRequired,
    readonly remember: boolean,
  ) {
    super('Enter the code from your authenticator app.');
  }
}

/**
 * The second step: a code (or recovery code) for the challenge, then the usual exchange.
 * Answers the profile, and the recovery codes when the step finished an enrolment.
 */
export async function completeSecondFactor(
  authApi: AuthApi,
  input: { challengeId: string; code: string; remember: boolean },
): Promise<{ user: Profile; recoveryCodes: string[] | null }> {
  const { code, recoveryCodes } = await authApi.verifySecondFactor({
    challengeId: input.challengeId,
    code: input.code,
  });
  try {
    const user = await finishSignIn(authApi, code, input.remember);
    return { user, recoveryCodes: recoveryCodes ?? null };
  } catch (error) {
    removeItem('session', PKCE_VERIFIER_KEY);
    clearToken();
    console.error('Sign-in failed:', error);
    throw error;
  }
}

/** Exchanges the authorization code with the stored verifier, keeps the token, loads the profile. */
async function finishSignIn(authApi: AuthApi, code: string, remember: boolean): Promise<Profile> {
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
}
