import type { AccountBusiness } from '@chamber/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/use-auth';
import { json, makeProfile, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { SideMenuBusinessSwitcher } from './business-switcher';
import { ProfileMenu } from './profile-menu';

const bakery: AccountBusiness = {
  contactId: 'c-1',
  businessName: 'Riverbend Bakery',
  role: 'primary',
  acting: true,
};
const cafe: AccountBusiness = {
  contactId: 'c-2',
  businessName: 'Riverbend Cafe',
  role: 'editor',
  acting: false,
};

/** A sign-in of the two businesses, acting for `acting`; PUT /account/business switches it. */
function signedInToTwo() {
  let acting = 'c-1';
  const businessName = () => (acting === 'c-1' ? 'Riverbend Bakery' : 'Riverbend Cafe');
  sessionStorage.setItem('token', 'test-token');
  return stubApi({
    'GET /auth/validate': () => json(200, { valid: true }),
    'GET /auth/profile': () =>
      json(200, makeProfile({ contactId: acting, businessName: businessName() })),
    'GET /account/businesses': () =>
      json(200, {
        businesses: [bakery, cafe].map((b) => ({ ...b, acting: b.contactId === acting })),
      }),
    'PUT /account/business': (body) => {
      acting = (body as { contactId: string }).contactId;
      return json(200, {
        businesses: [bakery, cafe].map((b) => ({ ...b, acting: b.contactId === acting })),
      });
    },
  });
}

/** What the rest of the app reads: the profile's business. */
function Acting() {
  const { user } = useAuth();
  return <p>Acting: {user?.businessName ?? 'nobody'}</p>;
}

// Each test renders a page's worth of Radix controls; a busy machine takes seconds for that.
describe('The business switcher', { timeout: 15_000 }, () => {
  it('lets a person of two businesses act for the other one from the account menu', async () => {
    const api = signedInToTwo();
    renderWithProviders(
      <>
        <ProfileMenu />
        <Acting />
      </>,
    );
    expect(await screen.findByText('Acting: Riverbend Bakery')).toBeTruthy();
    await waitFor(() => expect(api.calls.map((c) => c.route)).toContain('GET /account/businesses'));
    fireEvent.keyDown(screen.getByRole('button', { name: 'ML Account menu' }), { key: 'Enter' });
    const cafeItem = await screen.findByRole('menuitemradio', { name: /Riverbend Cafe/ });
    expect(
      screen.getByRole('menuitemradio', { name: /Riverbend Bakery/ }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(cafeItem);

    expect(await screen.findByText('Acting: Riverbend Cafe')).toBeTruthy();
    expect(api.bodies('PUT /account/business')).toEqual([{ contactId: 'c-2' }]);
  });

  it('shows nothing to a sign-in of one business', async () => {
    sessionStorage.setItem('token', 'test-token');
    const api = stubApi({
      'GET /auth/validate': () => json(200, { valid: true }),
      'GET /auth/profile': () => json(200, makeProfile()),
      'GET /account/businesses': () => json(200, { businesses: [bakery] }),
    });
    const chosen = vi.fn();
    renderWithProviders(<SideMenuBusinessSwitcher onChosen={chosen} />);
    await waitFor(() => expect(api.calls.map((c) => c.route)).toContain('GET /account/businesses'));
    expect(screen.queryByText('Acting for')).toBeNull();
  });

  it('switches from the side menu, the business acted for pressed', async () => {
    const api = signedInToTwo();
    const chosen = vi.fn();
    renderWithProviders(
      <>
        <SideMenuBusinessSwitcher onChosen={chosen} />
        <Acting />
      </>,
    );
    const bakeryButton = await screen.findByRole('button', { name: /Riverbend Bakery/ });
    expect(bakeryButton.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Riverbend Cafe/ }));
    expect(await screen.findByText('Acting: Riverbend Cafe')).toBeTruthy();
    expect(chosen).toHaveBeenCalled();
    expect(api.bodies('PUT /account/business')).toEqual([{ contactId: 'c-2' }]);
  });
});
