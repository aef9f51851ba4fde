import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { readLoginNotice } from '@/lib/auth/login-notice';
import { ChamberContext } from '@/lib/chamber/chamber-context';
import { json, stubApi, type Route as FakeRoute } from '@/test/fake-api';
import { testChamber } from '@/test/render-with-providers';
import { RegisterExistingFlow } from './register-existing-flow';

const contact = {
  id: 'c-9',
  firstName: 'Elena',
  lastName: 'Marsh',
  businessName: 'Marsh & Pike Law',
};

/** Where the router is: the claim token must never be in the address. */
function AddressProbe() {
  const { pathname, search, hash, state } = useLocation();
  return <output data-testid="address">{JSON.stringify({ pathname, search, hash, state })}</output>;
}

function LoginProbe() {
  const notice = readLoginNotice(useLocation().state);
  return (
    <p>
      Sign-in page: {notice?.notice} for {notice?.email}
    </p>
  );
}

function renderFlow(routes: Record<string, FakeRoute>, lockedEmail: string | null = null) {
  const api = stubApi(routes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ChamberContext value={testChamber}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/register-existing']}>
            <Routes>
              <Route
                path="/register-existing"
                element={
                  <>
                    <RegisterExistingFlow lockedEmail={lockedEmail} />
                    <AddressProbe />
                  </>
                }
              />
              <Route path="/login" element={<LoginProbe />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ChamberContext>
    </QueryClientProvider>,
  );
  return api;
}

const happyRoutes: Record<string, FakeRoute> = {
  'POST /auth/verify-contact': () => json(200, { exists: true, contact: null }),
  'POST /auth/send-confirmation': () => json(200, { message: 'sent', expiresInSeconds: 600 }),
  'POST /auth/verify-confirmation': () =>
    json(200, { verified: true, contact, claimToken: 'claim-token-1', claimExpiresInSeconds: 900 }),
  'POST /auth/register-existing': () =>
    json(201, { message: 'ok', email: 'Elena@MarshPike.example', status: 'active' }),
};

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;

function enterEmail(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify Contact' }));
}

function enterCode(code: string) {
  fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });
}

const alertText = async () => (await screen.findByRole('alert', {}, {})).textContent;

describe('RegisterExistingFlow', () => {
  it('goes verify → check your email → complete registration → sign in, as docs/product.md#screens and docs/product.md#states say', async () => {
    const api = renderFlow(happyRoutes);
    expect(await heading('Connect Your Membership')).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify Contact' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Join the chamber' }).getAttribute('href')).toBe(
      '/join',
    );

    enterEmail('  elena@marshpike.example ');
    expect(await heading('Check Your Email')).toBeTruthy();
    expect(api.bodies('POST /auth/verify-contact')).toEqual([{ email: 'elena@marshpike.example' }]);
    expect(api.bodies('POST /auth/send-confirmation')).toEqual([
      { email: 'elena@marshpike.example' },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6')));

    const verifyCode = screen.getByRole('button', { name: 'Verify Code' }) as HTMLButtonElement;
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), {
      clipboardData: { getData: () => '12345' },
    });
    expect(verifyCode.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Digit 6 of 6'), { target: { value: '6' } });
    expect(verifyCode.disabled).toBe(false);
    fireEvent.click(verifyCode);

    expect(await heading('Complete Registration')).toBeTruthy();
    expect(api.bodies('POST /auth/verify-confirmation')).toEqual([
      { email: 'elena@marshpike.example', code: '123456' },
    ]);
    expect(screen.getByText('Marsh & Pike Law · Elena Marsh')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).not.toContain('claim-token-1');
    expect(emailField().value).toBe('elena@marshpike.example');
    expect(emailField().readOnly).toBe(true);

    // docs/product.md#validation: the password rules, checked before anything is sent.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.bodies('POST /auth/register-existing')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'river-stones-42' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'river-stones-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(
      await screen.findByText(
        'Registration successful! You can now sign in with your credentials.',
      ),
    ).toBeTruthy();
    expect(api.bodies('POST /auth/register-existing')).toEqual([
      {
        email: 'elena@marshpike.example',
        password: 'river-stones-42',
        confirmPassword: 'river-stones-42',
        existingContactId: 'c-9',
        isExistingContact: true,
        claimToken: 'claim-token-1',
      },
    ]);
    // After 2 s: the sign-in page, with the notice and the address.
    expect(
      await screen.findByText(
        'Sign-in page: Registration successful! You can now sign in with your credentials. for Elena@MarshPike.example',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
  });

  it('locks an address given by the link', async () => {
    const api = renderFlow(happyRoutes, 'owner@copperleaf.example');
    await heading('Connect Your Membership');
    expect(emailField().value).toBe('owner@copperleaf.example');
    expect(emailField().readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Verify Contact' }));
    await heading('Check Your Email');
    expect(api.bodies('POST /auth/verify-contact')).toEqual([
      { email: 'owner@copperleaf.example' },
    ]);
  });

  it('shows Email Not Found with Try Again and Create New Account', async () => {
    renderFlow(
      {
        ...happyRoutes,
        'POST /auth/verify-contact': () => json(200, { exists: false, contact: null }),
      },
      'someone@else.example',
    );
    await heading('Connect Your Membership');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Contact' }));
    expect(await heading('Email Not Found')).toBeTruthy();
    expect(screen.getByText('someone@else.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe(
      '/register?email=someone%40else.example',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await heading('Connect Your Membership')).toBeTruthy();
    // Another address may be typed now.
    expect(emailField().readOnly).toBe(false);
    expect(emailField().value).toBe('someone@else.example');
  });

  it.each([
    [
      '409 with a message',
      () => json(409, { error: 'conflict', message: 'Already registered. Sign in.' }),
      'Already registered. Sign in.',
    ],
    [
      '409 without one',
      () => new Response('', { status: 409 }),
      'An account with this email already exists. Please sign in instead.',
    ],
    [
      '400',
      () => json(400, { error: 'validation_failed', message: 'email: bad' }),
      'Please enter a valid email address.',
    ],
    [
      '500 with a message',
      () => json(500, { error: 'internal_error', message: 'Database is down.' }),
      'Database is down.',
    ],
    [
      '503 without one',
      () => new Response('<html>', { status: 503 }),
      'Service temporarily unavailable. Please try again in a few moments.',
    ],
    [
      '418',
      () => json(418, { error: 'teapot', message: 'I am a teapot' }),
      'Unable to verify your email at this time. Please try again.',
    ],
    [
      '429',
      () =>
        json(429, {
          error: 'too_many_requests',
          message: 'Too many email checks from your network. Please try again in 9 minutes.',
        }),
      'Too many email checks from your network. Please try again in 9 minutes.',
    ],
  ])(
    'shows the docs/product.md#errors message for verify-contact %s',
    async (_name, answer, message) => {
      renderFlow({ ...happyRoutes, 'POST /auth/verify-contact': answer });
      await heading('Connect Your Membership');
      enterEmail('elena@marshpike.example');
      await waitFor(async () => expect(await alertText()).toContain(message));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connect Your Membership');
    },
  );

  it.each<[string, FakeRoute, string]>([
    [
      '500 with a message',
      () => json(500, { error: 'internal_error', message: 'The mail server is not answering.' }),
      'The mail server is not answering.',
    ],
    [
      '502 without one',
      () => new Response('<html>', { status: 502 }),
      'Unable to send confirmation email. Please try again.',
    ],
  ])(
    'stays on the verify step when the code cannot be sent (%s), saying why and what to do',
    async (_name, answer, message) => {
      let sends = 0;
      const api = renderFlow({
        ...happyRoutes,
        'POST /auth/send-confirmation': (body) =>
          ++sends === 1 ? answer(body) : happyRoutes['POST /auth/send-confirmation']!(body),
      });
      await heading('Connect Your Membership');
      enterEmail('elena@marshpike.example');
      await waitFor(async () => expect(await alertText()).toContain(message));
      const alert = await alertText();
      expect(alert).toContain('Your address is on file, but your code was not sent');
      expect(alert).toContain('contact the chamber');
      expect(screen.getByRole('link', { name: 'contact the chamber' }).getAttribute('href')).toBe(
        '/contact',
      );
      // No way forward without the code: the registration step is not offered.
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connect Your Membership');
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(emailField().getAttribute('aria-invalid')).toBe('false');

      // Verify Contact tries again, and a sent code moves on.
      fireEvent.click(screen.getByRole('button', { name: 'Verify Contact' }));
      await heading('Check Your Email');
      expect(api.bodies('POST /auth/send-confirmation')).toHaveLength(2);
    },
  );

  it('checks the address before asking the server', async () => {
    const api = renderFlow(happyRoutes);
    await heading('Connect Your Membership');
    enterEmail('not an address');
    await waitFor(async () =>
      expect(await alertText()).toBe('Please enter a valid email address.'),
    );
    expect(api.calls).toEqual([]);
  });

  it('shows the network message when the server cannot be reached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderFlow({
        ...happyRoutes,
        'POST /auth/verify-contact': () => Promise.reject(new TypeError('Failed to fetch')),
      });
      await heading('Connect Your Membership');
      enterEmail('elena@marshpike.example');
      await act(() => vi.advanceTimersByTimeAsync(3500));
      await waitFor(async () =>
        expect(await alertText()).toBe(
          'Unable to verify your email at this time. Please try again.',
        ),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the code error, clears the boxes, and the resend notice for 3 s', async () => {
    renderFlow({
      ...happyRoutes,
      'POST /auth/verify-confirmation': () =>
        json(400, {
          error: 'bad_request',
          message: 'Invalid confirmation code. Please try again.',
        }),
    });
    await heading('Connect Your Membership');
    enterEmail('elena@marshpike.example');
    await heading('Check Your Email');
    enterCode('000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(async () =>
      expect(await alertText()).toBe('Invalid confirmation code. Please try again.'),
    );
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6'));

    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(
      await screen.findByText('Confirmation email sent! Please check your inbox.'),
    ).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.queryByText('Confirmation email sent! Please check your inbox.')).toBeNull(),
      { timeout: 4000 },
    );
  });

  it('says so when the resend fails', async () => {
    let sends = 0;
    renderFlow({
      ...happyRoutes,
      'POST /auth/send-confirmation': () =>
        ++sends === 1
          ? json(200, { message: 'sent', expiresInSeconds: 600 })
          : json(500, { error: 'internal_error', message: 'Mail server down' }),
    });
    await heading('Connect Your Membership');
    enterEmail('elena@marshpike.example');
    await heading('Check Your Email');
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(async () =>
      expect(await alertText()).toBe('Unable to send confirmation email. Please try again.'),
    );
  });

  it('shows the registration failure message, or the server’s', async () => {
    let attempts = 0;
    renderFlow({
      ...happyRoutes,
      'POST /auth/register-existing': () =>
        ++attempts === 1
          ? new Response('', { status: 502 })
          : json(403, {
              error: 'forbidden',
              message: 'Please confirm your email address with the code we sent first.',
            }),
    });
    await heading('Connect Your Membership');
    enterEmail('elena@marshpike.example');
    await heading('Check Your Email');
    enterCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await heading('Complete Registration');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'long-enough-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await waitFor(async () =>
      expect(await alertText()).toBe('Registration failed. Please try again.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await waitFor(async () =>
      expect(await alertText()).toContain(
        'Please confirm your email address with the code we sent first.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await heading('Connect Your Membership')).toBeTruthy();
  });

  it('sends the claim token of the latest right code, and a fresh one after starting over', async () => {
    let verifications = 0;
    let registrations = 0;
    const api = renderFlow({
      ...happyRoutes,
      'POST /auth/verify-confirmation': () =>
        json(200, {
          verified: true,
          contact,
          claimToken: `claim-token-${++verifications}`,
          claimExpiresInSeconds: 900,
        }),
      'POST /auth/register-existing': () =>
        ++registrations === 1
          ? json(403, {
              error: 'forbidden',
              message:
                'This confirmation is no longer valid. Please start over and confirm your email address with a new code.',
            })
          : json(201, { message: 'ok', email: 'elena@marshpike.example', status: 'active' }),
    });
    const completeWith = async (password: string) => {
      await heading('Complete Registration');
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
      fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: password } });
      fireEvent.click(screen.getByRole('button', { name: 'Complete Registration' }));
    };
    await heading('Connect Your Membership');
    enterEmail('elena@marshpike.example');
    await heading('Check Your Email');
    enterCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await completeWith('long-enough-1');
    await waitFor(async () => expect(await alertText()).toContain('no longer valid'));
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));

    await heading('Connect Your Membership');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Contact' }));
    await heading('Check Your Email');
    enterCode('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await completeWith('long-enough-2');
    expect(
      await screen.findByText(
        'Registration successful! You can now sign in with your credentials.',
      ),
    ).toBeTruthy();
    const tokens = api
      .bodies('POST /auth/register-existing')
      .map((body) => (body as { claimToken?: string }).claimToken);
    expect(tokens).toEqual(['claim-token-1', 'claim-token-2']);
    expect(screen.queryByTestId('address')?.textContent ?? '').not.toContain('claim-token');
  });
});
