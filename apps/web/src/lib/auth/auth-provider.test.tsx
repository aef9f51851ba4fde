import type { Profile } from '@chamber/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { checkAnswer } from '@/test/contract-answers';
import { createApiClient } from '../api/client';
import { createCodeChallenge } from '../pkce';
import type { AuthContextValue } from './auth-context';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';

const admin: Profile = {
  id: 'u1',
  role: 'admin',
  status: 'active',
  firstName: 'Dana',
  lastName: 'Whitaker',
  name: 'Dana Whitaker',
  email: 'admin@rivertonchamber.example',
  phone: null,
  contactId: null,
  businessName: null,
  membershipTier: 'standard',
  paymentStatus: 'paid',
  createdAt: '2025-01-01T00:00:00.000Z',
  canCreateEvents: true,
  createEventsRefusal: null,
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (body: Record<string, unknown>, init: RequestInit) => Response | Promise<Response>;

/** A fake server: one handler per "METHOD /path"; records every call. */
function fakeServer(handlers: Record<string, Handler>) {
  const calls: { route: string; body: Record<string, unknown>; auth?: string }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const route = `${init.method} ${url.replace(/^\/api/, '')}`;
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    calls.push({ route, body, auth: (init.headers as Record<string, string>).Authorization });
    const handler = handlers[route];
    if (!handler) throw new TypeError(`No route for ${route}`);
    const response = await handler(body, init);
    await checkAnswer(route, response);
    return response;
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => {},
  });
  return { client, calls };
}

const happyPath: Record<string, Handler> = {
  'POST /auth/authorize': () => json(200, { code: 'the-code' }),
  'POST /auth/token': () =>
    json(200, { access_token: 'tok-123', token_type: 'Bearer', expires_in: 3600 }),
  'GET /auth/profile': () => json(200, admin),
  'GET /auth/validate': () => json(200, { valid: true }),
  'POST /auth/logout': () => json(204),
};

// The latest context value, for calling login/logout from tests.
let auth: AuthContextValue;
const expose = (value: AuthContextValue) => {
  auth = value;
};

function Probe() {
  const value = useAuth();
  // A layout effect runs in the commit that shows the DOM the tests wait for: `auth` keeps up.
  useLayoutEffect(() => expose(value));
  const state = value.isLoading ? 'loading' : value.isAuthenticated ? 'signed-in' : 'anonymous';
  return <p data-testid="state">{`${state}:${value.role ?? 'none'}`}</p>;
}

function renderAuth(handlers: Record<string, Handler>) {
  const server = fakeServer(handlers);
  render(
    <AuthProvider client={server.client}>
      <Probe />
    </AuthProvider>,
  );
  return server;
}

const state = () => screen.getByTestId('state').textContent;
const settled = () => waitFor(() => expect(state()).not.toMatch(/^loading/));

describe('AuthProvider start-up', () => {
  it('starts loading, then ends unauthenticated without a stored token', async () => {
    const { calls } = renderAuth(happyPath);
    await settled();
    expect(state()).toBe('anonymous:none');
    expect(calls).toEqual([]);
  });

  it('validates a stored token and loads the profile', async () => {
    sessionStorage.setItem('token', 'stored');
    const { calls } = renderAuth(happyPath);
    await waitFor(() => expect(state()).toBe('signed-in:admin'));
    expect(calls.map((c) => c.route)).toEqual(['GET /auth/validate', 'GET /auth/profile']);
    expect(calls[0]!.auth).toBe('Bearer stored');
    expect(auth.user?.email).toBe(admin.email);
  });

  it('drops an invalid token', async () => {
    localStorage.setItem('token', 'expired');
    renderAuth({ ...happyPath, 'GET /auth/validate': () => json(200, { valid: false }) });
    await settled();
    expect(state()).toBe('anonymous:none');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ends unauthenticated when the check fails', async () => {
    localStorage.setItem('token', 'stored');
    renderAuth({
      'GET /auth/validate': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await settled();
    expect(state()).toBe('anonymous:none');
  });

  it('signs out on the global unauthorized event', async () => {
    sessionStorage.setItem('token', 'stored');
    renderAuth(happyPath);
    await waitFor(() => expect(state()).toBe('signed-in:admin'));
    act(() => {
      window.dispatchEvent(new CustomEvent('unauthorized'));
    });
    expect(state()).toBe('anonymous:none');
  });
});

describe('AuthProvider login', () => {
  it('runs the PKCE flow and keeps the token for the session only by default', async () => {
    let verifierAtAuthorize: string | null = null;
    const { calls } = renderAuth({
      ...happyPath,
      'POST /auth/authorize': () => {
        verifierAtAuthorize = sessionStorage.getItem('pkce_code_verifier');
        return json(200, { code: 'the-code' });
      },
    });
    await settled();
    localStorage.setItem('token', 'old-remembered');

    await act(() => auth.login('admin@rivertonchamber.example', 'secret'));

    const [authorize, token, profile] = calls;
    expect(authorize!.body).toMatchObject({
      email: 'admin@rivertonchamber.example',
      password: 'secret',
      codeChallengeMethod: 'S256',
      redirectUri: `${window.location.origin}/auth`,
      remember: false,
    });
    expect(verifierAtAuthorize).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize!.body.codeChallenge).toBe(await createCodeChallenge(verifierAtAuthorize!));
    expect(token!.body).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: verifierAtAuthorize,
      redirect_uri: `${window.location.origin}/auth`,
    });
    expect(profile!.auth).toBe('Bearer tok-123');
    expect(sessionStorage.getItem('token')).toBe('tok-123');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('pkce_code_verifier')).toBeNull();
    expect(state()).toBe('signed-in:admin');
  });

  it('keeps the token in local storage with remember me', async () => {
    renderAuth(happyPath);
    await settled();
    sessionStorage.setItem('token', 'old-session');
    await act(() => auth.login('a@b.example', 'secret', true));
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it.each<[string, Record<string, Handler>, string]>([
    [
      'the server message when authorize fails',
      {
        'POST /auth/authorize': () =>
          json(401, { error: 'invalid_grant', error_description: 'Invalid email or password' }),
      },
      'Invalid email or password',
    ],
    [
      'Authorization failed without a server message',
      { 'POST /auth/authorize': () => json(400) },
      'Authorization failed',
    ],
    ['Token exchange failed', { 'POST /auth/token': () => json(400) }, 'Token exchange failed'],
    [
      'Failed to fetch profile',
      { 'GET /auth/profile': () => json(500) },
      'Failed to fetch profile',
    ],
    [
      'Missing PKCE code verifier',
      {
        'POST /auth/authorize': () => {
          sessionStorage.removeItem('pkce_code_verifier');
          return json(200, { code: 'c' });
        },
      },
      'Missing PKCE code verifier',
    ],
  ])('fails with %s and cleans up', async (_name, overrides, message) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAuth({ ...happyPath, ...overrides });
    await settled();

    await expect(act(() => auth.login('a@b.example', 'wrong'))).rejects.toThrow(message);

    expect(errorLog).toHaveBeenCalled();
    expect(sessionStorage.getItem('pkce_code_verifier')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(state()).toBe('anonymous:none');
  });
});

describe('AuthProvider logout', () => {
  it('revokes the token, clears storage and state, even when the call fails', async () => {
    localStorage.setItem('token', 'stored');
    const { calls } = renderAuth({ ...happyPath, 'POST /auth/logout': () => json(500) });
    await waitFor(() => expect(state()).toBe('signed-in:admin'));

    await act(() => auth.logout());

    expect(calls.at(-1)).toMatchObject({ route: 'POST /auth/logout', auth: 'Bearer stored' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(state()).toBe('anonymous:none');
  });
});
