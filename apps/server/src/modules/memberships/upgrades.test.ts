import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MembershipInvoiceResponse, MembershipQuote, MyMembership } from '@chamber/contract';
import { invoiceLines, invoices, membershipPlans, membershipSettings } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';

// Upgrades and renewals through the routes, as My membership makes them: what an upgrade
// costs, when its invoice may be paid, grace, and plans the chamber no longer offers.
let ctx: TestContext;
let adminEmail: string;
let plans: Record<'basic' | 'enhanced' | 'elite', string>;

/** Noon in Denver on a day: the chamber's calendar day is that day. */
const at = (day: string) => new Date(`${day}T19:00:00Z`);
const setDay = (day: string) => ctx.clock.advance(at(day).getTime() - ctx.clock.now().getTime());

/** A sign-in of `email` on the clock's day: moving the clock a year on ends older ones. */
const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  const key = `${email} ${ctx.clock.now().toISOString()}`;
  if (!tokens.has(key)) tokens.set(key, await signIn(ctx, email));
  return tokens.get(key)!;
}
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(await tokenOf(email)) });
const mine = async (token: string) =>
  (await call('GET', '/api/membership', token)).json<MyMembership>();
const upgrade = (token: string, plan: keyof typeof plans) =>
  call('POST', '/api/membership/plan', token, { planId: plans[plan] });
const quote = (token: string, query: string) =>
  call('GET', `/api/membership/quote?${query}`, token);

/** Staff record a check for the whole invoice, received on `receivedOn` (default today). */
async function pay(invoiceId: string, receivedOn?: string) {
  const invoice = (await ctx.db.query.invoices.findFirst({ where: eq(invoices.id, invoiceId) }))!;
  return call('POST', `/api/admin/invoices/${invoiceId}/payments`, adminEmail, {
    amountCents: invoice.totalCents,
    method: 'check',
    reference: '1001',
    receivedOn,
  });
}
const invoiceOf = (res: { json: <T>() => T }) => res.json<MembershipInvoiceResponse>().invoice!;

let n = 0;
/** A member who joined `plan` and paid on `paidOn`, signed in. */
async function paidMember(plan: keyof typeof plans, paidOn: string): Promise<string> {
  n += 1;
  setDay(paidOn);
  const user = await createTestUser(ctx.db, {
    email: `owner${n}@upgrade${n}.example`,
    contact: { businessName: `Upgrade Shop ${n}`, paymentStatus: 'pending' },
  });
  const joined = await call('POST', '/api/membership/join', user.email, { planId: plans[plan] });
  expect(joined.statusCode).toBe(200);
  expect((await pay(invoiceOf(joined).id)).statusCode).toBe(201);
  return user.email;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const adminUser = await createTestUser(ctx.db, { role: 'admin', contact: false });
  adminEmail = adminUser.email;
  const rows = await ctx.db.query.membershipPlans.findMany();
  plans = Object.fromEntries(rows.map((p) => [p.slug, p.id])) as typeof plans;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.update(membershipSettings).set({ termRule: 'anniversary', graceDays: 30 });
  await ctx.db.update(membershipPlans).set({ available: true });
});

describe('an upgrade priced on the term it covers', () => {
  it('cannot pay an upgrade invoice left open past a renewal: Elite for a year costs a year of Elite', async () => {
    // Basic, paid through 20 December 2026; on 30 November 21 days are left (today included).
    const token = await paidMember('basic', '2025-12-21');
    setDay('2026-11-30');
    const up = await upgrade(token, 'elite');
    expect(invoiceOf(up)).toMatchObject({ totalCents: 3452, dueOn: '2026-11-30' });
    const renewal = await call('POST', '/api/membership/renew', token);
    expect(invoiceOf(renewal).totalCents).toBe(30000);
    expect((await pay(invoiceOf(renewal).id)).statusCode).toBe(201);

    // The renewal paid voided the $34.52 invoice: it no longer buys Elite for a year.
    const late = await pay(invoiceOf(up).id);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/void/);
    let now = await mine(token);
    expect(now.membership).toMatchObject({ plan: { slug: 'basic' }, paidThrough: '2027-12-20' });
    expect(now.openInvoices).toEqual([]);

    // Asked again, the upgrade covers the rest of this term and the whole renewed one.
    const again = await upgrade(token, 'elite');
    expect(invoiceOf(again).totalCents).toBe(3452 + 60000);
    const lines = await ctx.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceOf(again).id));
    expect(lines.map((l) => [l.unitCents, l.description])).toEqual([
      [3452, expect.stringContaining('November 30, 2026 to December 20, 2026: 21 of the term')],
      [60000, expect.stringContaining('December 21, 2026 to December 20, 2027: 365 of the term')],
    ]);
    expect((await pay(invoiceOf(again).id)).statusCode).toBe(201);
    now = await mine(token);
    expect(now.membership).toMatchObject({ plan: { slug: 'elite' }, paidThrough: '2027-12-20' });
  });

  it('renews at the new price once an upgrade is paid first: the open renewal at the old plan is voided', async () => {
    const token = await paidMember('basic', '2025-12-21');
    setDay('2026-11-30');
    const up = await upgrade(token, 'elite');
    const renewal = await call('POST', '/api/membership/renew', token);
    expect((await pay(invoiceOf(up).id)).statusCode).toBe(201);
    expect((await pay(invoiceOf(renewal).id)).statusCode).toBe(409);
    const next = await call('POST', '/api/membership/renew', token);
    expect(invoiceOf(next).totalCents).toBe(90000);
  });

  it('refuses an upgrade invoice paid on another day than it was priced for; asking again reprices it', async () => {
    const token = await paidMember('basic', '2025-12-21');
    setDay('2026-11-30');
    const up = invoiceOf(await upgrade(token, 'elite'));
    setDay('2026-12-02');
    const late = await pay(up.id, '2026-12-02');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(
      `Invoice ${up.number} priced the upgrade to Elite for payment on 2026-11-30, paid through 2026-12-20; paid on 2026-12-02, the upgrade costs another amount. It can no longer be paid: ask for the upgrade again from My membership to have it priced for the day it is paid.`,
    );
    // Received on the day it was priced for, it is what it says.
    expect((await pay(up.id, '2026-11-30')).statusCode).toBe(201);
    expect((await mine(token)).membership.plan.slug).toBe('elite');
  });

  it('answers the same open upgrade on the same day, and reprices it on another', async () => {
    const token = await paidMember('basic', '2025-12-21');
    setDay('2026-11-30');
    const first = invoiceOf(await upgrade(token, 'elite'));
    expect(invoiceOf(await upgrade(token, 'elite')).id).toBe(first.id);
    setDay('2026-12-01');
    const repriced = invoiceOf(await upgrade(token, 'elite'));
    expect(repriced).toMatchObject({ totalCents: Math.round((60000 * 20) / 365) });
    const old = await ctx.db.query.invoices.findFirst({ where: eq(invoices.id, first.id) });
    expect(old).toMatchObject({ status: 'void', voidReason: 'Repriced for payment on 2026-12-01' });
  });
});

describe('an upgrade in grace', () => {
  it('is refused: nothing is paid ahead to upgrade, so the member renews first', async () => {
    const token = await paidMember('basic', '2025-11-21');
    // Paid through 20 November 2026: in grace on 30 November.
    setDay('2026-11-30');
    const refused = await upgrade(token, 'elite');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/grace period\. Renew it first/);
    expect((await quote(token, `change=upgrade&planId=${plans.elite}`)).statusCode).toBe(409);
    const now = await mine(token);
    expect(now.membership.plan.slug).toBe('basic');
    expect(now.may.upgradeTo).toEqual([]);
    // Renewed, the upgrade costs the difference for the renewed term's days left.
    expect(
      (await pay(invoiceOf(await call('POST', '/api/membership/renew', token)).id)).statusCode,
    ).toBe(201);
    expect(invoiceOf(await upgrade(token, 'elite')).totalCents).toBe(
      Math.round((60000 * 356) / 365),
    );
  });
});

describe('plans the chamber no longer offers', () => {
  it('refuses joining, upgrading and changing to them; members already on one renew on it', async () => {
    const onEnhanced = await paidMember('enhanced', '2026-03-10');
    const onBasic = await paidMember('basic', '2026-03-10');
    await ctx.db
      .update(membershipPlans)
      .set({ available: false })
      .where(eq(membershipPlans.slug, 'enhanced'));
    setDay('2026-12-20');

    n += 1;
    const user = await createTestUser(ctx.db, {
      email: `newcomer${n}@upgrade.example`,
      contact: { paymentStatus: 'pending' },
    });
    const newcomer = user.email;
    const join = await call('POST', '/api/membership/join', newcomer, { planId: plans.enhanced });
    expect(join.statusCode).toBe(409);
    expect(join.json<{ message: string }>().message).toBe(
      'The chamber no longer offers the Enhanced plan. Members already on it keep it when they renew; choose another plan.',
    );
    expect((await upgrade(onBasic, 'enhanced')).statusCode).toBe(409);
    expect((await quote(onBasic, `change=upgrade&planId=${plans.enhanced}`)).statusCode).toBe(409);
    expect((await mine(onBasic)).may.upgradeTo.map((p) => p.slug)).toEqual(['elite']);

    // The member on Enhanced renews on it, and may move to Elite, but not back to it after.
    const renewal = await call('POST', '/api/membership/renew', onEnhanced);
    expect(invoiceOf(renewal).totalCents).toBe(55000);
    expect((await pay(invoiceOf(renewal).id)).statusCode).toBe(201);
    expect((await mine(onEnhanced)).membership).toMatchObject({
      plan: { slug: 'enhanced' },
      paidThrough: '2028-03-09',
    });
    await ctx.db
      .update(membershipPlans)
      .set({ available: false })
      .where(eq(membershipPlans.slug, 'basic'));
    expect((await upgrade(onEnhanced, 'basic')).statusCode).toBe(409);
  });
});

describe("staff's change of plan to a plan the chamber no longer offers", () => {
  it('is refused naming why, unless staff override it with a reason', async () => {
    const member = await paidMember('basic', '2026-03-10');
    const id = (await mine(member)).membership.id;
    await ctx.db
      .update(membershipPlans)
      .set({ available: false })
      .where(eq(membershipPlans.slug, 'elite'));
    const change = (payload: object) =>
      call('PUT', `/api/admin/memberships/${id}/plan`, adminEmail, payload);

    const refused = await change({ planId: plans.elite, reason: 'Asked by phone' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'conflict',
      message:
        'The chamber no longer offers the Elite plan. Members already on it keep it when they renew; choose another plan, or confirm the staff override and give the reason.',
    });
    expect((await mine(member)).membership.plan.slug).toBe('basic');

    // The override needs its reason.
    const bare = await change({ planId: plans.elite, overrideNotOffered: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ message: string }>().message).toBe(
      'reason: Give the reason for putting the member on a plan the chamber no longer offers.',
    );
    expect((await mine(member)).membership.plan.slug).toBe('basic');

    // A plan still offered needs no override.
    expect((await change({ planId: plans.enhanced })).statusCode).toBe(200);
    const done = await change({
      planId: plans.elite,
      overrideNotOffered: true,
      reason: 'Founding sponsor keeps Elite',
    });
    expect(done.statusCode, done.body).toBe(200);
    const detail = done.json<{ membership: { plan: { slug: string } }; history: object[] }>();
    expect(detail.membership.plan.slug).toBe('elite');
    expect(detail.history).toContainEqual(
      expect.objectContaining({
        kind: 'plan_changed',
        detail: expect.objectContaining({
          reason: 'Founding sponsor keeps Elite',
          override: 'not_offered',
        }),
      }),
    );
    // Staying on the plan the member holds needs none.
    expect((await change({ planId: plans.elite })).statusCode).toBe(200);
  });
});

describe('the quote before billing', () => {
  it('prices an upgrade and a renewal with their days and daily prices, and issues nothing', async () => {
    const token = await paidMember('basic', '2025-12-21');
    setDay('2026-11-30');
    const up = await quote(token, `change=upgrade&planId=${plans.elite}`);
    expect(up.statusCode).toBe(200);
    expect(up.json<MembershipQuote>()).toEqual({
      change: 'upgrade',
      currency: 'USD',
      today: '2026-11-30',
      fromPlan: expect.objectContaining({ slug: 'basic', priceCents: 30000 }),
      toPlan: expect.objectContaining({ slug: 'elite', priceCents: 90000 }),
      paidThrough: '2026-12-20',
      daysLeft: 21,
      fromDailyCents: 30000 / 365,
      toDailyCents: 90000 / 365,
      lines: [
        {
          startsOn: '2026-11-30',
          endsOn: '2026-12-20',
          days: 365,
          daysCharged: 21,
          amountCents: 3452,
        },
      ],
      totalCents: 3452,
      takesEffectOn: '2026-11-30',
      paidThroughAfter: '2026-12-20',
    });
    const renewal = await quote(token, 'change=renewal');
    expect(renewal.json<MembershipQuote>()).toMatchObject({
      change: 'renewal',
      totalCents: 30000,
      takesEffectOn: '2026-12-21',
      paidThroughAfter: '2027-12-20',
      lines: [{ startsOn: '2026-12-21', endsOn: '2027-12-20', days: 365, daysCharged: 365 }],
    });
    expect((await mine(token)).openInvoices).toEqual([]);
    // The upgrade then issued is the one quoted.
    expect(invoiceOf(await upgrade(token, 'elite')).totalCents).toBe(3452);
    expect((await quote(token, 'change=upgrade')).statusCode).toBe(400);
  });
});
