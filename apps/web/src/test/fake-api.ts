import {
  type BusinessPerson,
  type MemberDetail,
  memberDetailSchema,
  type MembershipPlan,
  membershipPlanSchema,
  type Profile,
  profileSchema,
} from '@chamber/contract';
import { vi } from 'vitest';
import { checkAnswer } from './contract-answers';

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export type Route = (body: unknown) => Response | Promise<Response>;

/**
 * The chamber's plans as the seed has them (migration 0015), checked against the contract.
 * `overrides` change plans by level.
 */
export function makePlans(
  overrides: Partial<Record<MembershipPlan['level'], Partial<MembershipPlan>>> = {},
): MembershipPlan[] {
  const seed: MembershipPlan[] = [
    {
      id: '00000000-0000-4000-8000-000000000001',
      level: 'standard',
      name: 'Basic',
      slug: 'basic',
      description: 'Get your business listed and start meeting the local business community.',
      priceCents: 30000,
      currency: 'USD',
      benefits: [
        'Listing in the member directory',
        'Chamber newsletter',
        'Fall Festival booth for $30 (register by July 1st)',
        'Discounted education courses, offered quarterly',
        'Networking at chamber luncheons',
        'Sponsorship opportunities',
      ],
      highlights: ['Listing in the member directory', 'Chamber newsletter'],
      ticketBenefits: [],
      featured: false,
      available: true,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      level: 'enhanced',
      name: 'Enhanced',
      slug: 'enhanced',
      description: 'Stand out in the directory and get a seat at the monthly luncheon.',
      priceCents: 55000,
      currency: 'USD',
      benefits: [
        'Website link in your directory listing',
        'One free luncheon ticket per month (not the Annual Dinner)',
        'A yearly feature in the local newspaper',
        'Address map on your listing',
        'Business bio on your listing',
      ],
      highlights: ['Everything in Basic', 'Website link, business bio and address map'],
      ticketBenefits: [],
      featured: true,
      available: true,
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      level: 'elite',
      name: 'Elite',
      slug: 'elite',
      description: 'Maximum visibility across radio, luncheons and the member directory.',
      priceCents: 90000,
      currency: 'USD',
      benefits: ['A yearly radio spotlight', 'Luncheon placemat ad', 'Cover image on your listing'],
      highlights: ['Everything in Basic and Enhanced', 'A yearly radio spotlight'],
      ticketBenefits: [],
      featured: false,
      available: true,
    },
  ];
  return seed.map((plan) => membershipPlanSchema.parse({ ...plan, ...overrides[plan.level] }));
}

/** Answers every fake API gives unless a test names the route itself. */
const defaultRoutes: Record<string, Route> = {
  'GET /membership-plans': () => json(200, { plans: makePlans() }),
};
/**
 * A member page reads its business's celebrations after hydration, an event page its
 * celebration's photos, and the owner's own page their bookings: none, and nothing to book,
 * unless a test says.
 */
const noCelebrations = (route: string): Route | undefined =>
  route.startsWith('GET /celebrations/listing/')
    ? () => json(200, { celebrations: [] })
    : /^GET \/celebrations\/event\/[^/]+\/photos$/.test(route)
      ? () => json(200, { photos: [], business: null })
      : route === 'GET /celebrations/mine'
        ? () =>
            json(200, {
              celebrations: [],
              mayBook: false,
              refusal: 'None of the celebrations is open to your business.',
              kinds: [],
              listingAddress: '',
              checklist: [],
              feeCents: 0,
              currency: 'USD',
            })
        : undefined;
export interface Call {
  route: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with a fake API: one handler per "METHOD /path" (without /api, with or
 * without the query string). Every call is recorded; a call without a handler fails the test,
 * and so does an answer the contract does not allow (contract-answers.ts).
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const route = `${init.method} ${url.replace(/^\/api/, '')}`;
      const body: unknown = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ route, body, headers: { ...(init.headers as Record<string, string>) } });
      // A route may be named with its query string, or without it to match any query.
      const handler =
        routes[route] ??
        routes[route.split('?')[0]!] ??
        defaultRoutes[route.split('?')[0]!] ??
        noCelebrations(route);
      if (!handler) throw new Error(`No fake route for ${route}`);
      const response = await handler(body);
      await checkAnswer(route, response);
      return response;
    }),
  );
  return {
    calls,
    /** Bodies sent to one route, oldest first. */
    bodies: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body),
  };
}

/**
 * A person of a business as GET /members/{id}/people lists them: Maria Lopez, the primary
 * person of Riverbend Bakery, signed in as the viewer unless told otherwise.
 */
export function makePerson(overrides: Partial<BusinessPerson> = {}): BusinessPerson {
  return {
    id: 'p-1',
    role: 'primary',
    firstName: 'Maria',
    lastName: 'Lopez',
    name: 'Maria Lopez',
    title: 'Owner',
    email: 'maria@riverbendbakery.example',
    phone: null,
    shownOnListing: true,
    hasSignIn: true,
    isYou: true,
    ...overrides,
  };
}

/**
 * A member as GET /members/{id} answers it, checked against the contract: a change to the
 * answer's shape fails here, not in production. `features` and `canEdit` are the server's to
 * decide, so each test states them (a standard member nobody may edit unless told).
 */
export function makeMember(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return memberDetailSchema.parse({
    id: 'c-1',
    firstName: 'Maria',
    lastName: 'Lopez',
    name: 'Maria Lopez',
    email: 'maria@riverbendbakery.example',
    businessName: 'Riverbend Bakery',
    companyName: null,
    phone: '(801) 555-0142',
    website: null,
    bio: null,
    tagline: null,
    avatar: null,
    coverImage: null,
    couponCodes: [],
    socialLinks: [],
    gallery: [],
    address1: null,
    city: null,
    state: null,
    postalCode: null,
    memberSince: '2019-04-12',
    createdAt: '2019-04-12T00:00:00.000Z',
    membershipTier: 'standard',
    status: 'active',
    role: 'member',
    specialties: [],
    categories: [],
    location: null,
    openingHours: null,
    tags: [],
    features: { enhanced: false, elite: false },
    categoryLimit: 1,
    canEdit: false,
    people: [],
    reminderHours: 24,
    ...overrides,
  });
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    id: 'u-1',
    role: 'member',
    status: 'active',
    firstName: 'Maria',
    lastName: 'Lopez',
    name: 'Maria Lopez',
    email: 'maria@riverbendbakery.example',
    phone: '(801) 555-0142',
    contactId: 'c-1',
    businessName: 'Riverbend Bakery',
    membershipTier: 'standard',
    paymentStatus: 'paid',
    createdAt: '2024-02-01T00:00:00.000Z',
    canCreateEvents: true,
    createEventsRefusal: null,
    ...overrides,
  });
}

/** Routes that sign `profile` in from a stored token, as the app does at start. */
export function signedInAs(profile: Profile): Record<string, Route> {
  sessionStorage.setItem('token', 'test-token');
  return {
    'GET /auth/validate': () => json(200, { valid: true }),
    'GET /auth/profile': () => json(200, profile),
  };
}
