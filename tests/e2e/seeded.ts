import { chamber, demoContacts, demoPaymentDetails } from '../../apps/server/src/seed/demo-data';
import { adminApi, apiToken, chamberApi, membershipSettingsApi } from './admin-api';
import { expect, type PutBackApi } from './fixtures';

// What the seed makes of the chamber-wide things the specs change, and the steps that put them
// back (register them with the `putBack` fixture before the change). They put back the seed's
// values, not what a test read at its start: a test that failed halfway, or its retry, would
// read its own leftovers there and keep them.

/** The Enhanced plan as migration 0015 adds it (packages/db/drizzle/0015_membership_dues.sql). */
export const seededEnhancedPlan = {
  name: 'Enhanced',
  description: 'Stand out in the directory and get a seat at the monthly luncheon.',
  priceCents: 55000,
  benefits: [
    'Website link in your directory listing',
    'One free luncheon ticket per month (not the Annual Dinner)',
    'A yearly feature in the local newspaper',
    'Address map on your listing',
    'Business bio on your listing',
  ],
  highlights: [
    'Everything in Basic',
    'Website link, business bio and address map',
    'One free luncheon ticket per month',
    'A yearly feature in the local newspaper',
  ],
  available: true,
  featured: true,
};

/**
 * The dues settings: the database's defaults (packages/db/src/schema/memberships.ts), which the
 * seed keeps, with how to pay filled in.
 */
export const seededDuesSettings = {
  currency: 'USD',
  termRule: 'anniversary',
  graceDays: 30,
  reminderDays: [30, 14, 1],
  autoChargeNoticeDays: 7,
  invoiceDueDays: 30,
  staffApproveNewMembers: false,
  lapsedListing: 'hidden',
  bankDetails: '',
  // How to pay offline, as the demo chamber has it.
  ...demoPaymentDetails,
};

/** The chamber's record as the seed writes it; the courses site is the column's default. */
export const seededChamber = { ...chamber, coursesUrl: '' };

/** The seed's contact for `email` (apps/server/src/seed/demo-data.ts). */
export function seededContact(email: string) {
  const contact = demoContacts.find((c) => c.email === email);
  if (!contact) throw new Error(`${email} is not one of the seed's contacts`);
  return contact;
}

/** The Enhanced plan back as seeded (PUT /api/admin/membership-plans/{id}). */
export async function putBackEnhancedPlan({ request, baseURL }: PutBackApi) {
  const plans = await request.get('/api/membership-plans');
  expect(plans.ok()).toBe(true);
  const { plans: list } = (await plans.json()) as { plans: { id: string; level: string }[] };
  const enhanced = list.find((p) => p.level === 'enhanced')!;
  const res = await request.put(`/api/admin/membership-plans/${enhanced.id}`, {
    headers: { Authorization: `Bearer ${await apiToken(request, baseURL)}` },
    data: seededEnhancedPlan,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The dues settings back as seeded. */
export async function putBackDuesSettings({ request, baseURL }: PutBackApi) {
  await (await membershipSettingsApi(request, baseURL)).put(seededDuesSettings);
}

/** The named fields of the chamber's record back as seeded; the others stay as they are. */
export function putBackChamber(...fields: (keyof typeof seededChamber)[]) {
  return async ({ request, baseURL }: PutBackApi) => {
    const api = await chamberApi(request, baseURL);
    const now = await api.get();
    for (const field of fields) now[field] = seededChamber[field];
    await api.put(now);
  };
}

/**
 * A seeded member's listing and login back as seeded: the listing's texts, links, coupon
 * codes and opening hours and no photo, then the login's role, status, tier and contact details. The listing
 * goes first, while a tier a test raised still lets it clear what that tier unlocked.
 */
export function putBackMember(email: string) {
  return async ({ request, baseURL }: PutBackApi) => {
    const seeded = seededContact(email);
    const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
    const staff = await adminApi(request, baseURL);
    const user = await staff.find(email);
    const contactId = user.contactId!;
    const listing = await request.put(`/api/members/${contactId}`, {
      headers,
      data: {
        businessName: seeded.business,
        companyName: seeded.business,
        phone: seeded.phone,
        website: seeded.website ?? null,
        tagline: seeded.tagline,
        bio: seeded.bio ?? null,
        address1: seeded.address1,
        city: 'Riverton',
        state: 'UT',
        postalCode: '84065',
        specialties: seeded.specialties,
        couponCodes: seeded.couponCodes ?? [],
        socialLinks: seeded.socialLinks ?? [],
      },
    });
    expect(listing.ok(), await listing.text()).toBe(true);
    const hours = await request.put(`/api/members/${contactId}/hours`, {
      headers,
      data: seeded.hours ?? { days: {} },
    });
    expect(hours.ok(), await hours.text()).toBe(true);
    const avatar = await request.put(`/api/members/${contactId}/avatar`, {
      headers,
      data: { avatarUrl: '' },
    });
    expect(avatar.ok(), await avatar.text()).toBe(true);
    await staff.update(user, {
      role: 'member',
      status: 'active',
      membershipTier: seeded.tier,
      businessName: seeded.business,
      phone: seeded.phone,
      website: seeded.website ?? null,
    });
  };
}
