import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../modules/billing/stripe-client.js';
import { payOnCheckout, startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

const secret = 'whsec_stand_in_test';

describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  const received: Stripe.Event[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The SDK's own check: what the portal's webhook does with the same secret.
      const event = stripe.webhooks.constructEvent(
        Buffer.concat(chunks),
        String(req.headers['stripe-signature']),
        secret,
      );
      received.push(event);
      res.writeHead(200).end('{}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    standIn = await startStripeStandIn({
      webhookSecret: secret,
      webhookUrl: `http://127.0.0.1:${port}/hook`,
    });
    const api = new URL(standIn.url);
    stripe = await createStripeClient({
      secretKey: 'sk_test_x',
      webhookSecret: secret,
      api: { host: api.hostname, port: Number(api.port), protocol: 'http' },
    });
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('answers a retried POST with the same object by its Idempotency-Key, and refuses the key for other parameters', async () => {
    const params = { email: 'lee@example.org', name: 'Lee' };
    const first = await stripe.customers.create(params, { idempotencyKey: 'customer-lee' });
    const again = await stripe.customers.create(params, { idempotencyKey: 'customer-lee' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.customers.has(first.id)).toBe(true);
    const other = await stripe.customers
      .create({ ...params, name: 'Lee Park' }, { idempotencyKey: 'customer-lee' })
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const fresh = await stripe.customers.create(params, { idempotencyKey: 'customer-lee-2' });
    expect(fresh.id).not.toBe(first.id);
  });

  it("shows a Checkout session's page with its amount, takes the payment on 'Pay', signs the event and redirects", async () => {
    const customer = await stripe.customers.create({ email: 'pat@example.org', name: 'Pat' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      client_reference_id: 'invoice-1',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 55000, product_data: { name: 'Enhanced' } },
        },
      ],
      success_url: 'http://portal.test/membership?paid={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/membership',
    });
    expect(session).toMatchObject({ status: 'open', amount_total: 55000, mode: 'payment' });
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Enhanced');
    expect(html).toContain('$550.00');
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain(`action="/checkout/${session.id}/cancel"`);
    // Opening the page takes nothing.
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const paying = await payOnCheckout(session.url!);
    expect(paying.status).toBe(303);
    expect(paying.headers.get('location')).toBe(`http://portal.test/membership?paid=${session.id}`);
    const event = received.at(-1)!;
    expect(event.type).toBe('checkout.session.completed');
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      client_reference_id: 'invoice-1',
    });
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
    expect(await (await fetch(session.url!)).text()).toContain(
      'This Checkout session is complete.',
    );
  });

  it("goes back to the session's cancel_url on 'Cancel', taking nothing and sending nothing", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 2,
          price_data: { currency: 'usd', unit_amount: 3500, product_data: { name: 'Luncheon' } },
        },
      ],
      success_url: 'http://portal.test/events/1?paid=1',
      cancel_url: 'http://portal.test/events/1',
    });
    expect(await (await fetch(session.url!)).text()).toContain('$70.00');
    const sent = received.length;
    const back = await fetch(`${session.url!}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('http://portal.test/events/1');
    expect(received.length).toBe(sent);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it('starts a subscription with a trial, renews it, and reads back the card', async () => {
    const customer = await stripe.customers.create({ email: 'sam@example.org' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 30000,
            recurring: { interval: 'year' },
            product_data: { name: 'Basic' },
          },
        },
      ],
      subscription_data: {
        trial_end: Math.floor(Date.now() / 1000) + 30 * 86400,
        metadata: { m: '1' },
      },
      success_url: 'http://portal.test/membership',
    });
    await payOnCheckout(session.url!);
    const completed = received.at(-1)!.data.object as Stripe.Checkout.Session;
    const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
    expect(subscription.status).toBe('trialing');
    const card = await stripe.paymentMethods.retrieve(String(subscription.default_payment_method));
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });

    await standIn.renew(subscription.id);
    const paid = received.at(-1)!;
    expect(paid.type).toBe('invoice.paid');
    const invoice = paid.data.object as Stripe.Invoice;
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.amount_paid).toBe(30000);

    const updated = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(updated.cancel_at_period_end).toBe(true);
    await stripe.subscriptions.cancel(subscription.id);
    await expect.poll(() => received.at(-1)?.type).toBe('customer.subscription.deleted');
  });

  it('refunds no more than was paid, with the error Stripe gives', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'x' } },
        },
      ],
      success_url: 'http://portal.test/',
    });
    await payOnCheckout(session.url!);
    const intent = String((received.at(-1)!.data.object as Stripe.Checkout.Session).payment_intent);
    await expect(
      stripe.refunds.create({ payment_intent: intent, amount: 1001 }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
    });
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 400 });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 400 });
    await expect.poll(() => received.at(-1)?.type).toBe('charge.refunded');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://portal.test/membership',
    });
    expect(portal.url).toContain(standIn.url);
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});
