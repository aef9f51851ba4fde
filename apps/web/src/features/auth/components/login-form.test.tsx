import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { checkAnswer } from '@/test/contract-answers';
import { LoginForm } from './login-form';

function renderForm(fetchImpl: (url: string) => Response, defaultEmail?: string) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const response = fetchImpl(url);
    await checkAnswer(`${init.method} ${url.replace(/^\/api/, '')}`, response);
    return response;
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep: async () => {},
  });
  const onSuccess = vi.fn();
  render(
    <MemoryRouter>
      <AuthProvider client={client}>
        <LoginForm onSuccess={onSuccess} defaultEmail={defaultEmail} />
      </AuthProvider>
    </MemoryRouter>,
  );
  return { onSuccess };
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows the server message on the form when sign-in fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onSuccess } = renderForm(
      () =>
        new Response(
          JSON.stringify({
            error: 'invalid_grant',
            error_description: 'Invalid email or password',
          }),
          { status: 401 },
        ),
    );
    fillAndSubmit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Invalid email or password'),
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('marks empty fields invalid without calling the server', async () => {
    renderForm(() => new Response(null, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
    const describedBy = screen.getByLabelText('Email').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter your email address.');
  });

  it('has a show/hide password toggle and the account links', () => {
    renderForm(() => new Response(null, { status: 500 }));
    const toggle = screen.getByRole('button', { name: 'Show password' });
    fireEvent.click(toggle);
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
    expect(
      screen.getByRole('link', { name: 'Register with existing contact' }).getAttribute('href'),
    ).toBe('/register-existing');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
  });

  it('fills in an address it is given (after registering) and focuses the password', async () => {
    renderForm(() => new Response(null, { status: 500 }), 'elena@marshpike.example');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(
      'elena@marshpike.example',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});
