import {
  type MemberDetail,
  memberDetailSchema,
  type Profile,
  profileSchema,
} from '@chamber/contract';
import { vi } from 'vitest';

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export type Route = (body: unknown) => Response | Promise<Response>;
export interface Call {
  route: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` with a fake API: one handler per "METHOD /path" (without /api, with or
 * without the query string). Every call is recorded; a call without a handler fails the test.
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
      const handler = routes[route] ?? routes[route.split('?')[0]!];
      if (!handler) throw new Error(`No fake route for ${route}`);
      return handler(body);
    }),
  );
  return {
    calls,
    /** Bodies sent to one route, oldest first. */
    bodies: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body),
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
    tags: [],
    features: { enhanced: false, elite: false },
    canEdit: false,
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
