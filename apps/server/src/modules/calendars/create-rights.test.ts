import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@chamber/contract';
import { memberships } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { createAppointment, createCalendar, createPayload } from '../../test/calendar.js';
import { dataUrl, makeImage } from '../../test/members.js';

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

describe('a member whose membership is not current', () => {
  const notYet =
    'Your membership is not active yet. Events can be added once the chamber confirms it.';
  const lapsedText = 'Your membership has lapsed. Events can be added again once it is renewed.';
  it.each([
    ['an activated login whose membership is unpaid', 'pending', notYet],
    ['a member whose membership lapsed', 'failed', lapsedText],
    ['a member whose membership was cancelled', 'cancelled', lapsedText],
  ] as const)('%s adds no events nor their files', async (_who, paymentStatus, refusal) => {
    const user = await createTestUser(ctx.db, { contact: { paymentStatus } });
    const token = await signIn(ctx, user.email);
    const profile = await profileOf(token);
    expect(profile).toMatchObject({ canCreateEvents: false, createEventsRefusal: refusal });
    const created = await createAppointment(ctx, createPayload(), token);
    expect(created.statusCode).toBe(403);
    expect(created.json<{ message: string }>().message).toBe(refusal);
    const cover = await ctx.app.inject({
      method: 'POST',
      url: '/api/medias/upload-event-cover',
      headers: { authorization: `Bearer ${token}` },
      payload: { fileData: dataUrl(await makeImage('png')), fileName: 'cover.png' },
    });
    expect(cover.statusCode).toBe(403);
  });

  it('in grace still adds events', async () => {
    const user = await createTestUser(ctx.db);
    await ctx.db
      .update(memberships)
      .set({ status: 'grace' })
      .where(eq(memberships.contactId, user.contactId!));
    const token = await signIn(ctx, user.email);
    expect((await profileOf(token)).canCreateEvents).toBe(true);
    expect((await createAppointment(ctx, createPayload(), token)).statusCode).toBe(201);
  });
});
