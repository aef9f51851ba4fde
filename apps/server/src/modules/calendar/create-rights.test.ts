import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@chamber/contract';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createAppointment, createCalendar, createPayload } from '../../test/calendar.js';

// The profile tells the web app whether this account may add events, so a pending member reads
// why not before filling the form; what it says must be what creating an event answers.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
});
afterAll(() => ctx.close());

async function profileOf(token: string) {
  const res = await ctx.app.inject({
    url: '/api/auth/profile',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Profile>();
}

describe('the profile says whether the account may create events', () => {
  it.each([
    ['an active member', 'member', 'active', true],
    ['a pending member', 'member', 'pending', false],
    ['a pending moderator', 'moderator', 'pending', false],
    ['an active admin without a listing', 'admin', 'active', true],
  ] as const)('%s', async (_who, role, status, allowed) => {
    const user = await createTestUser(ctx.db, { role, status, contact: role === 'member' });
    const token = await signIn(ctx, user.email);
    const profile = await profileOf(token);
    expect(profile.canCreateEvents).toBe(allowed);

    const created = await createAppointment(ctx, createPayload(), token);
    expect(created.statusCode, created.body).toBe(allowed ? 201 : 403);
    if (allowed) {
      expect(profile.createEventsRefusal).toBeNull();
    } else {
      expect(profile.createEventsRefusal).toBe(
        'Your membership is not active yet. Events can be added once the chamber confirms it.',
      );
      expect(created.json<{ message: string }>().message).toBe(profile.createEventsRefusal);
    }
  });
});
