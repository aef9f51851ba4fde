import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, makeMember, makePlans, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MemberError, MemberProfile } from './member-profile';

const elite = makeMember({
  membershipTier: 'elite',
  tags: ['elite'],
  features: { enhanced: true, elite: true },
  tagline: 'Fresh bread every morning',
  coverImage: '/api/media/cover.jpg',
  website: 'https://riverbendbakery.example',
  bio: 'Family bakery since 1998.',
  address1: '12 Main St',
  city: 'Riverton',
  state: 'UT',
  postalCode: '84065',
  couponCodes: ['BREAD10'],
});

describe('MemberProfile', () => {
  it('shows an elite member: cover, contact card with map, bio and offers', async () => {
    stubApi({ 'GET /members/c-1': () => json(200, elite) });
    renderWithProviders(<MemberProfile id="c-1" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Riverbend Bakery' })).toBeTruthy();
    expect(screen.getByText('Fresh bread every morning')).toBeTruthy();
    expect(document.querySelector('img[src="/api/media/cover.jpg"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'maria@riverbendbakery.example' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(801) 555-0142' }).getAttribute('href')).toBe(
      'tel:8015550142',
    );
    expect(screen.getByText('12 Main St')).toBeTruthy();
    expect(screen.getByText('Riverton, UT, 84065')).toBeTruthy();
    const map = screen.getByTitle('Map of 12 Main St, Riverton, UT, 84065');
    expect(map.getAttribute('src')).toBe(
      'https://www.google.com/maps?q=12%20Main%20St%2C%20Riverton%2C%20UT%2C%2084065&z=12&output=embed',
    );
    expect(map.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: /View on Maps/ }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(screen.getByText('Family bakery since 1998.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Special Offers' })).toBeTruthy();
    expect(screen.getByText('BREAD10')).toBeTruthy();
    expect(screen.getByText('April 12, 2019')).toBeTruthy();
    // Anonymous viewers cannot edit.
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('keeps a standard member plain, its tier named by the plan: no cover, website or map', async () => {
    stubApi({
      'GET /membership-plans': () =>
        json(200, { plans: makePlans({ standard: { name: 'Starter' } }) }),
      'GET /members/c-1': () =>
        json(
          200,
          makeMember({ coverImage: '/api/media/cover.jpg', email: null, memberSince: null }),
        ),
    });
    renderWithProviders(<MemberProfile id="c-1" />);

    expect(
      await screen.findByText('Proud member of the Riverton Area Chamber of Commerce'),
    ).toBeTruthy();
    expect(document.querySelector('img[src="/api/media/cover.jpg"]')).toBeNull();
    expect(screen.queryByTitle(/Map of/)).toBeNull();
    expect(screen.queryByText('Email')).toBeNull();
    // The API's `standard`, as people read it: the lowest plan's name.
    await waitFor(() => expect(screen.getAllByText('Starter').length).toBeGreaterThan(0));
    expect(screen.queryByText('Standard')).toBeNull();
    // A roster member the chamber gave no join date: the spec's 'Unknown'.
    expect(screen.getByText('Member Since').nextElementSibling?.textContent).toBe('Unknown');
  });

  it('lists the people shown on the listing, with an email link only when given', async () => {
    stubApi({
      'GET /members/c-1': () =>
        json(
          200,
          makeMember({
            people: [
              { id: 'p-1', name: 'Maria Lopez', title: 'Owner', email: 'maria@riverbend.example' },
              { id: 'p-2', name: 'Sam Ortiz', title: '', email: null },
            ],
          }),
        ),
    });
    renderWithProviders(<MemberProfile id="c-1" />);

    const heading = await screen.findByRole('heading', { name: 'People' });
    const list = within(heading.parentElement!).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Maria LopezOwnermaria@riverbend.example',
      'Sam Ortiz',
    ]);
    expect(
      within(items[0]!).getByRole('link', { name: 'maria@riverbend.example' }).getAttribute('href'),
    ).toBe('mailto:maria@riverbend.example');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('shows no People section when nobody chose to be shown', async () => {
    stubApi({ 'GET /members/c-1': () => json(200, makeMember()) });
    renderWithProviders(<MemberProfile id="c-1" />);
    expect(await screen.findByText('Member Since')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'People' })).toBeNull();
  });

  it('shows Member not found with a way back on 404', async () => {
    stubApi({
      'GET /members/nope': () => json(404, { error: 'not_found', message: 'Member not found' }),
    });
    renderWithProviders(<MemberProfile id="nope" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Member not found')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Members' })).toBeTruthy();
  });

  it('says when no member id was given', () => {
    renderWithProviders(<MemberError message="No member ID provided" />);
    expect(screen.getByText('No member ID provided')).toBeTruthy();
  });

  it('lets the owner edit: gated fields by tier, Save sends the PUT, Cancel restores', async () => {
    let stored = makeMember({
      membershipTier: 'enhanced',
      tags: ['enhanced'],
      features: { enhanced: true, elite: false },
      canEdit: true,
    });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = stubApi({
      ...signedInAs(makeProfile()),
      'GET /members/c-1': () => json(200, stored),
      'PUT /members/c-1': (body) => {
        stored = { ...stored, ...(body as object) };
        return json(200, stored);
      },
    });
    renderWithProviders(<MemberProfile id="c-1" />);

    expect(await screen.findByText('Your Profile')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));

    // Edit mode is a chunk of its own: the form shows once it has loaded.
    const email = await screen.findByLabelText('Sign-in email', {}, { timeout: 5000 });
    expect((email as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText('Bio/About').getAttribute('rows')).toBe('4');
    expect(screen.getByLabelText('State').getAttribute('maxLength')).toBe('2');
    expect(screen.queryByLabelText('Coupon Codes')).toBeNull();
    expect(screen.queryByText('Cover image')).toBeNull();

    fireEvent.change(screen.getByLabelText('Tagline'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect((screen.getByLabelText('Tagline') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Tagline'), { target: { value: 'Warm rolls' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Riverton' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(api.bodies('PUT /members/c-1')).toEqual([
      {
        firstName: 'Maria',
        lastName: 'Lopez',
        phone: '(801) 555-0142',
        tagline: 'Warm rolls',
        businessName: 'Riverbend Bakery',
        bio: null,
        website: null,
        address1: null,
        city: 'Riverton',
        state: null,
        postalCode: null,
      },
    ]);
    expect(await screen.findByText('Warm rolls', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('validates before saving and shows the server’s refusal', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const api = stubApi({
      ...signedInAs(makeProfile({ role: 'admin', contactId: null })),
      'GET /members/c-1': () => json(200, { ...elite, canEdit: true }),
      'PUT /members/c-1': () =>
        json(403, { error: 'forbidden', message: 'You may not edit this member.' }),
    });
    renderWithProviders(<MemberProfile id="c-1" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(await screen.findByLabelText('Coupon Codes')).toBeTruthy();
    expect(screen.getByText('Cover image')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('First Name*'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(api.bodies('PUT /members/c-1')).toEqual([]);

    fireEvent.change(screen.getByLabelText('First Name*'), { target: { value: 'Maria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('You may not edit this member.'));
    expect(api.bodies('PUT /members/c-1')[0]).toMatchObject({ coupon_codes: '["BREAD10"]' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
