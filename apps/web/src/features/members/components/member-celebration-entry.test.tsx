import type { MyCelebrations } from '@chamber/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, makeMember, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { nextBooking } from '@/components/celebrations/celebration-entry';
import { MemberProfile } from './member-profile';

const booking = (over: Partial<MyCelebrations['celebrations'][number]> = {}) => ({
  id: 'b-1',
  kind: 'ribbon_cutting' as const,
  status: 'pending' as const,
  start: '2099-06-02T18:00:00.000Z',
  end: '2099-06-02T19:00:00.000Z',
  timezone: 'America/Denver',
  address: '12 Main St, Riverton, UT',
  description: 'Our new bakery opens.',
  expectedGuests: 30,
  galleryConsent: true,
  photos: [],
  staffNote: null,
  eventId: null,
  invoiceId: null,
  business: { id: 'c-1', name: 'Riverbend Bakery' },
  createdAt: '2099-04-01T00:00:00.000Z',
  ...over,
});

const mine = (celebrations: MyCelebrations['celebrations']): MyCelebrations => ({
  celebrations,
  mayBook: true,
  refusal: null,
  kinds: ['ribbon_cutting', 'grand_opening'],
  listingAddress: '12 Main St, Riverton, UT',
  checklist: ['Ceremonial scissors'],
  feeCents: 0,
  currency: 'USD',
});

async function showListing(viewer: ReturnType<typeof makeProfile> | null) {
  const api = stubApi({
    ...(viewer ? signedInAs(viewer) : {}),
    'GET /members/c-1': () => json(200, makeMember()),
    'GET /celebrations/mine': () => json(200, mine([booking()])),
  });
  renderWithProviders(<MemberProfile id="c-1" />);
  expect(await screen.findAllByRole('heading', { name: 'Riverbend Bakery' })).not.toHaveLength(0);
  if (viewer) {
    await waitFor(() => expect(api.calls.map((c) => c.route)).toContain('GET /auth/profile'));
  }
  return api;
}

describe('booking a ribbon cutting from the member page', () => {
  it('shows the owner their next booking with its state and the way to the booking form', async () => {
    await showListing(makeProfile());
    const region = await screen.findByRole('region', { name: 'Ribbon cuttings and celebrations' });
    expect(region.textContent).toContain('Your ribbon cutting: Tuesday, June 2, 2099 at 12:00 PM');
    expect(region.textContent).toContain('Waiting for staff');
    expect(screen.getByRole('link', { name: 'Book a ribbon cutting' }).getAttribute('href')).toBe(
      '/membership#celebrations',
    );
  });

  it('shows another member nothing, and does not ask for bookings', async () => {
    const api = await showListing(makeProfile({ id: 'u-2', contactId: 'c-2' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Book a ribbon cutting' })).toBeNull();
    expect(api.calls.map((c) => c.route)).not.toContain('GET /celebrations/mine');
  });

  it('shows a visitor nothing, and does not ask for bookings', async () => {
    const api = await showListing(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Book a ribbon cutting' })).toBeNull();
    expect(api.calls.map((c) => c.route)).not.toContain('GET /celebrations/mine');
  });
});

describe('nextBooking', () => {
  const now = new Date('2099-05-01T00:00:00Z');
  it('is the soonest booking still holding its slot and not over', () => {
    const past = booking({
      id: 'past',
      status: 'confirmed',
      start: '2099-04-01T18:00:00.000Z',
      end: '2099-04-01T19:00:00.000Z',
    });
    const declined = booking({ id: 'declined', status: 'declined', start: '2099-05-10T18:00:00Z' });
    const later = booking({
      id: 'later',
      start: '2099-08-01T18:00:00Z',
      end: '2099-08-01T19:00:00Z',
    });
    const soon = booking({ id: 'soon', status: 'confirmed' });
    expect(nextBooking([later, past, declined, soon], now)?.id).toBe('soon');
    expect(nextBooking([past, declined], now)).toBeNull();
  });
});
