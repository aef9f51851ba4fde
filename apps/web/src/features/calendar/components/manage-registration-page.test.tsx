import type { ManagedRegistration } from '@chamber/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { ChamberContext } from '@/lib/chamber/chamber-context';
import { json, stubApi, type Route as FakeRoute } from '@/test/fake-api';
import { testChamber } from '@/test/render-with-providers';
import { ManageRegistrationPage } from './manage-registration-page';

const TOKEN = 'tK9_x-2mQ8vLr4sWz7YbN1cD5eF3gH6jA0pRu2oIi8E';

function managed(overrides: Partial<ManagedRegistration> = {}): ManagedRegistration {
  return {
    registration: {
      id: 'r-1',
      eventId: 'e-1',
      name: 'Robin Hale',
      email: 'robin@halebakery.example',
      phone: '(801) 555-0123',
      guests: 2,
      notes: 'Gluten-free, please',
      seatStatus: 'confirmed',
      waitlistPosition: null,
      holdUntil: null,
      checkedInAt: null,
      createdAt: '2026-03-10T17:00:00.000Z',
      updatedAt: '2026-03-10T17:00:00.000Z',
    },
    event: {
      id: 'e-1',
      title: 'Harvest Mixer',
      startTime: '2026-03-19T18:00:00.000Z',
      endTime: '2026-03-19T19:15:00.000Z',
      isAllDay: false,
      timezone: 'America/Denver',
      location: 'Riverton City Hall',
      cancelled: false,
    },
    canChange: true,
    closedReason: null,
    seatsLeft: null,
    canAccept: false,
    checkInCode: null,
    order: null,
    ticket: null,
    ...overrides,
  };
}

function renderPage(entry: string, routes: Record<string, FakeRoute>) {
  const api = stubApi(routes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ChamberContext value={testChamber}>
        <AuthProvider>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/registrations/manage" element={<ManageRegistrationPage />} />
              <Route path="/events/:id" element={<p>Event page</p>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </ChamberContext>
    </QueryClientProvider>,
  );
  return api;
}

const link = `/registrations/manage#token=${TOKEN}`;

describe('the manage link’s page', () => {
  it('reads the token from the fragment and sends it in a header, never in an address', async () => {
    const api = renderPage(link, { 'GET /registrations/manage': () => json(200, managed()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harvest Mixer' })).toBeTruthy();
    expect(screen.getByText('robin@halebakery.example')).toBeTruthy();
    expect(screen.getByText('Riverton City Hall')).toBeTruthy();
    expect(screen.getByText(/Thursday, March 19, 2026, 12:00 PM – 1:15 PM MDT/)).toBeTruthy();
    expect((screen.getByLabelText('Number of Guests') as HTMLInputElement).value).toBe('2');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.route).toBe('GET /registrations/manage');
    expect(api.calls[0]!.headers['x-registration-token']).toBe(TOKEN);
    expect(JSON.stringify(api.calls.map((c) => c.route))).not.toContain(TOKEN);
  });

  it('asks for a new link by email: the page then says earlier links stopped working', async () => {
    const message =
      "We've emailed a new link to robin@halebakery.example. Links in earlier emails no longer work.";
    const api = renderPage(link, {
      'GET /registrations/manage': () => json(200, managed()),
      'POST /registrations/manage/new-link': () => json(200, { message }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Harvest Mixer' });
    expect(
      screen.getByText(/The links in all your emails about this registration work/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Link Sent' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    const post = api.calls.find((c) => c.route === 'POST /registrations/manage/new-link')!;
    expect(post.headers['x-registration-token']).toBe(TOKEN);
  });

  it('changes the party size and details', async () => {
    const api = renderPage(link, {
      'GET /registrations/manage': () => json(200, managed()),
      'PUT /registrations/manage': () =>
        json(
          200,
          managed({
            registration: { ...managed().registration, guests: 5, phone: null, notes: null },
          }),
        ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Harvest Mixer' });
    fireEvent.change(screen.getByLabelText('Number of Guests'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Number of guests must be between 1 and 10')).toBeTruthy();
    expect(api.bodies('PUT /registrations/manage')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Number of Guests'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Phone (optional)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.bodies('PUT /registrations/manage')).toEqual([
        { name: 'Robin Hale', phone: null, numberOfGuests: 5, notes: null },
      ]),
    );
    const put = api.calls.find((c) => c.route === 'PUT /registrations/manage')!;
    expect(put.headers['x-registration-token']).toBe(TOKEN);
    await waitFor(() =>
      expect((screen.getByLabelText('Number of Guests') as HTMLInputElement).value).toBe('5'),
    );
  });

  it('cancels after asking, and says so', async () => {
    const api = renderPage(link, {
      'GET /registrations/manage': () => json(200, managed()),
      'DELETE /registrations/manage': () =>
        json(200, { cancelled: true, message: 'Your registration is cancelled.' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Harvest Mixer' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Cancel your registration?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my registration' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.filter((c) => c.route === 'DELETE /registrations/manage')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find(
        (b) => b.textContent === 'Cancel registration',
      )!,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration Cancelled' }),
    ).toBeTruthy();
    expect(screen.getByText('Your registration is cancelled.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the event' }).getAttribute('href')).toBe(
      '/events/e-1',
    );
  });

  it('shows why nothing can change once the event has started', async () => {
    renderPage(link, {
      'GET /registrations/manage': () =>
        json(
          200,
          managed({
            canChange: false,
            closedReason: 'Registration is closed: this event has already started.',
          }),
        ),
    });
    expect(
      await screen.findByText('Registration is closed: this event has already started.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).toBeNull();
  });

  it('says a link is not valid: unknown to the server, or without a token at all', async () => {
    renderPage(link, {
      'GET /registrations/manage': () =>
        json(404, {
          error: 'not_found',
          message:
            'This link is not valid. It may have been replaced by a newer one you asked for, or the registration was cancelled.',
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText(/replaced by a newer one you asked for/)).toBeTruthy();
  });

  it('asks the server nothing when the address carries no token', async () => {
    const api = renderPage('/registrations/manage?token=in-the-query', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
