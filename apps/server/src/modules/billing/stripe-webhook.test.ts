import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  invoices,
  membershipPlans,
  memberships,
  payments,
  pendingRefunds,
  stripeEvents,
} from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import { bearer } from '../../test/members.js';
import {
  payOnCheckout,
  startStripeStandIn,
  type StripeStandIn,
} from '../../test/stripe-stand-in.js';
import { pendingRefundsJob } from '../../background/pending-refunds.js';
import { BillingService, PENDING_REFUND_LOOKUP_AFTER_MS, PORTAL_ACTOR } from './index.js';
import { createStripeClient } from './stripe-client.js';
import type { SubscriptionHooks } from './stripe.js';

const secret = 'whsec_webhook_tests';
let standIn: StripeStandIn;
let ctx: TestContext;
let token: string;
let contactId: string;
let billing: BillingService;
const calls: { hook: string; args: unknown }[] = [];

/** The memberships side, as far as these tests need it: what was asked, and a renewal invoice. */
const hooks: SubscriptionHooks = {
  renewalInvoice: async (tx, membershipId) => {
    calls.push({ hook: 'renewalInvoice', args: membershipId });
    const { invoice } = await billing.issueInvoice(tx, {
      contactId,
      membershipId,
      purpose: 'membership_renewal',
      lines: [{ description: 'Basic membership, one year', unitCents: 30_000 }],
    });
    return invoice;
  },
  nextCharge: async () => null,
  subscriptionChanged: async (_tx, change) => {
    calls.push({ hook: 'subscriptionChanged', args: change });
  },
  chargeFailed: async (_tx, failure) => {
    calls.push({ hook: 'chargeFailed', args: failure });
  },
};

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: secret });
  ctx = await createTestApp(standIn.env());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;
  ctx.app.onlinePayments!.useHooks(hooks);
  billing = new BillingService(ctx.db, ctx.clock);
  const user = await createTestUser(ctx.db, { email: 'maria@sweetwater.example' });
  contactId = user.contactId!;
  token = await signIn(ctx, 'maria@sweetwater.example');
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});
beforeEach(() => {
  calls.length = 0;
});

async function openInvoice(cents = 55_000, membershipId: string | null = null) {
  const { invoice } = await billing.issueInvoice(ctx.db, {
    contactId,
    membershipId,
    purpose: 'other',
    lines: [{ description: 'Enhanced membership, one year', unitCents: cents }],
  });
  return invoice;
}

async function post(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

async function checkout(invoiceId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: bearer(token),
    payload: { invoiceId },
  });
}

const paymentsOf = (invoiceId: string) =>
  ctx.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const eventRow = async (id: string) =>
  (await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];

describe('POST /api/stripe/webhook', () => {
  it('answers 400 to a bad signature and records nothing', async () => {
    const event = standIn.event('checkout.session.completed', { id: 'cs_forged' });
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_someone_else',
    });
    const res = await post(event, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
    expect(await eventRow(event.id)).toBeUndefined();
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await eventRow(event.id)).toBeUndefined();
  });

  it('records an event type it does not handle and answers 200', async () => {
    const event = standIn.event('customer.created', { id: 'cus_new', object: 'customer' });
    const res = await post(event);
    expect(res.statusCode).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({
      type: 'customer.created',
      outcome: 'ignored: not a type the portal handles',
    });
  });

  it('pays an open invoice through Checkout once, even when the event comes twice', async () => {
    const invoice = await openInvoice();
    const res = await checkout(invoice.id);
    expect(res.statusCode).toBe(200);
    const page = await payOnCheckout(res.json<{ url: string }>().url);
    expect(page.headers.get('location')).toBe(
      `${ctx.config.publicUrl}/membership?paid=${invoice.number}`,
    );
    const [delivery] = standIn.deliveries.filter(
      (d) => d.event.type === 'checkout.session.completed' && d.status === 200,
    );
    expect(delivery).toBeDefined();
    const [paid] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid!.status).toBe('paid');
    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toMatchObject([{ amountCents: 55_000, method: 'card', kind: 'payment' }]);
    expect(recorded[0]!.stripePaymentIntentId).toMatch(/^pi_/);

    const replay = await post(delivery!.event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    // Asking to pay it again is refused: it is paid.
    expect((await checkout(invoice.id)).statusCode).toBe(409);
  });

  it('gives two clicks at once the same Checkout session', async () => {
    const invoice = await openInvoice();
    const before = standIn.calls('POST', '/v1/checkout/sessions').length;
    const [a, b] = await Promise.all([checkout(invoice.id), checkout(invoice.id)]);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(standIn.calls('POST', '/v1/checkout/sessions').length - before).toBe(1);
  });

  it('gets the same Checkout session back when the answer to the first request was lost', async () => {
    const invoice = await openInvoice();
    const first = (await checkout(invoice.id)).json<{ url: string }>();
    // The session was made at Stripe, but the portal's transaction that kept its id did not
    // commit: the retry sends the same Idempotency-Key and Stripe answers the same session.
    await ctx.db
      .update(invoices)
      .set({ stripeCheckoutSessionId: null })
      .where(eq(invoices.id, invoice.id));
    const again = (await checkout(invoice.id)).json<{ url: string }>();
    expect(again.url).toBe(first.url);
    const sessionsForInvoice = [...standIn.sessions.values()].filter(
      (s) => s.client_reference_id === invoice.id,
    );
    expect(sessionsForInvoice).toHaveLength(1);
  });

  it('records a refund made on Stripe once, and a refund staff made through the portal only once', async () => {
    const invoice = await openInvoice(30_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await payOnCheckout(url);
    const [paid] = await paymentsOf(invoice.id);
    expect(paid).toMatchObject({ kind: 'payment', amountCents: 30_000 });
    const refundsOf = (refundId: string) =>
      ctx.db.select().from(payments).where(eq(payments.stripeRefundId, refundId));
    // Stripe's charge.refunded carries the charge, with what has been refunded so far.
    const outcomeOf = async (refundedSoFar: number) => {
      const event = standIn
        .delivered('charge.refunded')
        .find(
          (e) =>
            (e.data as { object: { amount_refunded: number; payment_intent: string } }).object
              .amount_refunded === refundedSoFar &&
            (e.data as { object: { payment_intent: string } }).object.payment_intent ===
              paid!.stripePaymentIntentId,
        );
      return event ? { event, outcome: (await eventRow(event.id))?.outcome } : undefined;
    };

    // From Stripe's dashboard: the portal hears of it only through charge.refunded.
    const api = new URL(standIn.url);
    const stripe = await createStripeClient({
      secretKey: 'sk_test_dashboard',
      webhookSecret: secret,
      api: { host: api.hostname, port: Number(api.port), protocol: 'http' },
    });
    const dashboard = await stripe.refunds.create({
      payment_intent: paid!.stripePaymentIntentId!,
      amount: 10_000,
    });
    await expect
      .poll(async () => (await outcomeOf(10_000))?.outcome, { timeout: 10_000 })
      .toBe('applied');
    const recorded = await refundsOf(dashboard.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: 'refund', amountCents: 10_000, method: 'card' });
    // The same event again changes nothing.
    const { event } = (await outcomeOf(10_000))!;
    expect((await post(event)).statusCode).toBe(200);
    expect(await refundsOf(dashboard.id)).toHaveLength(1);

    // From the portal: staff refund online; Stripe's charge.refunded then finds it recorded.
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid!.id}/refunds`,
      headers: bearer(await signIn(ctx, admin.email)),
      payload: { amountCents: 5_000, reason: 'Left early', online: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const portalRefund = standIn.calls('POST', '/v1/refunds').at(-1)!;
    const staffRefundId = [...standIn.refunds.values()].find(
      (r) => r.amount === 5_000 && r.payment_intent === portalRefund.body.payment_intent,
    )!.id;
    // Stripe answers the refund before the portal records it, so its event may come first
    // (then the event records it, and staff's recording is answered as that same refund) or
    // after (a duplicate). Either way it is recorded once, and the outcome says which happened.
    await expect
      .poll(async () => (await outcomeOf(15_000))?.outcome, { timeout: 10_000 })
      .toMatch(/^(applied|duplicate: refunds already recorded)$/);
    const staffRefund = await refundsOf(staffRefundId);
    expect(staffRefund).toHaveLength(1);
    expect(staffRefund[0]).toMatchObject({ kind: 'refund', amountCents: 5_000 });
    expect(res.json<{ refund: { id: string } }>().refund.id).toBe(staffRefund[0]!.id);
    // 'applied' only when the event wrote it: then the audit names the portal, not the admin.
    const [audit] = await ctx.db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'invoice.refund' and ${auditLog.after}->>'refundId' = ${staffRefund[0]!.id}`,
      );
    expect(audit).toBeDefined();
    expect((await outcomeOf(15_000))?.outcome).toBe(
      audit!.actorId === null ? 'applied' : 'duplicate: refunds already recorded',
    );
  });

  it('refunds a $300 payment once when a card refund and a recorded cash refund are sent together', async () => {
    const invoice = await openInvoice(30_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await payOnCheckout(url);
    const [paid] = await paymentsOf(invoice.id);
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const staff = bearer(await signIn(ctx, admin.email));
    const refund = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${paid!.id}/refunds`,
        headers: staff,
        payload: { amountCents: 30_000, reason: 'Cancelled', ...payload },
      });
    // The card refund is made at Stripe; while its answer is on the way, staff record cash.
    const held = standIn.hold('POST', '/v1/refunds');
    const online = refund({ online: true });
    await held.reached;
    const cash = await refund({ online: false, method: 'cash' });
    held.release();
    const card = await online;
    expect(card.statusCode, card.body).toBe(201);
    expect(cash.statusCode).toBe(422);
    expect(cash.json()).toMatchObject({ error: 'refund_too_large' });

    const intent = paid!.stripePaymentIntentId!;
    const refundedEvents = () =>
      standIn
        .delivered('charge.refunded')
        .filter(
          (e) =>
            (e.data as { object: { payment_intent: string } }).object.payment_intent === intent,
        );
    await expect.poll(() => refundedEvents().length, { timeout: 10_000 }).toBe(1);
    const [delivery] = standIn.deliveries.filter((d) => d.event.id === refundedEvents()[0]!.id);
    expect(delivery!.status).toBe(200);
    const refunds = (await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund');
    expect(refunds).toMatchObject([{ amountCents: 30_000, method: 'card', flag: null }]);
    const atStripe = [...standIn.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(atStripe.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(30_000);
  });

  it('records a refund made at Stripe beyond what is left, flagged for staff, and answers 200', async () => {
    const invoice = await openInvoice(30_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await payOnCheckout(url);
    const [paid] = await paymentsOf(invoice.id);
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const cash = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid!.id}/refunds`,
      headers: bearer(await signIn(ctx, admin.email)),
      payload: { amountCents: 30_000, reason: 'Paid back in cash', method: 'cash' },
    });
    expect(cash.statusCode).toBe(201);
    // Someone refunds the card too, in Stripe's dashboard: the money has gone all the same.
    const api = new URL(standIn.url);
    const stripe = await createStripeClient({
      secretKey: 'sk_test_dashboard',
      webhookSecret: secret,
      api: { host: api.hostname, port: Number(api.port), protocol: 'http' },
    });
    const dashboard = await stripe.refunds.create({ payment_intent: paid!.stripePaymentIntentId! });
    await expect
      .poll(
        () =>
          standIn.deliveries.find(
            (d) =>
              d.event.type === 'charge.refunded' &&
              (d.event.data as { object: { payment_intent: string } }).object.payment_intent ===
                paid!.stripePaymentIntentId,
          )?.status,
        { timeout: 10_000 },
      )
      .toBe(200);
    const [recorded] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.stripeRefundId, dashboard.id));
    expect(recorded).toMatchObject({ kind: 'refund', amountCents: 30_000, method: 'card' });
    expect(recorded!.flag).toContain('beyond what was left of the payment');
    const staffView = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/invoices/${invoice.id}`,
      headers: bearer(await signIn(ctx, admin.email)),
    });
    expect(JSON.stringify(staffView.json())).toContain('beyond what was left of the payment');
  });

  it('refunds a payment for an invoice voided while its Checkout was open, and records why', async () => {
    const invoice = await openInvoice();
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await ctx.db
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(), voidReason: 'Wrong plan' })
      .where(eq(invoices.id, invoice.id));
    await payOnCheckout(url);
    const event = standIn.delivered('checkout.session.completed').at(-1)!;
    expect((await eventRow(event.id))!.outcome).toBe(`refunded: invoice ${invoice.number} is void`);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const refunded = standIn.calls('POST', '/v1/refunds').at(-1)!;
    expect(refunded.body.payment_intent).toBe(
      (event.data as { object: { payment_intent: string } }).object.payment_intent,
    );
  });

  it('refuses a payment whose amount does not match the invoice, by refunding it', async () => {
    const invoice = await openInvoice(55_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    // A session that charged another amount than the invoice's (altered on Stripe's side).
    standIn.sessions.get(url.split('/').at(-1)!)!.amount_total = 30_000;
    await payOnCheckout(url);
    const event = standIn.delivered('checkout.session.completed').at(-1)!;
    expect((await eventRow(event.id))!.outcome).toBe(
      `refunded: paid $300.00, invoice ${invoice.number} is for $550.00`,
    );
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    expect(standIn.calls('POST', '/v1/refunds').at(-1)!.body).toMatchObject({
      payment_intent: (event.data as { object: { payment_intent: string } }).object.payment_intent,
    });
  });

  it('charges the invoice its own amount when the plan price changed while Checkout was open', async () => {
    const invoice = await openInvoice(55_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await ctx.db
      .update(membershipPlans)
      .set({ priceCents: 60_000 })
      .where(eq(membershipPlans.level, 'enhanced'));
    await payOnCheckout(url);
    expect(await paymentsOf(invoice.id)).toMatchObject([{ amountCents: 55_000 }]);
  });
});

describe('a refund to the card whose answer from Stripe never came back', () => {
  /** The pending-refunds job, run as the runner runs it. */
  const sweep = () =>
    pendingRefundsJob.run({ db: ctx.db, clock: ctx.clock, jobId: 'test', config: ctx.config }, {});
  const reservations = (paymentId: string) =>
    ctx.db.select().from(pendingRefunds).where(eq(pendingRefunds.paymentId, paymentId));
  const refundsAtStripe = (intent: string) =>
    [...standIn.refunds.values()].filter((r) => r.payment_intent === intent);
  const never = () => new Promise<never>(() => undefined);

  /**
   * A card payment of $300, and staff's online refund of it from a process that dies while it
   * waits for Stripe: `reach` says whether the refund request left before it died. Stripe's
   * charge.refunded is lost too (kept by the stand-in, not delivered). Answers the payment.
   */
  async function refundCutOff(reach: boolean) {
    const invoice = await openInvoice(30_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await payOnCheckout(url);
    const [paid] = await paymentsOf(invoice.id);
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const stripeSide = ctx.app.onlinePayments!.provider();
    const dying = new BillingService(ctx.db, ctx.clock);
    dying.setPaymentProvider({
      ...stripeSide,
      refund: async (input) => {
        if (reach) await stripeSide.refund(input);
        return never();
      },
    });
    standIn.webhookUrl = '';
    void dying.refundPayment(
      {
        paymentId: paid!.id,
        amountCents: 30_000,
        reason: 'Cancelled',
        online: true,
        recordedByUserId: admin.id,
      },
      PORTAL_ACTOR,
    );
    await expect.poll(async () => (await reservations(paid!.id)).length).toBe(1);
    if (reach)
      await expect.poll(() => refundsAtStripe(paid!.stripePaymentIntentId!).length).toBe(1);
    standIn.webhookUrl = webhookUrl;
    const staff = bearer(await signIn(ctx, admin.email));
    return { invoice, paid: paid!, staff };
  }

  let webhookUrl: string;
  beforeAll(() => {
    webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/stripe/webhook`;
  });

  it('records the refund Stripe made, once, and leaves one Stripe is still sending', async () => {
    const { invoice, paid, staff } = await refundCutOff(true);
    const intent = paid.stripePaymentIntentId!;
    const [atStripe] = refundsAtStripe(intent);
    // Reserved, the $300 blocks a cash refund: nothing is left of the payment.
    const cash = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid.id}/refunds`,
      headers: staff,
      payload: { amountCents: 30_000, reason: 'Cash', online: false, method: 'cash' },
    });
    expect(cash.statusCode).toBe(422);

    // Young, it is not looked up: its request may still be waiting for Stripe.
    ctx.clock.advance(PENDING_REFUND_LOOKUP_AFTER_MS / 3);
    expect(await sweep()).toEqual({ recorded: 0, released: 0, waiting: 0 });
    ctx.clock.advance(PENDING_REFUND_LOOKUP_AFTER_MS);
    // Stripe still sending the money: it waits.
    atStripe!.status = 'pending';
    expect(await sweep()).toEqual({ recorded: 0, released: 0, waiting: 1 });
    expect(await reservations(paid.id)).toHaveLength(1);
    atStripe!.status = 'succeeded';
    expect(await sweep()).toEqual({ recorded: 1, released: 0, waiting: 0 });

    const refunds = (await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund');
    expect(refunds).toMatchObject([
      { amountCents: 30_000, method: 'card', stripeRefundId: atStripe!.id, flag: null },
    ]);
    expect(await reservations(paid.id)).toEqual([]);
    // Again, and Stripe's lost event delivered late: nothing more is recorded or refunded.
    expect(await sweep()).toEqual({ recorded: 0, released: 0, waiting: 0 });
    const lost = standIn
      .delivered('charge.refunded')
      .find(
        (e) => (e.data as { object: { payment_intent: string } }).object.payment_intent === intent,
      )!;
    const late = await post(lost);
    expect(late.statusCode).toBe(200);
    expect((await eventRow(lost.id))!.outcome).toBe('duplicate: refunds already recorded');
    expect((await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
    expect(refundsAtStripe(intent)).toHaveLength(1);
    expect(
      standIn.calls('POST', '/v1/refunds').filter((c) => c.body.payment_intent === intent),
    ).toHaveLength(1);
  });

  it('frees the amount of a refund that never reached Stripe, which staff can then make once', async () => {
    const { invoice, paid, staff } = await refundCutOff(false);
    const intent = paid.stripePaymentIntentId!;
    ctx.clock.advance(PENDING_REFUND_LOOKUP_AFTER_MS + 60_000);
    expect(await sweep()).toEqual({ recorded: 0, released: 1, waiting: 0 });
    expect(await reservations(paid.id)).toEqual([]);
    expect((await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund')).toEqual([]);
    expect(refundsAtStripe(intent)).toEqual([]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'invoice.refund_released' and ${auditLog.targetId} = ${invoice.id}`,
      );
    expect(audit!.reason).toBe(
      'The refund to the card never reached Stripe; the amount is free to refund again.',
    );

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid.id}/refunds`,
      headers: staff,
      payload: { amountCents: 30_000, reason: 'Cancelled', online: true },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(refundsAtStripe(intent)).toHaveLength(1);
    await expect
      .poll(async () => (await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund').length)
      .toBe(1);
    expect(await sweep()).toEqual({ recorded: 0, released: 0, waiting: 0 });
  });

  it("keeps the amount reserved when Stripe's answer is lost on the way, so it is refunded once", async () => {
    const invoice = await openInvoice(30_000);
    const { url } = (await checkout(invoice.id)).json<{ url: string }>();
    await payOnCheckout(url);
    const [paid] = await paymentsOf(invoice.id);
    const intent = paid!.stripePaymentIntentId!;
    const admin = await createTestUser(ctx.db, { role: 'admin', contact: false });
    const staff = bearer(await signIn(ctx, admin.email));
    const refund = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${paid!.id}/refunds`,
        headers: staff,
        payload: { amountCents: 10_000, reason: 'Goodwill', online: true },
      });
    // Stripe makes the refund; its answer, and those to the SDK's two retries, are lost, and
    // so is its charge.refunded event.
    standIn.webhookUrl = '';
    standIn.cutAnswers('POST', '/v1/refunds', 3);
    const lost = await refund();
    standIn.webhookUrl = webhookUrl;
    expect(lost.statusCode).toBe(503);
    expect(lost.json<{ message: string }>().message).toBe(
      'Stripe did not answer whether it made the refund of $100.00. The amount stays reserved: within half an hour the portal looks the refund up at Stripe and records it, or frees the amount if Stripe never made it.',
    );
    expect(refundsAtStripe(intent)).toHaveLength(1);
    expect(await reservations(paid!.id)).toHaveLength(1);

    // Staff asking again is refused while the $100 is reserved: the rest is $200.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paid!.id}/refunds`,
      headers: staff,
      payload: { amountCents: 30_000, reason: 'Goodwill', online: true },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toBe(
      'Of the $300.00 paid, $200.00 is left to refund; $300.00 is more than that.',
    );
    expect(refundsAtStripe(intent)).toHaveLength(1);

    ctx.clock.advance(PENDING_REFUND_LOOKUP_AFTER_MS + 60_000);
    expect(await sweep()).toEqual({ recorded: 1, released: 0, waiting: 0 });
    expect((await paymentsOf(invoice.id)).filter((p) => p.kind === 'refund')).toMatchObject([
      { amountCents: 10_000, stripeRefundId: refundsAtStripe(intent)[0]!.id },
    ]);
    expect(await reservations(paid!.id)).toEqual([]);
  });
});

describe('automatic renewal', () => {
  let membershipId: string;

  beforeAll(async () => {
    const [plan] = await ctx.db
      .select()
      .from(membershipPlans)
      .where(eq(membershipPlans.level, 'standard'));
    // Every contact has its membership (made with the contact); this one is paid up.
    const [row] = await ctx.db
      .update(memberships)
      .set({
        planId: plan!.id,
        status: 'active',
        startedOn: '2025-04-01',
        paidThrough: '2026-03-31',
      })
      .where(eq(memberships.contactId, contactId))
      .returning();
    membershipId = row!.id;
  });

  it('turns on through Checkout, records the renewal even when invoice.paid comes first, and once', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/payments/auto-renew',
      headers: bearer(token),
      payload: { on: true },
    });
    expect(res.statusCode).toBe(200);
    const { url, autoRenew } = res.json<{ url: string; autoRenew: boolean }>();
    expect(autoRenew).toBe(false);
    // Completing the page without delivering, to send its events in the wrong order.
    const sessionId = url.split('/').at(-1)!;
    standIn.webhookUrl = '';
    await standIn.completeCheckout(sessionId, { brand: 'mastercard', last4: '4444' });
    const completed = standIn.deliveries.at(-1)!.event;
    const subscriptionId = (completed.data as { object: { subscription: string } }).object
      .subscription;
    const subscription = standIn.subscriptions.get(subscriptionId)!;
    expect(subscription.trial_end).toBe(Math.floor(Date.parse('2026-04-01T12:00:00Z') / 1000));
    const renewal = await standIn.renew(subscriptionId);
    const paidEvent = standIn.deliveries.at(-1)!.event;
    const { port } = ctx.app.server.address() as AddressInfo;
    standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;

    expect((await post(paidEvent)).json().outcome).toBe('applied');
    expect((await post(completed)).json().outcome).toBe('applied');
    expect(calls.map((c) => c.hook)).toEqual(['renewalInvoice', 'subscriptionChanged']);
    expect(calls[1]!.args).toMatchObject({
      membershipId,
      subscriptionId,
      autoRenew: true,
      card: { brand: 'mastercard', last4: '4444' },
    });
    const [ours] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.stripeInvoiceId, renewal.id));
    expect(ours).toMatchObject({
      status: 'paid',
      purpose: 'membership_renewal',
      totalCents: 30_000,
    });
    expect(await paymentsOf(ours!.id)).toMatchObject([{ amountCents: 30_000, method: 'card' }]);

    // The same charge again, under a new event id (Stripe resends after a timeout): no second payment.
    const again = standIn.event('invoice.paid', renewal);
    expect((await post(again)).json().outcome).toBe('duplicate: renewal already recorded');
    expect(await paymentsOf(ours!.id)).toHaveLength(1);
  });

  it('tells the memberships side of a failed charge', async () => {
    const [sub] = [...standIn.subscriptions.values()];
    await standIn.failRenewal(sub!.id);
    expect(standIn.deliveries.at(-1)!.status).toBe(200);
    // The draft made the charge follow the renewal invoice; then the card was declined.
    expect(calls).toMatchObject([
      { hook: 'renewalInvoice', args: membershipId },
      { hook: 'chargeFailed', args: { membershipId, amountCents: 30_000 } },
    ]);
  });

  it('ignores a subscription update older than one already applied', async () => {
    const [sub] = [...standIn.subscriptions.values()];
    const older = standIn.event('customer.subscription.updated', {
      ...sub!,
      cancel_at_period_end: false,
    });
    older.created = Number(older.created) - 60;
    const newer = standIn.event('customer.subscription.updated', {
      ...sub!,
      cancel_at_period_end: true,
    });
    expect((await post(newer)).json().outcome).toBe('applied');
    expect((await post(older)).json().outcome).toBe(
      'stale: a newer change of this subscription was applied',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toMatchObject({ autoRenew: false, source: 'stripe_update' });
  });

  it('turns automatic renewal off when Stripe ends the subscription', async () => {
    const [sub] = [...standIn.subscriptions.values()];
    const res = await post(
      standIn.event('customer.subscription.deleted', { ...sub!, status: 'canceled' }),
    );
    expect(res.json().outcome).toBe('applied');
    expect(calls[0]!.args).toMatchObject({
      membershipId,
      subscriptionId: null,
      autoRenew: false,
      source: 'stripe_deleted',
    });
  });
});
