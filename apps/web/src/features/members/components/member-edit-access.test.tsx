import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMember, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MemberProfile } from './member-profile';

/** Another member's listing, as the server answers it to a viewer it lets edit or not. */
const listing = (canEdit: boolean) =>
  makeMember({
    id: 'c-2',
    firstName: 'Owen',
    lastName: 'Hale',
    name: 'Owen Hale',
    email: 'owen@haleandsons.example',
    businessName: 'Hale & Sons Hardware',
    canEdit,
  });

async function showAs(role: 'moderator', status: 'active' | 'pending', canEdit: boolean) {
  const api = stubApi({
    ...signedInAs(makeProfile({ role, status, contactId: null, businessName: null })),
    'GET /members/c-2': () => json(200, listing(canEdit)),
  });
  renderWithProviders(<MemberProfile id="c-2" />);
  expect(await screen.findAllByRole('heading', { name: 'Hale & Sons Hardware' })).not.toHaveLength(
    0,
  );
  // The session has loaded: what the page shows is for this viewer.
  await waitFor(() => expect(api.calls.map((c) => c.route)).toContain('GET /auth/profile'));
}

describe('who sees Edit on a member page', () => {
  it('shows a pending moderator no Edit button: the server answers canEdit false for them', async () => {
    await showAs('moderator', 'pending', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  });

  it('shows an active moderator the Edit button the server allows them', async () => {
    await showAs('moderator', 'active', true);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });
});
