import type { LightMyRequestResponse } from 'fastify';
import { PASSWORD, pkcePair, type TestContext } from './app.js';

/** Request helpers for the sign-in flow; each returns the raw response so tests assert on it. */

export interface AuthorizeOptions {
  email: string;
  password?: string;
  challenge?: string;
  method?: string;
  redirectUri?: string;
  remember?: boolean;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function authorize(
  ctx: TestContext,
  opts: AuthorizeOptions,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/authorize',
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    payload: {
      email: opts.email,
      password: opts.password ?? PASSWORD,
      codeChallenge: opts.challenge ?? pkcePair().challenge,
      codeChallengeMethod: opts.method ?? 'S256',
      redirectUri: opts.redirectUri ?? ctx.config.redirectUri,
      remember: opts.remember ?? false,
    },
  });
}

export interface ExchangeOptions {
  code: string;
  verifier: string;
  redirectUri?: string;
  grantType?: string;
}

export function exchange(ctx: TestContext, opts: ExchangeOptions): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: {
      grant_type: opts.grantType ?? 'authorization_code',
      code: opts.code,
      code_verifier: opts.verifier,
      redirect_uri: opts.redirectUri ?? ctx.config.redirectUri,
    },
  });
}

/** Authorize with a fresh PKCE pair; fails the test unless a code comes back. */
export async function issueCode(
  ctx: TestContext,
  opts: Omit<AuthorizeOptions, 'challenge'>,
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const res = await authorize(ctx, { ...opts, challenge });
  if (res.statusCode !== 200) throw new Error(`authorize failed: ${res.statusCode} ${res.body}`);
  return { code: res.json<{ code: string }>().code, verifier };
}

function bearer(token: string | undefined) {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

export function profile(ctx: TestContext, token?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
}

export function validate(ctx: TestContext, token?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });
}

export function logout(ctx: TestContext, token?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
}

/** True when the token opens the profile and validates; false when both refuse it. */
export async function tokenIsLive(ctx: TestContext, token: string): Promise<boolean> {
  const [p, v] = await Promise.all([profile(ctx, token), validate(ctx, token)]);
  const live = p.statusCode === 200 && v.json<{ valid: boolean }>().valid === true;
  const dead = p.statusCode === 401 && v.json<{ valid: boolean }>().valid === false;
  if (live === dead) throw new Error(`profile ${p.statusCode} and validate ${v.body} disagree`);
  return live;
}
