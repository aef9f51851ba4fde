import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { clearToken } from '@/lib/storage';
import { checkAnswer } from '@/test/contract-answers';
import { makeProfile } from '@/test/fake-api';
import { LoginForm } from './login-form';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const profile = makeProfile();

/** A server whose authorize asks for a second factor; `mfa` answers the code step. */
function renderWith(mfa: (body: { code: string }) => Response) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push(url);
    const response = answer(url, init);
    await checkAnswer(`${init.method} ${url.replace(/^\/api/, '')}`, response);
    return response;
  });
  function answer(url: string, init: RequestInit) {
    if (url.endsWith('/auth/authorize')) {
      return json({ status: 'mfa_required', challengeId: 'ch-1', expiresIn: 300, enrol: false });
    }
    if (url.endsWith('/auth/mfa')) return mfa(JSON.parse(String(init.body)));
    if (url.endsWith('/auth/token')) {
      return json({ access_token: 'tok', token_type: 'Bearer', expires_in: 60 });
    }
    if (url.endsWith('/auth/profile')) return json(profile);
    return json({ valid: false });
  }
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => {},
  });
  const onSuccess = vi.fn();
  render(
    <MemoryRouter>
      <AuthProvider client={client}>
        <LoginForm onSuccess={onSuccess} />
      </AuthProvider>
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { calls, onSuccess };
}

afterEach(() => {
  clearToken();
  sessionStorage.clear();
});

describe('the sign-in’s second step', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    const { calls, onSuccess } = renderWith(({ code }) =>
      code === '123456' ? json({ code: 'auth-code' }) : json({}, 500),
    );
    const input = await screen.findByLabelText('Authentication code');
    expect(calls.some((u) => u.endsWith('/auth/token'))).toBe(false);
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.filter((u) => u.endsWith('/auth/token'))).toHaveLength(1);
  });

  it('shows the server’s sentence for a wrong code and lets the user try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSuccess } = renderWith(() =>
      json(
        { error: 'access_denied', error_description: 'That code is not right. Please try again.' },
        401,
      ),
    );
    fireEvent.change(await screen.findByLabelText('Authentication code'), {
      target: { value: '000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That code is not right. Please try again.',
      ),
    );
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
