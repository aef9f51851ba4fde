import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { accounts, expect } from './fixtures';

// Staff calls through the API, for setting up and putting back what the admin specs change.

export interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  businessName: string | null;
  phone: string | null;
  website: string | null;
  role: string;
  status: string;
  membershipTier: string;
  paymentStatus: string;
  contactId: string | null;
  membershipId: string | null;
}

/** A bearer token for `account`, through the same PKCE sign-in the web app uses. */
export async function apiToken(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string } = accounts.admin,
) {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = new URL('/auth', baseURL).href;
  const authorize = await request.post('/api/auth/authorize', {
    data: {
      email: account.email,
      password: account.password,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      redirectUri,
    },
  });
  expect(authorize.ok()).toBe(true);
  const { code } = (await authorize.json()) as { code: string };
  const token = await request.post('/api/auth/token', {
    data: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });
  expect(token.ok()).toBe(true);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** Staff calls made as the seeded admin, for setting up and putting back. */
export async function adminApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  const find = async (email: string) => {
    const res = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers,
    });
    expect(res.ok()).toBe(true);
    const { users } = (await res.json()) as { users: AdminUser[] };
    const user = users.find((u) => u.email === email);
    if (!user) throw new Error(`${email} has no login in the seeded database`);
    return user;
  };
  const update = async (user: AdminUser, change: Partial<AdminUser>) => {
    const { id: _id, ...fields } = { ...user, ...change };
    const body = {
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      businessName: fields.businessName,
      phone: fields.phone,
      website: fields.website,
      role: fields.role,
      status: fields.status,
    };
    const res = await request.put(`/api/admin/users/${user.id}`, { headers, data: body });
    expect(res.ok(), await res.text()).toBe(true);
    // The tier is the membership's plan, read-only in the user's edit: staff change the plan.
    if (change.membershipTier && change.membershipTier !== user.membershipTier) {
      const plans = (await (await request.get('/api/membership-plans')).json()) as {
        plans: { id: string; level: string }[];
      };
      const plan = plans.plans.find((p) => p.level === change.membershipTier);
      if (!plan || !user.membershipId) throw new Error(`No plan ${change.membershipTier} to set`);
      const moved = await request.put(`/api/admin/memberships/${user.membershipId}/plan`, {
        headers,
        data: { planId: plan.id, reason: 'Set up by a test' },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  };
  return { find, update };
}

/** The chamber's record as PUT /api/locations/{id} takes it: every field but id and timezone. */
export type ChamberSettings = Record<string, string> & { name: string; phone: string };

/** The chamber's record, read and written as the seeded admin. */
export async function chamberApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  const config = await request.get('/api/config');
  expect(config.ok()).toBe(true);
  const { locationId } = (await config.json()) as { locationId: string };
  const url = `/api/locations/${encodeURIComponent(locationId)}`;
  const get = async (): Promise<ChamberSettings> => {
    const res = await request.get(url);
    expect(res.ok()).toBe(true);
    const { id: _id, timezone: _timezone, ...fields } = (await res.json()) as ChamberSettings;
    return fields as ChamberSettings;
  };
  const put = async (settings: ChamberSettings) => {
    const res = await request.put(url, { headers, data: settings });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { get, put };
}

/** The dues settings, read and written as the seeded admin. */
export async function membershipSettingsApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  const get = async (): Promise<Record<string, unknown>> => {
    const res = await request.get('/api/admin/membership-settings', { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const put = async (settings: Record<string, unknown>) => {
    const res = await request.put('/api/admin/membership-settings', { headers, data: settings });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { get, put };
}
