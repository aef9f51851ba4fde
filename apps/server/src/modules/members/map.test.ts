import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig, MemberDetail, MemberList } from '@chamber/contract';
import { contacts } from '@chamber/db';
import { geocodeListingsJob, geocoderSettings } from '../../background/geocode-listings.js';
import { createContact, createTestApp, type TestContext } from '../../test/app.js';
import { startRunner, waitForRun } from '../../test/jobs.js';
import { startMapStandIn, type MapStandIn } from '../../test/map-stand-in.js';
import {
  bearer,
  listMembers,
  putMember,
  signedInAdmin,
  signedInMember,
  storedContact,
} from '../../test/members.js';
import { FIRST_RETRY_MS, ListingGeocoder } from './geocoding.js';

let ctx: TestContext;
let geo: MapStandIn;
let adminToken: string;

// The demo chamber's region (MAP_REGION's default): Riverton, Utah and the towns around it.
const RIVERTON = { lat: 40.5219, lng: -111.9391 };
const DRAPER = { lat: 40.5247, lng: -111.8638 };
const HERRIMAN = { lat: 40.5141, lng: -112.0329 };
const SOUTH_JORDAN = { lat: 40.5622, lng: -111.9297 };

const putLocation = (id: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/members/${id}/location`,
    headers: bearer(token),
    payload: payload as object,
  });

/** The geocoder as the job builds it, with a pace a test can wait for. */
const geocoder = (intervalMs = 50) =>
  new ListingGeocoder(ctx.db, ctx.clock, { ...geocoderSettings(ctx.config)!, intervalMs });

const pinOf = async (id: string) => {
  const row = await storedContact(ctx, id);
  return row.lat === null ? null : { lat: row.lat, lng: row.lng };
};

/** A listing showing its address (enhanced), with the address asked about and no pin. */
const listing = (address1: string, extra: Partial<typeof contacts.$inferInsert> = {}) =>
  createContact(ctx.db, {
    businessName: `Pin test ${randomUUID().slice(0, 8)}`,
    membershipTier: 'enhanced',
    address1,
    city: 'Riverton',
    state: 'UT',
    postalCode: '84065',
    ...extra,
  });

/** Takes every other listing off the geocoder's queue, so a run sees only the test's own. */
const emptyQueue = () => ctx.db.update(contacts).set({ geocodeDueAt: null });

beforeAll(async () => {
  geo = await startMapStandIn();
  ctx = await createTestApp(geo.env());
  adminToken = await signedInAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
  await geo.close();
});
beforeEach(async () => {
  geo.mode = 'answer';
  await emptyQueue();
});

describe('the geocoder’s queue', () => {
  it('places a saved address later, never while the save is answered', async () => {
    const owner = await signedInMember(ctx, 'enhanced');
    geo.answer('12830 S Redwood Rd, Riverton, UT 84065', RIVERTON);
    // The geocoder is down while the member saves: the save does not wait on it or fail.
    geo.mode = 'down';
    const asked = geo.requests.length;
    const res = await putMember(
      ctx,
      owner.contactId,
      { address1: '12830 S Redwood Rd', city: 'Riverton', state: 'UT', postalCode: '84065' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberDetail>().location).toBeNull();
    expect(geo.requests.length).toBe(asked);
    expect((await storedContact(ctx, owner.contactId)).geocodeDueAt).not.toBeNull();

    // The job's run finds the geocoder down: no pin, and the address is due again later.
    const down = await geocoder().run();
    expect(down).toMatchObject({ placed: 0, failed: 1 });
    const afterFailure = await storedContact(ctx, owner.contactId);
    expect(afterFailure.lat).toBeNull();
    expect(afterFailure.geocodeAttempts).toBe(1);
    expect(afterFailure.geocodeDueAt!.getTime()).toBe(ctx.clock.now().getTime() + FIRST_RETRY_MS);

    // Before the retry is due, a run asks nothing.
    geo.mode = 'answer';
    const before = geo.requests.length;
    expect(await geocoder().run()).toMatchObject({ placed: 0, failed: 0 });
    expect(geo.requests.length).toBe(before);

    // Once it is due, the geocoder is back: the pin is placed and shown.
    ctx.clock.advance(FIRST_RETRY_MS);
    expect(await geocoder().run()).toMatchObject({ placed: 1 });
    expect(await pinOf(owner.contactId)).toEqual(RIVERTON);
    const page = await ctx.app.inject({ url: `/api/members/${owner.contactId}` });
    expect(page.json<MemberDetail>().location).toEqual(RIVERTON);
    expect((await storedContact(ctx, owner.contactId)).geocodeDueAt).toBeNull();
  });

  it('asks one address at a time, at its pace, identified, within the region', async () => {
    const addresses = ['1 Pace St', '2 Pace St', '3 Pace St'];
    for (const a of addresses) await listing(a);
    // The pace's own time, moved only by its waits: each request starts a second after the last.
    let now = 0;
    const waits: number[] = [];
    const paced = new ListingGeocoder(
      ctx.db,
      ctx.clock,
      geocoderSettings(ctx.config)!,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
      () => now,
    );
    const from = geo.requests.length;
    const run = await paced.run();
    expect(run.missed).toBe(3);
    const asked = geo.requests.slice(from);
    expect(asked.map((r) => r.query).sort()).toEqual(
      addresses.map((a) => `${a}, Riverton, UT 84065`),
    );
    // GEOCODER_INTERVAL_MS's default: Nominatim's one request a second.
    expect(ctx.config.map.geocoderIntervalMs).toBe(1000);
    expect(waits).toEqual([1000, 1000]);
    expect(asked[0]!.userAgent).toMatch(/^ChamberPortal\/\S+ \(http:\/\/localhost:3000; /);
    expect(asked[0]!.params).toMatchObject({
      format: 'jsonv2',
      limit: '1',
      bounded: '1',
      viewbox: '-112.08,40.64,-111.8,40.44',
    });
  });

  it('leaves an address nobody finds without a pin, and retries it ever later', async () => {
    const shop = await listing('999 Nowhere Ln');
    geo.mode = 'nothing';
    expect(await geocoder().run()).toMatchObject({ missed: 1 });
    const first = await storedContact(ctx, shop.id);
    expect(first.lat).toBeNull();
    const firstWait = first.geocodeDueAt!.getTime() - ctx.clock.now().getTime();
    ctx.clock.advance(firstWait);
    expect(await geocoder().run()).toMatchObject({ missed: 1 });
    const second = await storedContact(ctx, shop.id);
    expect(second.geocodeAttempts).toBe(2);
    expect(second.geocodeDueAt!.getTime() - ctx.clock.now().getTime()).toBe(2 * firstWait);
    // An answer outside the chamber's region counts as none.
    geo.mode = 'answer';
    geo.answer('999 Nowhere Ln, Riverton, UT 84065', { lat: 48.85, lng: 2.35 });
    ctx.clock.advance(2 * firstWait);
    expect(await geocoder().run()).toMatchObject({ missed: 1, placed: 0 });
    expect(await pinOf(shop.id)).toBeNull();
  });

  it('asks about an address once: the next listing there is placed from the cache', async () => {
    geo.answer('77 Cache Ave, Riverton, UT 84065', DRAPER);
    const first = await listing('77 Cache Ave');
    expect(await geocoder().run()).toMatchObject({ placed: 1 });
    const asked = geo.requests.length;
    const second = await listing('77 Cache Ave');
    expect(await geocoder().run()).toMatchObject({ cached: 1, placed: 0 });
    expect(geo.requests.length).toBe(asked);
    expect(await pinOf(first.id)).toEqual(DRAPER);
    expect(await pinOf(second.id)).toEqual(DRAPER);
  });

  it('waits with a listing whose plan does not show the address', async () => {
    geo.answer('5 Basic Way, Riverton, UT 84065', RIVERTON);
    const basic = await listing('5 Basic Way', { membershipTier: 'standard' });
    expect(await geocoder().run()).toMatchObject({ placed: 0 });
    expect(await pinOf(basic.id)).toBeNull();
    // Upgraded, it is placed at the next run.
    await ctx.db.update(contacts).set({ membershipTier: 'elite' }).where(eq(contacts.id, basic.id));
    expect(await geocoder().run()).toMatchObject({ placed: 1 });
  });

  it('runs as the geocode-listings job of the job runner', async () => {
    geo.answer('8 Runner Rd, Riverton, UT 84065', HERRIMAN);
    const shop = await listing('8 Runner Rd');
    const runner = await startRunner({
      url: ctx.url,
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      definitions: [geocodeListingsJob],
    });
    try {
      const run = await waitForRun(ctx.db, await runner.send('geocode-listings'));
      expect(run.state).toBe('completed');
      expect(await pinOf(shop.id)).toEqual(HERRIMAN);
    } finally {
      await runner.stop();
    }
  });
});

describe('PUT /api/members/{id}/location', () => {
  it('lets the member move their pin within the region, until the address changes', async () => {
    const owner = await signedInMember(ctx, 'elite');
    const res = await putLocation(owner.contactId, DRAPER, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberDetail>().location).toEqual(DRAPER);
    expect((await storedContact(ctx, owner.contactId)).pinSource).toBe('member');
    // A new address takes the hand-placed pin away and queues the address.
    await putMember(ctx, owner.contactId, { address1: '1 New Pl', city: 'Draper' }, owner.token);
    const moved = await storedContact(ctx, owner.contactId);
    expect(moved.lat).toBeNull();
    expect(moved.geocodeDueAt).not.toBeNull();
  });

  it('refuses a pin outside the chamber’s region with a clear message', async () => {
    const owner = await signedInMember(ctx, 'enhanced');
    await putLocation(owner.contactId, RIVERTON, owner.token);
    const res = await putLocation(owner.contactId, { lat: 40.76, lng: -111.89 }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message:
        "The pin must be within the chamber's region (latitude 40.44 to 40.64, longitude -112.08 to -111.8).",
    });
    expect(await pinOf(owner.contactId)).toEqual(RIVERTON);
  });

  it('refuses a pin for a plan that does not show the address, and bad coordinates', async () => {
    const basic = await signedInMember(ctx, 'standard');
    const res = await putLocation(basic.contactId, RIVERTON, basic.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'tier_required' });
    const owner = await signedInMember(ctx, 'enhanced');
    const bad = await putLocation(owner.contactId, { lat: 123, lng: 'east' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/lat must be between -90 and 90/);
  });

  it('lets staff place a member’s pin; another member may not', async () => {
    const owner = await signedInMember(ctx, 'enhanced');
    const other = await signedInMember(ctx, 'elite');
    expect((await putLocation(owner.contactId, HERRIMAN, other.token)).statusCode).toBe(403);
    expect((await putLocation(owner.contactId, HERRIMAN)).statusCode).toBe(401);
    expect((await putLocation(owner.contactId, HERRIMAN, adminToken)).statusCode).toBe(200);
    expect(await pinOf(owner.contactId)).toEqual(HERRIMAN);
  });
});

describe('GET /api/members?bounds= and near=', () => {
  const tag = `Maptest${randomUUID().slice(0, 6)}`;
  const ids: Record<string, string> = {};
  const names = async (query: Record<string, string>) => {
    const res = await listMembers(ctx, { search: tag, limit: 100, ...query });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<MemberList>();
    return { names: page.members.map((m) => m.businessName), total: page.total, page };
  };

  beforeAll(async () => {
    const place = async (
      key: string,
      pin: { lat: number; lng: number } | null,
      tier: 'standard' | 'enhanced' | 'elite' = 'enhanced',
    ) => {
      const row = await createContact(ctx.db, {
        businessName: `${tag} ${key}`,
        membershipTier: tier,
        ...(pin ? { lat: pin.lat, lng: pin.lng, pinSource: 'geocoder' as const } : {}),
      });
      ids[key] = row.id;
    };
    await place('Riverton', RIVERTON);
    await place('Draper', DRAPER);
    await place('Herriman', HERRIMAN);
    await place('SouthJordan', SOUTH_JORDAN, 'elite');
    // A pin on a plan that does not show the address is not on the map.
    await place('Basic', { lat: 40.52, lng: -111.94 }, 'standard');
    await place('Unplaced', null);
  });

  it('keeps the listings whose pin is in view', async () => {
    // West of Draper, south of South Jordan: Riverton and Herriman.
    const view = await names({ bounds: '-112.05,40.50,-111.90,40.54' });
    expect(view.names).toEqual([`${tag} Herriman`, `${tag} Riverton`]);
    expect(view.total).toBe(2);
    expect(view.page.members.map((m) => m.location)).toEqual([HERRIMAN, RIVERTON]);
    const all = await names({ bounds: '-112.08,40.44,-111.8,40.64' });
    expect(all.total).toBe(4);
    expect(all.names).not.toContain(`${tag} Basic`);
    // The standard listing's stored pin is not published either.
    const basic = await ctx.app.inject({ url: `/api/members/${ids.Basic}` });
    expect(basic.json<MemberDetail>().location).toBeNull();
    // A box with nobody in it.
    expect((await names({ bounds: '-111.5,40.0,-111.4,40.1' })).total).toBe(0);
  });

  it('answers the map’s view alone from the kept pins as the database would, and follows changes', async () => {
    const box = '-112.05,40.50,-111.90,40.54';
    const inView = async (query: Record<string, string>) => {
      const res = await listMembers(ctx, { bounds: box, limit: '100', ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MemberList>();
    };
    // By name: the kept pins. Oldest first: the database. The same listings, as many.
    const byName = await inView({ sort: 'name' });
    const bySince = await inView({ sort: 'memberSince' });
    expect(byName.total).toBe(bySince.total);
    expect(byName.members.map((m) => m.id).sort()).toEqual(bySince.members.map((m) => m.id).sort());
    const mine = byName.members.map((m) => m.businessName).filter((n) => (n ?? '').startsWith(tag));
    expect(mine).toEqual([`${tag} Herriman`, `${tag} Riverton`]);
    // Pages of one, in name order.
    const second = await inView({ sort: 'name', limit: '1', offset: '1' });
    expect(second.members.map((m) => m.id)).toEqual([byName.members[1]!.id]);
    expect(second.total).toBe(byName.total);
    // Draper moves into the view: seen at once (a contact raises the data version).
    await ctx.db
      .update(contacts)
      .set({ lat: 40.52, lng: -111.95 })
      .where(eq(contacts.id, ids.Draper!));
    try {
      const moved = await inView({ sort: 'name' });
      expect(moved.total).toBe(byName.total + 1);
      expect(moved.members.map((m) => m.businessName)).toContain(`${tag} Draper`);
    } finally {
      await ctx.db.update(contacts).set(DRAPER).where(eq(contacts.id, ids.Draper!));
    }
  });

  it('reads a box across the antimeridian', async () => {
    const fiji = await createContact(ctx.db, {
      businessName: `${tag} Fiji`,
      membershipTier: 'elite',
      lat: -17.7,
      lng: 178.1,
    });
    const view = await names({ bounds: '170,-30,-170,0' });
    expect(view.names).toEqual([`${tag} Fiji`]);
    await ctx.db.delete(contacts).where(eq(contacts.id, fiji.id));
  });

  it.each([
    ['three numbers', '-112,40,-111'],
    ['words', 'west,south,east,north'],
    ['a latitude past the pole', '-112,40,-111,95'],
    ['south above north', '-112,41,-111,40'],
    ['an empty value', ''],
  ])('refuses bounds that are %s (400)', async (_, bounds) => {
    const res = await listMembers(ctx, { bounds });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /^bounds in querystring: must be west,south,east,north in degrees/,
    );
  });

  it('sorts by distance from near, listings without a shown pin last', async () => {
    // From Draper: Riverton (6.4 km), South Jordan (7.0 km), Herriman (14.3 km); then Basic
    // and Unplaced by name.
    const fromDraper = await names({ near: `${DRAPER.lat},${DRAPER.lng}` });
    expect(fromDraper.names).toEqual([
      `${tag} Draper`,
      `${tag} Riverton`,
      `${tag} SouthJordan`,
      `${tag} Herriman`,
      `${tag} Basic`,
      `${tag} Unplaced`,
    ]);
    const fromHerriman = await names({ near: `${HERRIMAN.lat},${HERRIMAN.lng}`, sort: 'tier' });
    expect(fromHerriman.names.slice(0, 4)).toEqual([
      `${tag} Herriman`,
      `${tag} Riverton`,
      `${tag} SouthJordan`,
      `${tag} Draper`,
    ]);
    // With bounds: the listings in view, nearest first.
    const both = await names({ near: '40.5622,-111.9297', bounds: '-112.05,40.50,-111.85,40.6' });
    expect(both.names).toEqual([
      `${tag} SouthJordan`,
      `${tag} Riverton`,
      `${tag} Draper`,
      `${tag} Herriman`,
    ]);
    const bad = await listMembers(ctx, { near: '40.5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(
      /^near in querystring: must be lat,lng/,
    );
  });
});

describe('the map’s settings', () => {
  it('gives the web app the tiles, their attribution and the region', async () => {
    const res = await ctx.app.inject({ url: '/api/config' });
    expect(res.json<AppConfig>().map).toEqual({
      tileUrl: `${geo.url}/tiles/{z}/{x}/{y}.png`,
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      region: { west: -112.08, south: 40.44, east: -111.8, north: 40.64 },
    });
  });

  it('lets pages load the configured tiles (Content-Security-Policy)', async () => {
    const res = await ctx.app.inject({ url: '/members' });
    const policy = res.headers['content-security-policy'] as string;
    expect(policy).toContain(`img-src 'self' data: blob: https: ${geo.url};`);
  });
});
