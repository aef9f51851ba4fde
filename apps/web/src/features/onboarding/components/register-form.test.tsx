import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ChamberContext } from '@/lib/chamber/chamber-context';
import { json, makeProfile, stubApi, type Route as FakeRoute } from '@/test/fake-api';
import { testChamber } from '@/test/render-with-providers';
import { RegisterForm } from './register-form';

function renderForm(routes: Record<string, FakeRoute>, defaultEmail?: string) {
  const api = stubApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChamberContext value={testChamber}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/register']}>
            <Routes>
              <Route path="/register" element={<RegisterForm defaultEmail={defaultEmail} />} />
              <Route path="/profile" element={<p>Profile page</p>} />
              <Route path="/login" element={<p>Sign-in page</p>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ChamberContext>
    </QueryClientProvider>,
  );
  return api;
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const complete = {
  'First name': 'Nora',
  'Last name': 'Quinn',
  'Business name': 'Quinn Floral Design',
  Email: 'nora@quinnfloral.example',
  Password: 'peonies-and-tulips',
  'Confirm password': 'peonies-and-tulips',
};

describe('RegisterForm', () => {
  it('registers, signs the new member in and opens their profile', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = renderForm({
      'POST /auth/register': () =>
        json(201, {
          message: 'Welcome! Your account is ready to sign in.',
          email: 'nora@quinnfloral.example',
          status: 'pending',
        }),
      'POST /auth/authorize': () => json(200, { code: 'a-code' }),
      'POST /auth/token': () =>
        json(200, { access_token: 'a-token', token_type: 'Bearer', expires_in: 3600 }),
      'GET /auth/profile': () => json(200, makeProfile({ status: 'pending' })),
    });
    fill(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
    expect(api.bodies('POST /auth/register')).toEqual([
      {
        firstName: 'Nora',
        lastName: 'Quinn',
        businessName: 'Quinn Floral Design',
        email: 'nora@quinnfloral.example',
        password: 'peonies-and-tulips',
        confirmPassword: 'peonies-and-tulips',
      },
    ]);
    expect(success).toHaveBeenCalledWith('Welcome! Your account is ready to sign in.', {
      duration: 8000,
    });
  });

  it('checks the fields before sending', async () => {
    const api = renderForm({});
    fill({ ...complete, 'First name': '', Email: 'nope', 'Confirm password': 'different' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('points a roster contact to the existing-contact sign-up', async () => {
    renderForm(
      {
        'POST /auth/register': () =>
          json(409, {
            error: 'contact_on_file',
            message: 'This email is already on the chamber’s member roster.',
          }),
      },
      'owner@copperleaf.example',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(
      'owner@copperleaf.example',
    );
    fill({ ...complete, Email: 'owner@copperleaf.example' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'This email is already on the chamber’s member roster.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Connect your membership' }).getAttribute('href')).toBe(
      '/register-existing?email=owner%40copperleaf.example',
    );
  });

  it('offers to sign in when the address has an account, and a fallback message otherwise', async () => {
    let calls = 0;
    renderForm({
      'POST /auth/register': () =>
        ++calls === 1
          ? json(409, { error: 'conflict', message: 'An account with this email already exists.' })
          : new Response('', { status: 502 }),
    });
    fill(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'An account with this email already exists.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );
  });
});
