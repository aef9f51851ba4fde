import { peopleMessages, type InvitationPreview } from '@chamber/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { InvitationPage } from './invitation-page';

const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  businessName: 'Riverbend Bakery',
  role: 'editor',
  email: 'sam@riverbendbakery.example',
  hasAccount: false,
  expiresAt: '2026-12-06T10:00:00.000Z',
  ...overrides,
});

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/invitations/:token" element={<InvitationPage token="t-1" />} />
      <Route path="/account" element={<p>The hub</p>} />
    </Routes>,
    { route: '/invitations/t-1' },
  );
}

// Each test renders a page's worth of Radix controls; a busy machine takes seconds for that.
describe('InvitationPage', { timeout: 15_000 }, () => {
  it('says a used, withdrawn or expired link is no longer valid, as a page', async () => {
    stubApi({
      'GET /invitations/t-1': () =>
        json(410, { error: 'gone', message: peopleMessages.invitationGone }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invitation no longer valid' })).toBeTruthy();
    expect(screen.getByText(peopleMessages.invitationGone)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers a new sign-in, and signing in instead, to someone signed out', async () => {
    stubApi({ 'GET /invitations/t-1': () => json(200, preview()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Join Riverbend Bakery' })).toBeTruthy();
    expect(screen.getByText('Listing editor')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Create your sign-in' })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?from=%2Finvitations%2Ft-1',
    );
  });

  it('tells someone signed in with another address to use the invited one', async () => {
    stubApi({
      ...signedInAs(makeProfile({ email: 'maria@riverbendbakery.example' })),
      'GET /invitations/t-1': () => json(200, preview({ hasAccount: true })),
    });
    renderPage();
    expect(await screen.findByText(peopleMessages.wrongAddress)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Riverbend Bakery' })).toBeNull();
  });

  it('joins with the invited sign-in, acts for the business and opens the hub', async () => {
    let acting = 'c-9';
    const api = stubApi({
      'GET /auth/validate': () => json(200, { valid: true }),
      'GET /auth/profile': () =>
        json(200, makeProfile({ email: 'sam@riverbendbakery.example', contactId: acting })),
      'GET /invitations/t-1': () => json(200, preview({ hasAccount: true })),
      'POST /invitations/t-1/accept': () =>
        json(200, {
          contactId: 'c-1',
          businessName: 'Riverbend Bakery',
          role: 'editor',
          email: 'sam@riverbendbakery.example',
          createdSignIn: false,
        }),
      'PUT /account/business': (body) => {
        acting = (body as { contactId: string }).contactId;
        return json(200, {
          businesses: [
            { contactId: 'c-9', businessName: 'Sam’s Shop', role: 'primary', acting: false },
            { contactId: 'c-1', businessName: 'Riverbend Bakery', role: 'editor', acting: true },
          ],
        });
      },
    });
    sessionStorage.setItem('token', 'test-token');
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Join Riverbend Bakery' }));
    expect(await screen.findByText('The hub')).toBeTruthy();
    expect(api.bodies('POST /invitations/t-1/accept')).toEqual([{}]);
    expect(api.bodies('PUT /account/business')).toEqual([{ contactId: 'c-1' }]);
    await waitFor(() => expect(acting).toBe('c-1'));
    // The spent link is not read again on the way to the hub (it would say so for a moment).
    expect(api.calls.filter((c) => c.route === 'GET /invitations/t-1')).toHaveLength(1);
  });
});
