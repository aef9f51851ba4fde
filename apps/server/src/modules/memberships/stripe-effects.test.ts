import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyMembership } from '@chamber/contract';
import { membershipEvents, membershipPlans, membershipTerms, memberships } from '@chamber/db';
import { createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import { startStripeApp, type StripeApp } from '../../test/stripe-app.js';
import type { StripeStandIn } from '../../test/stripe-stand-in.js';
import { BillingService } from '../billing/index.js';
import { membershipBilling } from './billing-adapter.js';
import { MembershipsService } from './service.js';

// The app as it runs: one BillingService shared by the webhook and the memberships' onPaid
// hooks, and the memberships side of the subscription hooks registered in modules/index.ts.
let app: StripeApp;
let standIn: StripeStandIn;
let smtp: StripeApp['smtp'];
let ctx: TestContext;
let token: string;
let contactId: string;
let subscriptionId: string;

const membership = async () =>
  (await ctx.db.query.memberships.findFirst({ where: eq(memberships.contactId, contactId) }))!;
const termsOf = async (id: string) =>
  ctx.db
    .select()
    .from(membershipTerms)
    .where(eq(membershipTerms.membershipId, id))
    .orderBy(membershipTerms.startsOn);

/** Pays a Checkout page as the member would, the stand-in posting the signed events. */
async function payThroughCheckout(url: string) {
  await standIn.completeCheckout(url.split('/').at(-1)!, { brand: 'visa', last4: '4242' });
  expect(standIn.deliveries.every((d) => d.status === 200)).toBe(true);
}

beforeAll(async () => {
  app = await startStripeApp('whsec_membership_effects');
  ({ ctx, standIn, smtp } = app);
  const user = await createTestUser(ctx.db, {
    email: 'maria@sweetwater.example',
    firstName: 'Maria',
    contact: { businessName: 'Sweetwater Bakery', paymentStatus: 'pending' },
  });
  contactId = user.contactId!;
  token = await signIn(ctx, 'maria@sweetwater.example');
});
afterAll(async () => {
  await app.close();
});

describe('Stripe events through the memberships hooks', () => {
  it('a paid join Checkout makes the membership active with its first term', async () => {
    const plan = (await ctx.db.query.membershipPlans.findFirst({
      where: (p, { eq: is }) => is(p.slug, 'enhanced'),
    }))!;
    // Joining issues the invoice (its route comes with the membership API).
    const side = new MembershipsService(
      ctx.db,
      ctx.clock,
      membershipBilling(new BillingService(ctx.db, ctx.clock)),
    );
    const user = (await ctx.db.query.users.findFirst({
      where: (u, { eq: is }) => is(u.contactId, contactId),
    }))!;
    const joined = await side.join(
      { tokenId: 't', expiresAt: new Date(Date.now() + 86_400_000), user, contact: null },
      { planId: plan.id },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: bearer(token),
      payload: { invoiceId: joined.invoice!.id },
    });
    expect(res.statusCode).toBe(200);
    await payThroughCheckout(res.json<{ url: string }>().url);
    const m = await membership();
    expect(m).toMatchObject({ status: 'active', paidThrough: '2027-03-09' });
    expect(await termsOf(m.id)).toHaveLength(1);
  });

  it('a signed invoice.paid for the subscription adds a term to the membership', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/payments/auto-renew',
      headers: bearer(token),
      payload: { on: true },
    });
    expect(res.statusCode).toBe(200);
    // The join's card is kept: the subscription starts from it without another Checkout.
    const nextCharge = {
      amountCents: 55_000,
      currency: 'USD',
      on: '2027-03-10',
      card: { brand: 'visa', last4: '4242' },
    };
    expect(res.json()).toEqual({ autoRenew: true, url: null, nextCharge });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/membership',
      headers: bearer(token),
    });
    expect(mine.json<MyMembership>().nextCharge).toEqual(nextCharge);
    // Confirmed by mail, once: the same switch again sends nothing more.
    await ctx.app.flushMail();
    const confirmation = await smtp.mailTo(
      'maria@sweetwater.example',
      /^Automatic renewal is on for your /,
    );
    expect(confirmation.text).toContain('Next charge $550.00 on 10 March 2027 to Visa •••• 4242.');
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/payments/auto-renew',
      headers: bearer(token),
      payload: { on: true },
    });
    expect(again.statusCode).toBe(200);
    await ctx.app.flushMail();
    expect(
      smtp
        .sentTo('maria@sweetwater.example')
        .filter((m) => /^Automatic renewal is on/.test(m.subject ?? '')),
    ).toHaveLength(1);
    const linked = await membership();
    expect(linked).toMatchObject({ autoRenew: true, cardLast4: '4242', cardBrand: 'visa' });
    subscriptionId = linked.stripeSubscriptionId!;
    expect(subscriptionId).toMatch(/^sub_/);

    ctx.clock.advance(Date.parse('2027-03-09T19:00:00Z') - ctx.clock.now().getTime());
    await ctx.app.flushMail();
    smtp.received.length = 0;
    await standIn.renew(subscriptionId);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    // The yearly charge is receipted as a recorded payment is.
    await ctx.app.flushMail();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    expect(smtp.received[0]!.subject).toMatch(/^Receipt for invoice 2027-\d{4}: \$550\.00 paid$/);
    const renewed = await membership();
    expect(renewed).toMatchObject({ status: 'active', paidThrough: '2028-03-09' });
    const terms = await termsOf(renewed.id);
    expect(terms.map((t) => [t.startsOn, t.endsOn])).toEqual([
      ['2026-03-10', '2027-03-09'],
      ['2027-03-10', '2028-03-09'],
    ]);
  });

  it('charges the renewal invoice, not the price from the day renewal was turned on', async () => {
    // The chamber raises the Enhanced price after the member turned automatic renewal on.
    await ctx.db
      .update(membershipPlans)
      .set({ priceCents: 60_000 })
      .where(eq(membershipPlans.slug, 'enhanced'));
    ctx.clock.advance(Date.parse('2028-03-09T19:00:00Z') - ctx.clock.now().getTime());
    await ctx.app.flushMail();
    smtp.received.length = 0;
    const charged = await standIn.renew(subscriptionId);
    expect(standIn.deliveries.slice(-2).map((d) => [d.event.type, d.status])).toEqual([
      ['invoice.created', 200],
      ['invoice.paid', 200],
    ]);
    // Stripe charged the renewal invoice's amount, and nothing went back.
    expect(charged.amount_paid).toBe(60_000);
    const intent = (charged.payments as { data: { payment: { payment_intent: string } }[] })
      .data[0]!.payment.payment_intent;
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === intent)).toEqual([]);
    await ctx.app.flushMail();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    expect(smtp.received[0]!.subject).toMatch(/^Receipt for invoice 2028-\d{4}: \$600\.00 paid$/);
    expect(await membership()).toMatchObject({ status: 'active', paidThrough: '2029-03-09' });
    // The subscription charges the new price from now on.
    const item = (
      standIn.subscriptions.get(subscriptionId)!.items as {
        data: { price: { unit_amount: number } }[];
      }
    ).data[0]!;
    expect(item.price.unit_amount).toBe(60_000);
  });

  it('a charge that no longer matches the renewal invoice is a failed renewal: refunded, the member told, charged again', async () => {
    ctx.clock.advance(Date.parse('2029-03-09T18:00:00Z') - ctx.clock.now().getTime());
    await ctx.app.flushMail();
    smtp.received.length = 0;
    // Stripe drafts the $600.00 charge; the portal's renewal invoice is $600.00 too.
    const draft = await standIn.draftRenewal(subscriptionId);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    // Before Stripe charges, the member asks for Basic from the next term: the $600.00
    // renewal invoice is voided, and the next term costs $300.00.
    const basic = (await ctx.db.query.membershipPlans.findFirst({
      where: (p, { eq: is }) => is(p.slug, 'basic'),
    }))!;
    // Years on, the member signs in again.
    const downgrade = await ctx.app.inject({
      method: 'POST',
      url: '/api/membership/plan',
      headers: bearer(await signIn(ctx, 'maria@sweetwater.example')),
      payload: { planId: basic.id },
    });
    expect(downgrade.statusCode, downgrade.body).toBe(200);
    const charged = await standIn.payInvoice(draft.id);
    expect(charged.amount_paid).toBe(60_000);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    // The $600.00 went back to the card, and the member was told.
    const intent = (charged.payments as { data: { payment: { payment_intent: string } }[] })
      .data[0]!.payment.payment_intent;
    expect(
      [...standIn.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount),
    ).toEqual([60_000]);
    const m = await membership();
    expect(m.paidThrough).toBe('2029-03-09');
    const kinds = (
      await ctx.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, m.id))
    ).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'charge_failed')).toHaveLength(1);
    const told = await smtp.mailTo('maria@sweetwater.example', /could not charge your card/);
    expect(told.text).toContain('https://portal.example.org/membership');
    // Charged again, for the renewal invoice's $300.00: a one-off invoice Stripe charges.
    const retry = [...standIn.invoices.values()].find(
      (i) => i.billing_reason === 'manual' && i.customer === charged.customer,
    )!;
    expect(retry).toMatchObject({ status: 'draft', auto_advance: true });
    smtp.received.length = 0;
    const again = await standIn.payInvoice(retry.id);
    expect(again.amount_paid).toBe(30_000);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    await ctx.app.flushMail();
    const receipt = await smtp.mailTo('maria@sweetwater.example', /^Receipt for invoice/);
    expect(receipt.subject).toMatch(/: \$300\.00 paid$/);
    expect(receipt.text).toContain('by card (Visa •••• 4242)');
    expect(await membership()).toMatchObject({ status: 'active', paidThrough: '2030-03-09' });
  });

  it('a signed invoice.payment_failed records the failure and mails the member a card update link', async () => {
    await ctx.app.flushMail();
    smtp.received.length = 0;
    await standIn.failRenewal(subscriptionId);
    expect(standIn.deliveries.at(-1)).toMatchObject({ status: 200 });
    const m = await membership();
    const kinds = (
      await ctx.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, m.id))
    ).map((e) => e.kind);
    expect(kinds).toContain('charge_failed');
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    const mail = smtp.received[0]!;
    expect(JSON.stringify(mail.to)).toContain('maria@sweetwater.example');
    expect(mail.subject).toMatch(/could not charge your card/);
    expect(mail.text).toContain('4242');
    expect(mail.text).toContain('https://portal.example.org/membership');
  });
});
