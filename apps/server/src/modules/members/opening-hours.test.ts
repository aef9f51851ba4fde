import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openingHoursSchema,
  openingStateAt,
  type MemberDetail,
  type MemberList,
  type OpeningHoursInput,
} from '@chamber/contract';
import { chambers } from '@chamber/db';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';
import {
  bearer,
  getMember,
  listMembers,
  signedInAdmin,
  signedInMember,
  storedContact,
} from '../../test/members.js';

const ZONE = 'America/New_York';
let ctx: TestContext;
let owner: { contactId: string; token: string };
let other: { token: string };
let adminToken: string;

// A bakery with a lunch break, and a hardware store open on Saturdays, both in New York time.
const bakery: OpeningHoursInput = {
  days: {
    monday: [
      { opens: '07:00', closes: '11:30' },
      { opens: '13:00', closes: '18:00' },
    ],
    tuesday: [{ opens: '07:00', closes: '18:00' }],
    sunday: [{ opens: '08:00', closes: '12:00' }],
  },
  closures: [{ date: '2026-03-17', note: 'St. Patrick’s Day' }],
};
const hardware: OpeningHoursInput = {
  days: {
    saturday: [{ opens: '08:00', closes: '17:00' }],
    sunday: [{ opens: '10:00', closes: '14:00' }],
    tuesday: [{ opens: '09:00', closes: '17:30' }],
  },
};
let hardwareId: string;

const putHours = (id: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/members/${id}/hours`,
    headers: bearer(token),
    payload: payload as object,
  });

const openNow = async () => {
  const res = await listMembers(ctx, { openNow: 'true', limit: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberList>().members.map((m) => m.businessName);
};

const setClock = (instant: string) => {
  ctx.clock.advance(new Date(instant).getTime() - ctx.clock.now().getTime());
};

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db
    .insert(chambers)
    .values({ id: 'riverton-chamber', name: 'Riverton Chamber', timezone: ZONE })
    .onConflictDoUpdate({ target: chambers.id, set: { timezone: ZONE } });
  owner = await signedInMember(ctx, 'standard', { businessName: 'Hearth Bakery' });
  other = await signedInMember(ctx, 'elite', { businessName: 'Other Shop' });
  adminToken = await signedInAdmin(ctx);
  const store = await createContact(ctx.db, {
    businessName: 'Main Street Hardware',
    openingHours: openingHoursSchema.parse(hardware),
  });
  hardwareId = store.id;
});
afterAll(() => ctx.close());

describe('PUT /api/members/{id}/hours', () => {
  it('saves the owner’s hours, in order, and shows them on the listing', async () => {
    const res = await putHours(owner.contactId, bakery, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<MemberDetail>().openingHours!;
    expect(saved.days.monday).toEqual(bakery.days.monday);
    expect(saved.days.wednesday).toEqual([]);
    expect(saved.closures).toEqual([{ date: '2026-03-17', note: 'St. Patrick’s Day' }]);
    const page = await getMember(ctx, owner.contactId);
    expect(page.json<MemberDetail>().openingHours).toEqual(saved);
  });

  it('refuses another member, and leaves the hours as they were', async () => {
    const res = await putHours(owner.contactId, { days: {} }, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect((await putHours(owner.contactId, { days: {} })).statusCode).toBe(401);
    expect((await storedContact(ctx, owner.contactId)).openingHours?.days.monday).toHaveLength(2);
  });

  it('lets staff set a member’s hours', async () => {
    const res = await putHours(hardwareId, hardware, adminToken);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    [
      'an interval that ends before it starts',
      { days: { monday: [{ opens: '18:00', closes: '09:00' }] } },
      'days.monday.0.closes',
      "Monday's hours must close after they open (6:00 PM – 9:00 AM)",
    ],
    [
      'overlapping intervals',
      {
        days: {
          friday: [
            { opens: '09:00', closes: '13:00' },
            { opens: '12:00', closes: '17:00' },
          ],
        },
      },
      'days.friday.1.opens',
      "Friday's hours overlap (9:00 AM – 1:00 PM and 12:00 PM – 5:00 PM)",
    ],
    [
      'a time that is no HH:MM',
      { days: { sunday: [{ opens: '8am', closes: '12:00' }] } },
      'days.sunday.0.opens',
      'must be a 24-hour time written HH:MM',
    ],
    [
      'a closure on a day that does not exist',
      { days: {}, closures: [{ date: '2026-02-30' }] },
      'closures.0.date',
      'must be a day that exists',
    ],
  ])('refuses %s with a 400 naming the field', async (_, payload, path, message) => {
    const res = await putHours(owner.contactId, payload, owner.token);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.message).toBe(`${path}: ${message}`);
    expect(body.issues).toContainEqual({ path, message });
  });

  it('clears the hours when no day has any and no closure is left', async () => {
    const member = await signedInMember(ctx, 'standard');
    await putHours(member.contactId, bakery, member.token);
    const res = await putHours(member.contactId, { days: {}, closures: [] }, member.token);
    expect(res.json<MemberDetail>().openingHours).toBeNull();
  });
});

describe('GET /api/members?openNow=true', () => {
  it('lists the businesses open now on the chamber’s clock, across the spring change', async () => {
    await putHours(owner.contactId, bakery, owner.token);
    // Saturday 7 March 2026, 14:30 EST: the hardware store only.
    setClock('2026-03-07T19:30:00Z');
    expect(await openNow()).toEqual(['Main Street Hardware']);
    // Sunday 8 March (clocks went forward at 2:00): 12:30 UTC is 8:30 EDT, the bakery is open;
    // on the winter offset it would be 7:30 and closed.
    setClock('2026-03-08T12:30:00Z');
    expect(await openNow()).toEqual(['Hearth Bakery']);
    // 14:00 UTC is 10:00 EDT: both.
    setClock('2026-03-08T14:00:00Z');
    expect(await openNow()).toEqual(['Hearth Bakery', 'Main Street Hardware']);
    // Monday 9 March, 11:45 EDT: the bakery's lunch break.
    setClock('2026-03-09T15:45:00Z');
    expect(await openNow()).toEqual([]);
    // Tuesday 17 March, 10:00 EDT: the hardware store; the bakery is closed for the holiday.
    setClock('2026-03-17T14:00:00Z');
    expect(await openNow()).toEqual(['Main Street Hardware']);
    // The unfiltered directory lists everyone whatever the hour.
    const all = (await listMembers(ctx, { limit: 100 })).json<MemberList>();
    expect(all.total).toBeGreaterThan(2);
  });

  it('moves on with the clock although no data changed (a kept page is one minute’s)', async () => {
    // Tuesday 10 March, 17:29 EDT: both open; at 17:30 the hardware store has closed.
    setClock('2026-03-10T21:29:00Z');
    expect(await openNow()).toEqual(['Hearth Bakery', 'Main Street Hardware']);
    ctx.clock.advance(60_000);
    expect(await openNow()).toEqual(['Hearth Bakery']);
  });

  it('agrees with openingStateAt at any moment, whatever daylight saving does', async () => {
    const stored = [
      { name: 'Hearth Bakery', hours: openingHoursSchema.parse(bakery) },
      { name: 'Main Street Hardware', hours: openingHoursSchema.parse(hardware) },
    ];
    // Minutes within four days of either change of 2026, and around the bakery's closure.
    const changes = ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2026-03-17T04:00:00Z'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...changes),
        fc.integer({ min: -4 * 24 * 60, max: 4 * 24 * 60 }),
        async (change, minutes) => {
          const instant = new Date(new Date(change).getTime() + minutes * 60_000);
          setClock(instant.toISOString());
          const expected = stored
            .filter((s) => openingStateAt(s.hours, instant, ZONE)?.open)
            .map((s) => s.name);
          expect(await openNow()).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an openNow that is no boolean', async () => {
    const res = await listMembers(ctx, { openNow: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^openNow in querystring/);
  });
});
