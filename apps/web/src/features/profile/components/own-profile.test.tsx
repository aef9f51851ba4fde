import type { Profile } from '@chamber/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/use-auth';
import { json, makeMember, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { OwnProfile } from './own-profile';

/** The profile page as the route renders it: from the signed-in user. */
function Page() {
  const { user } = useAuth();
  return user ? <OwnProfile profile={user} /> : null;
}

const group = (name: string) => screen.getByRole('group', { name });

describe('OwnProfile', () => {
  it('shows the account and its directory entry', async () => {
    stubApi({
      ...signedInAs(makeProfile({ membershipTier: 'elite', role: 'moderator' })),
      'GET /members/c-1': () =>
        json(
          200,
          makeMember({
            tags: ['elite'],
            features: { enhanced: true, elite: true },
            canEdit: true,
            tagline: 'Fresh bread every morning',
            bio: 'Family bakery since 1998.',
            couponCodes: ['BREAD10'],
            website: 'https://riverbendbakery.example',
          }),
        ),
    });
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Riverbend Bakery' })).toBeTruthy();
    expect(screen.getByText('Fresh bread every morning')).toBeTruthy();
    expect(screen.getByText('Family bakery since 1998.')).toBeTruthy();
    expect(screen.getByText('BREAD10')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Moderator')).toBeTruthy();
    expect(screen.getByText('Elite')).toBeTruthy();
    expect(screen.getByText('April 12, 2019')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^https:\/\/riverbendbakery/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my member page' }).getAttribute('href')).toBe(
      '/members/c-1',
    );
  });

  it("says 'Unknown' when the chamber has no join date, not when the login was made", async () => {
    stubApi({
      ...signedInAs(makeProfile()),
      'GET /members/c-1': () => json(200, makeMember({ memberSince: null })),
    });
    renderWithProviders(<Page />);
    const since = (await screen.findByText('Member Since')).nextElementSibling;
    expect(since?.textContent).toBe('Unknown');
    expect(screen.queryByText('February 1, 2024')).toBeNull();
  });

  it('says so when the member record fails to load', async () => {
    stubApi({
      ...signedInAs(makeProfile()),
      'GET /members/c-1': () => json(500, { error: 'internal', message: 'Boom' }),
    });
    renderWithProviders(<Page />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load profile')).toBeTruthy();
  });

  it('disables what the tier does not unlock, and does not send it', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = stubApi({
      ...signedInAs(makeProfile()),
      'GET /members/c-1': () => json(200, makeMember()),
      'PUT /auth/profile': (body) =>
        json(200, makeProfile({ ...(body as Partial<Profile>), name: 'Marisol Lopez' })),
    });
    renderWithProviders(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    const business = group('Business profile');
    expect((business as HTMLFieldSetElement).disabled).toBe(true);
    expect(within(business).getByRole('link', { name: 'Enhanced membership' })).toBeTruthy();
    expect(within(group('Special offers')).getByRole('link').getAttribute('href')).toBe(
      '/elite-membership',
    );
    const email = screen.getByLabelText('Sign-in email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('maria@riverbendbakery.example');
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^To change it, use Change sign-in email on your profile page/,
    );

    fireEvent.change(screen.getByLabelText('First Name*'), { target: { value: 'Marisol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(api.bodies('PUT /auth/profile')).toEqual([
      {
        firstName: 'Marisol',
        lastName: 'Lopez',
        phone: '(801) 555-0142',
        tagline: null,
        businessName: 'Riverbend Bakery',
      },
    ]);
    // Back in view mode, showing the saved account.
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('never sends a changed email through the profile save', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const api = stubApi({
      ...signedInAs(makeProfile({ contactId: null, businessName: null })),
      'PUT /auth/profile': () =>
        json(400, { error: 'validation_failed', message: 'email: cannot be changed here' }),
    });
    renderWithProviders(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    // A login without a contact edits its account fields only.
    expect(screen.queryByLabelText('Tagline')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Business profile' })).toBeNull();

    // Even typed into (the field is read-only to the keyboard), the address is not sent.
    fireEvent.change(screen.getByLabelText('Sign-in email'), {
      target: { value: 'taken@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.bodies('PUT /auth/profile')).toHaveLength(1));
    expect(api.bodies('PUT /auth/profile')[0]).not.toHaveProperty('email');
    await waitFor(() => expect(failure).toHaveBeenCalledWith('email: cannot be changed here'));
  });
});
