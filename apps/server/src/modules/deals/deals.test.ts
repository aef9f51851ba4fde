import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealList, ListingDeals, MembershipTier } from '@chamber/contract';
import { contacts, memberships, users } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer, signedInMember } from '../../test/members.js';

let ctx: TestContext;
let elite: { contactId: string; token: string; email: string };
let otherElite: { contactId: string; token: string };
let standard: { contactId: string; token: string };
let pendingToken: string;
let moderatorToken: string;

const DAY = 86_400_000;

const member = (tier: MembershipTier, contact = {}) => signedInMember(ctx, tier, contact);

const listDeals = async (token?: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/deals', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<DealList>().deals;
};
const offers = async (token?: string) =>
  (await listDeals(token)).filter((d) => d.kind === 'deal').map((d) => d.offer);

const createDeal = (payload: object, token = elite.token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/deals',
    headers: bearer(token),
    payload: { contactId: elite.contactId, ...payload },
  });
const putDeal = (id: string, payload: object, token = elite.token) =>
  ctx.app.inject({ method: 'PUT', url: `/api/deals/${id}`, headers: bearer(token), payload });
const deleteDeal = (id: string, token = elite.token) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/deals/${id}`, headers: bearer(token) });

async function newDeal(payload: object = {}, token?: string): Promise<Deal> {
  const res = await createDeal({ offer: `Offer ${Math.random()}`, ...payload }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Deal>();
}

const setTier = (contactId: string, membershipTier: 'standard' | 'elite') =>
  ctx.db.update(contacts).set({ membershipTier }).where(eq(contacts.id, contactId));

beforeAll(async () => {
  ctx = await createTestApp();
  elite = await member('elite');
  otherElite = await member('elite');
  standard = await member('standard');
  const pending = await createTestUser(ctx.db, { status: 'pending' });
  pendingToken = await signIn(ctx, pending.email);
  moderatorToken = await signIn(
    ctx,
    (await createTestUser(ctx.db, { role: 'moderator', contact: false })).email,
  );
});
afterAll(() => ctx.close());

describe('an elite member manages the deals of their listing', () => {
  it('creates, edits and deletes a deal, and /deals follows', async () => {
    const res = await createDeal({
      offer: '15% off every cake',
      code: 'CAKE15',
      validUntil: '2026-04-30',
      terms: 'One per visit.',
      audience: 'public',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json<Deal>();
    expect(deal).toMatchObject({
      kind: 'deal',
      contactId: elite.contactId,
      offer: '15% off every cake',
      code: 'CAKE15',
      validUntil: '2026-04-30',
      terms: 'One per visit.',
      audience: 'public',
    });
    expect(await listDeals()).toContainEqual(deal);

    const edited = await putDeal(deal.id, { offer: '20% off every cake', code: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ offer: '20% off every cake', code: null, terms: null });
    expect(await offers()).toContain('20% off every cake');

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/deals/listing/${elite.contactId}`,
      headers: bearer(elite.token),
    });
    expect(mine.json<ListingDeals>()).toMatchObject({ canHaveDeals: true });
    expect(mine.json<ListingDeals>().deals.map((d) => d.id)).toContain(deal.id);

    expect((await deleteDeal(deal.id)).statusCode).toBe(204);
    expect(await offers()).not.toContain('20% off every cake');
    expect((await deleteDeal(deal.id)).statusCode).toBe(404);
  });

  it('lists the newest first, and `limit` keeps the first ones', async () => {
    const first = await newDeal();
    ctx.clock.advance(1000);
    const second = await newDeal();
    const deals = await listDeals();
    expect(deals.findIndex((d) => d.id === second.id)).toBeLessThan(
      deals.findIndex((d) => d.id === first.id),
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/deals?limit=1' });
    expect(res.json<DealList>().deals.map((d) => d.id)).toEqual([second.id]);
  });

  it('staff manage any elite listing’s deals', async () => {
    const deal = await newDeal({}, moderatorToken);
    expect((await putDeal(deal.id, { offer: 'Staff wording' }, moderatorToken)).statusCode).toBe(
      200,
    );
    expect((await deleteDeal(deal.id, moderatorToken)).statusCode).toBe(204);
  });
});

describe('who may not', () => {
  it('refuses a deal for a business whose tier does not include coupons', async () => {
    for (const token of [standard.token, moderatorToken]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: bearer(token),
        payload: { contactId: standard.contactId, offer: 'Half price' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'tier_required' });
    }
  });

  it('refuses another member’s deal and listing', async () => {
    const deal = await newDeal();
    const put = await putDeal(deal.id, { offer: 'Mine now' }, otherElite.token);
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ error: 'forbidden' });
    expect((await deleteDeal(deal.id, otherElite.token)).statusCode).toBe(403);
    const onTheirs = await createDeal({ offer: 'Sneaky' }, otherElite.token);
    expect(onTheirs.statusCode).toBe(403);
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/deals/listing/${elite.contactId}`,
      headers: bearer(otherElite.token),
    });
    expect(listing.statusCode).toBe(403);
    expect(await offers()).toContain(deal.offer);
  });

  it('answers 404 for deals and listings that do not exist', async () => {
    expect((await putDeal('not-a-uuid', { offer: 'x' })).statusCode).toBe(404);
    expect((await deleteDeal(crypto.randomUUID())).statusCode).toBe(404);
    const res = await createDeal({ contactId: crypto.randomUUID(), offer: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('bad input is a clear 4xx', () => {
  it.each([
    ['a NUL byte', { offer: 'Free\u0000coffee' }, 400],
    ['an empty offer', { offer: '  ' }, 400],
    ['an offer of 301 characters', { offer: 'x'.repeat(301) }, 400],
    ['terms of 100,000 characters', { offer: 'Free coffee', terms: 'x'.repeat(100_000) }, 413],
    ['a last day in the past', { offer: 'Free coffee', validUntil: '2026-03-09' }, 400],
    ['a date that does not exist', { offer: 'Free coffee', validUntil: '2026-02-30' }, 400],
    ['an unknown audience', { offer: 'Free coffee', audience: 'friends' }, 400],
  ])('%s', async (_name, payload, status) => {
    const res = await createDeal(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('refuses a last day in the past on an edit too', async () => {
    const deal = await newDeal();
    const res = await putDeal(deal.id, { offer: 'Later', validUntil: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The last day of a deal cannot be in the past.');
  });
});

describe('who sees a deal', () => {
  it('shows members-only deals to confirmed accounts only', async () => {
    const open = await newDeal({ audience: 'public' });
    const closed = await newDeal({ audience: 'members' });
    for (const token of [undefined, pendingToken]) {
      const seen = await offers(token);
      expect(seen).toContain(open.offer);
      expect(seen).not.toContain(closed.offer);
    }
    for (const token of [standard.token, otherElite.token, moderatorToken]) {
      expect(await offers(token)).toEqual(expect.arrayContaining([open.offer, closed.offer]));
    }
  });

  it('shows members-only deals to current members: in grace yes, lapsed or unpaid no', async () => {
    const closed = await newDeal({ audience: 'members' });
    const lapsed = await member('standard', { paymentStatus: 'failed' });
    const unpaid = await member('standard', { paymentStatus: 'pending' });
    const grace = await member('standard');
    await ctx.db
      .update(memberships)
      .set({ status: 'grace' })
      .where(eq(memberships.contactId, grace.contactId));
    expect(await offers(lapsed.token)).not.toContain(closed.offer);
    expect(await offers(unpaid.token)).not.toContain(closed.offer);
    expect(await offers(grace.token)).toContain(closed.offer);
    // The rule reads the membership at each request: lapsing takes the deal away at once.
    await ctx.db
      .update(memberships)
      .set({ status: 'lapsed' })
      .where(eq(memberships.contactId, grace.contactId));
    expect(await offers(grace.token)).not.toContain(closed.offer);
  });

  it('hides a deal once its last day has passed, in the chamber’s time zone', async () => {
    // 2026-03-10T17:00Z is the 10th in Denver (MDT since the 8th); the 10th ends at 06:00Z.
    ctx.clock.advance(-ctx.clock.now().getTime() + Date.parse('2026-03-10T17:00:00Z'));
    const deal = await newDeal({ validUntil: '2026-03-10' });
    expect(await offers()).toContain(deal.offer);
    ctx.clock.advance(Date.parse('2026-03-11T05:59:00Z') - ctx.clock.now().getTime());
    expect(await offers()).toContain(deal.offer);
    ctx.clock.advance(2 * 60_000);
    expect(await offers()).not.toContain(deal.offer);
    // A session of the day before has ended by now.
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/deals/listing/${elite.contactId}`,
      headers: bearer(await signIn(ctx, elite.email)),
    });
    expect(listing.json<ListingDeals>().deals.find((d) => d.id === deal.id)).toMatchObject({
      expired: true,
    });
    ctx.clock.advance(-DAY);
  });

  it('hides a member’s deals when the tier is lost, and keeps them for its return', async () => {
    const member2 = await member('elite');
    const deal = await newDeal({ contactId: member2.contactId }, member2.token);
    expect(await offers()).toContain(deal.offer);

    await setTier(member2.contactId, 'standard');
    expect(await offers()).not.toContain(deal.offer);
    expect((await putDeal(deal.id, { offer: 'Changed' }, member2.token)).statusCode).toBe(403);
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/deals/listing/${member2.contactId}`,
      headers: bearer(member2.token),
    });
    expect(listing.json<ListingDeals>()).toMatchObject({
      canHaveDeals: false,
      deals: [{ id: deal.id }],
    });

    await setTier(member2.contactId, 'elite');
    expect(await offers()).toContain(deal.offer);
  });

  it('hides the deals of a member out of the directory (lapsed and hidden, or suspended)', async () => {
    const member3 = await member('elite');
    const deal = await newDeal({ contactId: member3.contactId }, member3.token);
    await ctx.db.update(contacts).set({ listed: false }).where(eq(contacts.id, member3.contactId));
    expect(await offers()).not.toContain(deal.offer);
    await ctx.db.update(contacts).set({ listed: true }).where(eq(contacts.id, member3.contactId));
    await ctx.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.contactId, member3.contactId));
    expect(await offers()).not.toContain(deal.offer);
  });
});

describe('the coupon codes listings keep', () => {
  it('are deals with the code only, while the tier includes coupons', async () => {
    const holder = await member('elite', { couponCodes: ['SPRING10', 'BAKER5'] });
    const codes = async () =>
      (await listDeals()).filter((d) => d.contactId === holder.contactId).map((d) => d.code);
    const deals = (await listDeals()).filter((d) => d.contactId === holder.contactId);
    expect(deals).toEqual([
      expect.objectContaining({
        kind: 'coupon',
        code: 'SPRING10',
        offer: null,
        audience: 'public',
      }),
      expect.objectContaining({ kind: 'coupon', code: 'BAKER5', validUntil: null }),
    ]);
    await setTier(holder.contactId, 'standard');
    expect(await codes()).toEqual([]);
  });

  it('list the newest codes first, whatever else about the listing changed since', async () => {
    const first = await member('elite', { couponCodes: ['FIRST5'] });
    const second = await member('elite', { couponCodes: ['SECOND5'] });
    await ctx.db
      .update(contacts)
      .set({ couponCodes: ['FIRST10'] })
      .where(eq(contacts.id, first.contactId));
    // A later change of the other listing, e.g. its map pin placed, does not renew its codes.
    await ctx.db
      .update(contacts)
      .set({ tagline: 'Pinned on the map', updatedAt: new Date(Date.now() + DAY) })
      .where(eq(contacts.id, second.contactId));
    const codes = (await listDeals()).filter((d) => d.kind === 'coupon').map((d) => d.code);
    expect(codes.indexOf('FIRST10')).toBeGreaterThanOrEqual(0);
    expect(codes.indexOf('FIRST10')).toBeLessThan(codes.indexOf('SECOND5'));
  });

  it('of a standard listing are not shown', async () => {
    const holder = await member('standard', { couponCodes: ['KEPT'] });
    expect((await listDeals()).some((d) => d.contactId === holder.contactId)).toBe(false);
  });
});
