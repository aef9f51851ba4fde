import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { formatMoney } from '@chamber/contract';
import Stripe from 'stripe';
import { stripeApiVersion } from '../modules/billing/stripe-client.js';

/**
 * A local HTTP server that stands in for api.stripe.com in tests and the demo. It answers
 * the calls the portal makes, in the shapes of the pinned API version (`stripeApiVersion`,
 * 2026-10-28.endive): customers (create, retrieve), Checkout sessions (create in `payment`
 * and `subscription` mode, retrieve), subscriptions (create, retrieve, update
 * `cancel_at_period_end` or an item's `price_data`, cancel), invoice items (create, on a draft), invoices (create a one-off draft), billing portal sessions (create), refunds (create, list
 * by charge or payment intent), payment intents (retrieve, `latest_charge` expandable, for the card charged), payment methods (retrieve, for the card's brand and last four), products (create, for a subscription's
 * price) and invoices
 * (retrieve, with `payments` expanded); a POST's Idempotency-Key is honoured. Anything else answers 404 as Stripe does for an
 * unknown URL, so a new call the portal starts making shows up as a failing test.
 *
 * A Checkout session's `url` is its hosted page: the amount, 'Pay' and 'Cancel'. 'Pay' (or a
 * test's `completeCheckout`) pays it with the test card 4242, sends
 * `checkout.session.completed` (and for a subscription without a trial its first
 * `invoice.paid`) to the portal's webhook, signed with the SDK's own
 * `webhooks.generateTestHeaderString`, and then redirects to the session's `success_url`;
 * 'Cancel' redirects to its `cancel_url` and leaves the session open, as Stripe does.
 * Tests drive what Stripe would do later on its own with `renew` (a draft and its
 * `invoice.created`, then the charge; `draftRenewal` and `payInvoice` take the two halves
 * apart), `failRenewal`, `payInvoice` (a one-off invoice the portal made, or another attempt
 * at an open one) and `deliver`.
 */

type StripeObject = Record<string, unknown> & { id: string };

export interface StandInOptions {
  /** The portal's webhook, e.g. http://127.0.0.1:3000/api/stripe/webhook; unset: events are only kept. */
  webhookUrl?: string;
  webhookSecret: string;
  port?: number;
  host?: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface Delivery {
  event: StripeObject;
  status: number;
}

const webhooks = new Stripe('sk_test_stand_in', { apiVersion: stripeApiVersion }).webhooks;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=1`) back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        if (part === '' && Array.isArray(node)) node.push(value);
        else container[part] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(parts[i + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, key: string) =>
  new StripeError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${key}'`,
    'resource_missing',
    'id',
  );

export class StripeStandIn {
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly invoiceItems = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  /** Every API call received, in order. */
  readonly requests: StandInRequest[] = [];
  /** Every event sent to the webhook, with the portal's answer. */
  readonly deliveries: Delivery[] = [];
  /** Calls held before they are answered (`hold`): a test does something meanwhile. */
  private readonly holds: {
    method: string;
    path: string;
    reached: () => void;
    gate: Promise<void>;
  }[] = [];
  /** Answers lost on the way back (`cutAnswers`): how many more of each. */
  private readonly cuts: { method: string; path: string; left: number }[] = [];
  /** Answers kept by Idempotency-Key: a retry with the same parameters gets the same answer. */
  private readonly idempotent = new Map<string, { request: string; answer: string }>();
  private server: Server | undefined;
  url = '';

  constructor(private readonly options: StandInOptions) {}

  set webhookUrl(url: string) {
    this.options.webhookUrl = url;
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) =>
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  /** The portal's STRIPE_* variables for this stand-in. */
  env(secretKey = 'sk_test_portal'): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: this.options.webhookSecret,
      STRIPE_API_URL: this.url,
    };
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  calls(method: string, path: string | RegExp): StandInRequest[] {
    return this.requests.filter(
      (r) =>
        r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /**
   * Holds the next call to `method path` after Stripe has done it (a refund made, say) and
   * before the answer goes back, as a slow network would: `reached` resolves when it is
   * held, `release` lets the answer go.
   */
  hold(method: string, path: string): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const isReached = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ method, path, reached, gate });
    return { reached: isReached, release };
  }

  /**
   * The next `times` answers to `method path` are lost: Stripe does the work (or, for a retry
   * with the same Idempotency-Key, finds it done), then the connection drops before the answer
   * goes back, as a network cut would. The SDK's retries meet the same fate while any are left.
   */
  cutAnswers(method: string, path: string, times: number): void {
    this.cuts.push({ method, path, left: times });
  }

  /** Drops the connection instead of answering, when an answer to this call is to be lost. */
  private cut(method: string, path: string, res: ServerResponse): boolean {
    const at = this.cuts.findIndex((c) => c.method === method && c.path === path);
    if (at < 0) return false;
    const cut = this.cuts[at]!;
    cut.left -= 1;
    if (cut.left <= 0) this.cuts.splice(at, 1);
    res.socket?.destroy();
    return true;
  }

  /** An event of the pinned version around `object`, as Stripe sends it. */
  event(type: string, object: StripeObject, extra: Record<string, unknown> = {}): StripeObject {
    return {
      id: id('evt'),
      object: 'event',
      api_version: stripeApiVersion,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...extra,
    };
  }

  /** Signs and posts an event to the webhook; answers the portal's status. */
  async deliver(event: StripeObject): Promise<number> {
    if (!this.options.webhookUrl) {
      this.deliveries.push({ event, status: 0 });
      return 0;
    }
    const payload = JSON.stringify(event);
    const signature = webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
    });
    const res = await fetch(this.options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ event, status: res.status });
    return res.status;
  }

  /** Events delivered so far of one type. */
  delivered(type: string): StripeObject[] {
    return this.deliveries.filter((d) => d.event.type === type).map((d) => d.event);
  }

  // ----- what a customer does on Stripe's pages ---------------------------------------------

  /** Pays an open Checkout session as its page does, delivering the events; answers the redirect. */
  async completeCheckout(sessionId: string, card = { brand: 'visa', last4: '4242' }) {
    const session = this.sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open')
      return session.status === 'complete' ? session.success_url : session.cancel_url;
    const customer = this.ensureCustomer(session);
    const method = this.createPaymentMethod(customer, card);
    session.status = 'complete';
    session.customer = customer;
    if (session.mode === 'payment') {
      const intent = this.charge(
        customer,
        method.id,
        session.amount_total as number,
        session.currency as string,
        (session.payment_intent_data as { metadata?: unknown } | undefined)?.metadata ??
          session.metadata,
      );
      session.payment_intent = intent.id;
      session.payment_status = 'paid';
      await this.deliver(this.event('checkout.session.completed', session));
    } else {
      const data = (session.subscription_data ?? {}) as Record<string, unknown>;
      const line = (session.line_items as Array<Record<string, unknown>>)[0]!;
      const subscription = this.createSubscription({
        customer,
        default_payment_method: method.id,
        items: [line],
        trial_end: data.trial_end,
        metadata: data.metadata ?? {},
      });
      session.subscription = subscription.id;
      if (subscription.status === 'active') {
        const invoice = this.subscriptionInvoice(subscription, 'subscription_create', true);
        session.invoice = invoice.id;
        session.payment_status = 'paid';
      } else {
        session.payment_status = 'no_payment_required';
      }
      await this.deliver(this.event('checkout.session.completed', session));
      if (session.invoice)
        await this.deliver(
          this.event('invoice.paid', this.invoices.get(session.invoice as string)!),
        );
    }
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  /**
   * The subscription's next yearly charge, paid, as Stripe runs a renewal: the invoice is
   * made as a draft and `invoice.created` sent (the portal may add invoice items to the draft
   * then), then it is finalized with those items, charged, and `invoice.paid` sent.
   */
  async renew(subscriptionId: string): Promise<StripeObject> {
    const draft = await this.draftRenewal(subscriptionId);
    return this.payInvoice(draft.id);
  }

  /**
   * The first half of a renewal: the draft of the next yearly invoice, `invoice.created`
   * delivered. `payInvoice` charges it (about an hour later at Stripe).
   */
  async draftRenewal(subscriptionId: string): Promise<StripeObject> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    const draft = this.draftInvoice(subscription, 'subscription_cycle');
    await this.deliver(this.event('invoice.created', draft));
    return draft;
  }

  /** The subscription's next charge, declined: delivers `invoice.created`, then `invoice.payment_failed`. */
  async failRenewal(subscriptionId: string): Promise<StripeObject> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    subscription.status = 'past_due';
    const draft = this.draftInvoice(subscription, 'subscription_cycle');
    await this.deliver(this.event('invoice.created', draft));
    const invoice = this.settleInvoice(draft, subscription, false);
    await this.deliver(this.event('invoice.payment_failed', invoice));
    return invoice;
  }

  /**
   * Stripe charging an invoice on its own: a one-off invoice the portal made (finalized with
   * its items, as `auto_advance` does about an hour later), or another attempt at an open
   * subscription invoice. Delivers `invoice.paid`.
   */
  async payInvoice(invoiceId: string): Promise<StripeObject> {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw missing('invoice', invoiceId);
    if (invoice.status !== 'draft' && invoice.status !== 'open') {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Invoice is already paid',
        'invoice_not_open',
      );
    }
    const details = (invoice.parent as { subscription_details?: { subscription?: string } } | null)
      ?.subscription_details;
    const subscription = details?.subscription
      ? (this.subscriptions.get(details.subscription) ?? null)
      : null;
    if (subscription) subscription.status = 'active';
    const paid = this.settleInvoice(invoice, subscription, true);
    await this.deliver(this.event('invoice.paid', paid));
    return paid;
  }

  // ----- the objects ----------------------------------------------------------------------

  private ensureCustomer(session: StripeObject): string {
    if (typeof session.customer === 'string') return session.customer;
    const customer = this.createCustomer({ email: session.customer_email ?? null });
    return customer.id;
  }

  private createCustomer(body: Record<string, unknown>): StripeObject {
    const customer: StripeObject = {
      id: id('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: body.description ?? null,
      email: body.email ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: body.metadata ?? {},
      name: body.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createPaymentMethod(customer: string, card: { brand: string; last4: string }) {
    const method: StripeObject = {
      id: id('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        country: 'US',
        display_brand: card.brand,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        last4: card.last4,
      },
      created: now(),
      customer,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(method.id, method);
    const owner = this.customers.get(customer);
    if (owner)
      (owner.invoice_settings as Record<string, unknown>).default_payment_method = method.id;
    return method;
  }

  /** A succeeded payment intent and its charge. */
  private charge(
    customer: string,
    paymentMethod: string,
    amount: number,
    currency: string,
    metadata: unknown,
  ) {
    const intent: StripeObject = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      customer,
      created: now(),
      latest_charge: null,
      livemode: false,
      metadata: metadata ?? {},
      payment_method: paymentMethod,
      status: 'succeeded',
    };
    const card = (this.paymentMethods.get(paymentMethod)?.card ?? null) as Record<
      string,
      unknown
    > | null;
    const charge: StripeObject = {
      id: id('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency,
      customer,
      livemode: false,
      metadata: metadata ?? {},
      paid: true,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      payment_method_details: card
        ? {
            type: 'card',
            card: {
              brand: card.brand,
              country: card.country,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              funding: card.funding,
              last4: card.last4,
              network: card.brand,
            },
          }
        : null,
      refunded: false,
      status: 'succeeded',
    };
    intent.latest_charge = charge.id;
    this.paymentIntents.set(intent.id, intent);
    this.charges.set(charge.id, charge);
    return intent;
  }

  private createSubscription(body: Record<string, unknown>): StripeObject {
    const customer = String(body.customer);
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const items = body.items as Array<Record<string, unknown>> | undefined;
    const priceData = items?.[0]?.price_data as Record<string, unknown> | undefined;
    if (!priceData) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: items[0][price_data].',
        'parameter_missing',
        'items',
      );
    }
    const created = now();
    const trialEnd = body.trial_end ? Number(body.trial_end) : null;
    const periodStart = created;
    const periodEnd = trialEnd ?? created + 365 * 86400;
    const subscriptionId = id('sub');
    const recurring = (priceData.recurring ?? { interval: 'year' }) as Record<string, unknown>;
    const subscription: StripeObject = {
      id: subscriptionId,
      object: 'subscription',
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created,
      currency: priceData.currency,
      customer,
      default_payment_method: body.default_payment_method ?? null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            created,
            current_period_end: periodEnd,
            current_period_start: periodStart,
            metadata: {},
            price: {
              id: id('price'),
              object: 'price',
              active: false,
              currency: priceData.currency,
              product: priceData.product ?? id('prod'),
              recurring: {
                interval: recurring.interval,
                interval_count: 1,
                usage_type: 'licensed',
              },
              type: 'recurring',
              unit_amount: Number(priceData.unit_amount),
            },
            quantity: Number(items?.[0]?.quantity ?? 1),
            subscription: subscriptionId,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: body.metadata ?? {},
      start_date: created,
      status: trialEnd ? 'trialing' : 'active',
      trial_end: trialEnd,
      trial_start: trialEnd ? created : null,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** A subscription's first invoice, finalized and charged at once (no trial). */
  private subscriptionInvoice(
    subscription: StripeObject,
    reason: string,
    paid: boolean,
  ): StripeObject {
    return this.settleInvoice(this.draftInvoice(subscription, reason), subscription, paid);
  }

  /** A draft invoice for the subscription's next period at its price, not yet charged. */
  private draftInvoice(subscription: StripeObject, reason: string): StripeObject {
    const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
    const price = item.price as Record<string, unknown>;
    const amount = Number(price.unit_amount) * Number(item.quantity);
    const customer = String(subscription.customer);
    const periodStart = Number(item.current_period_end);
    const periodEnd = periodStart + 365 * 86400;
    const invoiceId = id('in');
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: subscription.currency,
      customer,
      hosted_invoice_url: null,
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `1 × membership (at ${amount / 100} / year)`,
            period: { start: periodStart, end: periodEnd },
            quantity: item.quantity,
          },
        ],
        has_more: false,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      parent: {
        quote_details: null,
        subscription_details: {
          metadata: subscription.metadata,
          subscription: subscription.id,
        },
        type: 'subscription_details',
      },
      payments: { object: 'list', data: [], has_more: false },
      period_end: periodStart,
      period_start: periodStart - 365 * 86400,
      status: 'draft',
      status_transitions: { paid_at: null, finalized_at: null },
      subtotal: amount,
      total: amount,
    };
    this.invoices.set(invoiceId, invoice);
    subscription.latest_invoice = invoiceId;
    return invoice;
  }

  /**
   * Finalizes a draft with the invoice items added to it meanwhile and attempts the charge to
   * the subscription's card: paid, or open with the next attempt in three days.
   */
  private settleInvoice(
    invoice: StripeObject,
    subscription: StripeObject | null,
    paid: boolean,
  ): StripeObject {
    const lines = invoice.lines as { data: Array<Record<string, unknown>> };
    // Finalizing takes the items added to the draft; another attempt has its lines already.
    for (const added of this.invoiceItems.values()) {
      if (invoice.status !== 'draft' || added.invoice !== invoice.id) continue;
      lines.data.push({
        id: id('il'),
        object: 'line_item',
        amount: added.amount,
        currency: added.currency,
        description: added.description,
        period: added.period,
        quantity: 1,
      });
    }
    const amount = lines.data.reduce((sum, line) => sum + Number(line.amount), 0);
    // A subscription's invoice charges its card; a one-off invoice the customer's default.
    const customer = this.customers.get(String(invoice.customer));
    const card = subscription
      ? subscription.default_payment_method
      : (customer?.invoice_settings as Record<string, unknown> | undefined)?.default_payment_method;
    let intent: StripeObject | undefined;
    if (paid) {
      intent = this.charge(
        String(invoice.customer),
        String(card),
        amount,
        String(invoice.currency),
        subscription?.metadata ?? invoice.metadata,
      );
      if (subscription) {
        const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
        item.current_period_start = Number(item.current_period_end);
        item.current_period_end = Number(item.current_period_end) + 365 * 86400;
      }
    }
    Object.assign(invoice, {
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      hosted_invoice_url: `${this.url}/invoice/${invoice.id}`,
      next_payment_attempt: paid ? null : now() + 3 * 86400,
      number: `${randomBytes(3).toString('hex').toUpperCase()}-0001`,
      payments: {
        object: 'list',
        data: intent
          ? [
              {
                id: id('inpay'),
                object: 'invoice_payment',
                amount_paid: amount,
                amount_requested: amount,
                currency: invoice.currency,
                invoice: invoice.id,
                is_default: true,
                payment: { payment_intent: intent.id, type: 'payment_intent' },
                status: 'paid',
              },
            ]
          : [],
        has_more: false,
      },
      status: paid ? 'paid' : 'open',
      status_transitions: { paid_at: paid ? now() : null, finalized_at: now() },
      subtotal: amount,
      total: amount,
    });
    return invoice;
  }

  /** POST /v1/invoices: a one-off draft invoice for a customer, charged to their default card. */
  private createInvoice(body: Record<string, unknown>): StripeObject {
    const customer = String(body.customer ?? '');
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const invoiceId = id('in');
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: body.auto_advance === 'true',
      billing_reason: 'manual',
      collection_method: body.collection_method ?? 'charge_automatically',
      created: now(),
      currency: body.currency ?? 'usd',
      customer,
      description: body.description ?? null,
      hosted_invoice_url: null,
      lines: { object: 'list', data: [], has_more: false },
      livemode: false,
      metadata: body.metadata ?? {},
      next_payment_attempt: null,
      number: null,
      parent: null,
      payments: { object: 'list', data: [], has_more: false },
      period_end: now(),
      period_start: now(),
      status: 'draft',
      status_transitions: { paid_at: null, finalized_at: null },
      subtotal: 0,
      total: 0,
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /** POST /v1/invoiceitems: a line added to a draft invoice (Stripe refuses it on any other). */
  private createInvoiceItem(body: Record<string, unknown>): StripeObject {
    const customer = String(body.customer ?? '');
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const invoice = body.invoice ? this.invoices.get(String(body.invoice)) : undefined;
    if (body.invoice && !invoice) throw missing('invoice', String(body.invoice));
    if (invoice && invoice.status !== 'draft') {
      throw new StripeError(
        400,
        'invalid_request_error',
        `You can only add invoice items to draft invoices. This invoice is ${String(invoice.status)}.`,
        'invoice_not_editable',
        'invoice',
      );
    }
    if (body.amount === undefined || !body.currency) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: amount.',
        'parameter_missing',
        'amount',
      );
    }
    const period = invoice
      ? ((invoice.lines as { data: Array<Record<string, unknown>> }).data[0]?.period ?? null)
      : { start: now(), end: now() };
    const item: StripeObject = {
      id: id('ii'),
      object: 'invoiceitem',
      amount: Number(body.amount),
      currency: body.currency,
      customer,
      date: now(),
      description: body.description ?? null,
      discountable: true,
      invoice: invoice ? invoice.id : null,
      livemode: false,
      metadata: body.metadata ?? {},
      period,
      quantity: 1,
    };
    this.invoiceItems.set(item.id, item);
    return item;
  }

  // ----- HTTP -----------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    try {
      if (url.pathname.startsWith('/checkout/')) {
        const [sessionId = '', choice] = url.pathname.slice('/checkout/'.length).split('/');
        const session = this.sessions.get(sessionId);
        if (!session) throw missing('checkout.session', sessionId);
        if (method === 'GET' && !choice) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(checkoutPage(session));
          return;
        }
        if (method === 'POST' && (choice === 'pay' || choice === 'cancel')) {
          const target =
            choice === 'cancel'
              ? String(session.cancel_url)
              : await this.completeCheckout(sessionId);
          res.writeHead(303, { location: String(target) }).end();
          return;
        }
      }
      if (url.pathname.startsWith('/portal/') && method === 'GET') {
        const portal = this.portalSessions.get(url.pathname.slice('/portal/'.length));
        if (!portal) throw missing('billing_portal.session', url.pathname);
        res.writeHead(303, { location: String(portal.return_url) }).end();
        return;
      }
      const body =
        method === 'GET' || method === 'DELETE'
          ? parseStripeForm(url.search.slice(1))
          : parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        throw new StripeError(401, 'invalid_request_error', 'You did not provide an API key.');
      }
      this.requests.push({ method, path: url.pathname, body });
      const headers = {
        'content-type': 'application/json',
        'request-id': id('req'),
        'stripe-version': String(req.headers['stripe-version'] ?? stripeApiVersion),
      };
      // Stripe keeps a POST's answer by its Idempotency-Key: the same request again gets the
      // same object (and the Idempotent-Replayed header); other parameters are refused.
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const request = `${method} ${url.pathname} ${JSON.stringify(body)}`;
      const kept = typeof key === 'string' ? this.idempotent.get(key) : undefined;
      if (kept) {
        if (kept.request !== request) {
          throw new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
          );
        }
        if (this.cut(method, url.pathname, res)) return;
        res.writeHead(200, { ...headers, 'idempotent-replayed': 'true' });
        res.end(kept.answer);
        return;
      }
      const answer = JSON.stringify(this.route(method, url.pathname, body));
      if (typeof key === 'string') this.idempotent.set(key, { request, answer });
      const held = this.holds.findIndex((h) => h.method === method && h.path === url.pathname);
      if (held >= 0) {
        const [h] = this.holds.splice(held, 1);
        h!.reached();
        await h!.gate;
      }
      if (this.cut(method, url.pathname, res)) return;
      res.writeHead(200, headers);
      res.end(answer);
    } catch (error) {
      const e =
        error instanceof StripeError
          ? error
          : new StripeError(500, 'api_error', (error as Error).message);
      res.writeHead(e.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: e.type, message: e.message, code: e.code, param: e.param },
        }),
      );
    }
  }

  private route(method: string, path: string, body: Record<string, unknown>): unknown {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1')
      throw new StripeError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}).`,
      );
    const [, resource, key, action] = parts;
    const get = (map: Map<string, StripeObject>, kind: string, k: string) => {
      const found = map.get(k);
      if (!found) throw missing(kind, k);
      return found;
    };
    const route = `${method} ${resource}${key ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'POST customers':
        return this.createCustomer(body);
      case 'GET customers/:id':
        return get(this.customers, 'customer', key!);
      case 'POST checkout/:id':
        if (key === 'sessions') return this.createSession(body);
        break;
      case 'GET checkout/:id/' + action:
        if (key === 'sessions') return get(this.sessions, 'checkout.session', action!);
        break;
      case 'POST subscriptions':
        return this.createSubscription(body);
      case 'GET subscriptions/:id':
        return get(this.subscriptions, 'subscription', key!);
      case 'POST subscriptions/:id': {
        const subscription = get(this.subscriptions, 'subscription', key!);
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
          const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
          subscription.cancel_at = subscription.cancel_at_period_end
            ? item.current_period_end
            : null;
        }
        if (body.default_payment_method)
          subscription.default_payment_method = body.default_payment_method;
        // items[0][id] with new price_data: the price from the next period on (the portal asks
        // for proration_behavior 'none', so nothing is charged or credited now).
        for (const change of (body.items as Array<Record<string, unknown>> | undefined) ?? []) {
          const item = (subscription.items as { data: Array<Record<string, unknown>> }).data.find(
            (i) => i.id === change.id,
          );
          if (!item) throw missing('subscription_item', String(change.id));
          const priceData = change.price_data as Record<string, unknown> | undefined;
          if (priceData) {
            const price = item.price as Record<string, unknown>;
            item.price = {
              ...price,
              id: id('price'),
              currency: priceData.currency ?? price.currency,
              product: priceData.product ?? price.product,
              unit_amount: Number(priceData.unit_amount),
            };
          }
        }
        if (body.metadata)
          subscription.metadata = {
            ...(subscription.metadata as object),
            ...(body.metadata as object),
          };
        return subscription;
      }
      case 'DELETE subscriptions/:id': {
        const subscription = get(this.subscriptions, 'subscription', key!);
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        subscription.ended_at = now();
        subscription.cancellation_details = {
          comment: null,
          feedback: null,
          reason: 'cancellation_requested',
        };
        void this.deliver(this.event('customer.subscription.deleted', subscription));
        return subscription;
      }
      case 'POST billing_portal/:id':
        if (key === 'sessions') return this.createPortalSession(body);
        break;
      case 'POST refunds':
        return this.createRefund(body);
      case 'GET refunds': {
        // Newest first, as Stripe lists them; by charge or by payment intent.
        const data = [...this.refunds.values()]
          .filter(
            (r) =>
              (!body.charge || r.charge === body.charge) &&
              (!body.payment_intent || r.payment_intent === body.payment_intent),
          )
          .reverse();
        return { object: 'list', data, has_more: false, url: '/v1/refunds' };
      }
      case 'POST products': {
        const product: StripeObject = {
          id: id('prod'),
          object: 'product',
          active: true,
          created: now(),
          livemode: false,
          metadata: body.metadata ?? {},
          name: body.name,
          type: 'service',
        };
        return product;
      }
      case 'GET payment_intents/:id': {
        const intent = get(this.paymentIntents, 'payment_intent', key!);
        const expand = (body.expand as string[] | undefined) ?? [];
        return expand.includes('latest_charge')
          ? { ...intent, latest_charge: this.charges.get(String(intent.latest_charge)) ?? null }
          : intent;
      }
      case 'POST invoiceitems':
        return this.createInvoiceItem(body);
      case 'POST invoices':
        return this.createInvoice(body);
      case 'GET payment_methods/:id':
        return get(this.paymentMethods, 'payment_method', key!);
      case 'GET invoices/:id': {
        const invoice = get(this.invoices, 'invoice', key!);
        const expand = (body.expand as string[] | undefined) ?? [];
        return expand.includes('payments') ? invoice : { ...invoice, payments: undefined };
      }
    }
    throw new StripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  private createSession(body: Record<string, unknown>): StripeObject {
    const mode = body.mode;
    if (mode !== 'payment' && mode !== 'subscription') {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Invalid mode: must be one of payment, setup, or subscription',
        'parameter_invalid_empty',
        'mode',
      );
    }
    if (!body.success_url) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'parameter_missing',
        'success_url',
      );
    }
    if (body.customer && !this.customers.has(String(body.customer)))
      throw missing('customer', String(body.customer));
    const lines = (body.line_items as Array<Record<string, unknown>> | undefined) ?? [];
    let amount = 0;
    let currency = 'usd';
    for (const line of lines) {
      const price = line.price_data as Record<string, unknown> | undefined;
      if (!price)
        throw new StripeError(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price_data].',
          'parameter_missing',
          'line_items',
        );
      amount += Number(price.unit_amount) * Number(line.quantity ?? 1);
      currency = String(price.currency);
    }
    const sessionId = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const created = now();
    const subscriptionData = body.subscription_data as Record<string, unknown> | undefined;
    const session: StripeObject = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: mode === 'subscription' && subscriptionData?.trial_end ? 0 : amount,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created,
      currency,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      expires_at: body.expires_at ? Number(body.expires_at) : created + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: body.metadata ?? {},
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: body.success_url,
      url: `${this.url}/checkout/${sessionId}`,
      // Kept for completing the session; Stripe does not echo these back.
      line_items: lines,
      payment_intent_data: body.payment_intent_data,
      subscription_data: subscriptionData,
    };
    this.sessions.set(sessionId, session);
    return this.visible(session);
  }

  private visible(session: StripeObject): StripeObject {
    const { line_items: _l, payment_intent_data: _p, subscription_data: _s, ...rest } = session;
    return rest as StripeObject;
  }

  private createPortalSession(body: Record<string, unknown>): StripeObject {
    const customer = String(body.customer ?? '');
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const portalId = id('bps');
    const portal: StripeObject = {
      id: portalId,
      object: 'billing_portal.session',
      configuration: id('bpc'),
      created: now(),
      customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: body.return_url ?? null,
      url: `${this.url}/portal/${portalId}`,
    };
    this.portalSessions.set(portalId, portal);
    return portal;
  }

  private createRefund(body: Record<string, unknown>): StripeObject {
    const intent = this.paymentIntents.get(String(body.payment_intent ?? ''));
    const charge = intent
      ? this.charges.get(String(intent.latest_charge))
      : this.charges.get(String(body.charge ?? ''));
    if (!charge) throw missing('payment_intent', String(body.payment_intent ?? body.charge));
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund: StripeObject = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: body.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: body.reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    void this.deliver(this.event('charge.refunded', charge));
    return refund;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The hosted Checkout page, as small as a browser test needs: what is paid and how much, and
 * 'Pay' (the test card 4242) or 'Cancel', each a form posting back here. A session already
 * paid or cancelled says so instead.
 */
function checkoutPage(session: StripeObject): string {
  const lines = (session.line_items as Array<Record<string, unknown>> | undefined) ?? [];
  const names = lines
    .map((line) => (line.price_data as { product_data?: { name?: string } }).product_data?.name)
    .filter((name): name is string => Boolean(name));
  const amount = formatMoney(Number(session.amount_total), String(session.currency).toUpperCase());
  const open = session.status === 'open';
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe stand-in)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #f6f8fa; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 0.5rem; padding: 1.5rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
  button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 0.375rem; border: 1px solid #4b4b4b; background: #fff; color: #1a1a1a; cursor: pointer; }
  button.pay { background: #2b2f8f; border-color: #2b2f8f; color: #fff; }
</style>
</head>
<body>
<main>
<h1>Checkout</h1>
<p>${escapeHtml(names.join(', ') || 'Payment')}</p>
<p class="amount" aria-label="Amount">${escapeHtml(amount)}</p>
${
  open
    ? `<p>Test card 4242 4242 4242 4242</p>
<div class="actions">
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
</div>`
    : `<p role="status">This Checkout session is ${escapeHtml(String(session.status))}.</p>`
}
</main>
</body>
</html>
`;
}

/** The Checkout page's 'Pay' as a browser sends it (a form post); answers the redirect. */
export const payOnCheckout = (sessionUrl: string) =>
  fetch(`${sessionUrl}/pay`, { method: 'POST', redirect: 'manual' });

export async function startStripeStandIn(options: StandInOptions): Promise<StripeStandIn> {
  return new StripeStandIn(options).listen();
}

// `tsx apps/server/src/test/stripe-stand-in.ts` runs it for the demo and the browser tests:
// STRIPE_STAND_IN_PORT (12111; 0 for any free port), STRIPE_WEBHOOK_SECRET, and where the
// portal's webhook is: STRIPE_STAND_IN_WEBHOOK_URL, or else the portal's PUBLIC_URL. It never
// runs with NODE_ENV=production: a production portal talks to Stripe itself. The first line
// it prints names its address (tests/e2e/start-server.mjs reads it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.env.NODE_ENV === 'production') {
    console.error('The Stripe stand-in is for tests and the demo; it does not run in production.');
    process.exit(1);
  }
  const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const webhookUrl = process.env.STRIPE_STAND_IN_WEBHOOK_URL ?? `${publicUrl}/api/stripe/webhook`;
  const standIn = await startStripeStandIn({
    port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111),
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stand_in',
    webhookUrl,
  });
  console.log(`Stripe stand-in at ${standIn.url}, webhooks to ${webhookUrl}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
