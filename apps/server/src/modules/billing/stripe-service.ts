import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, cardLabel, formatMoney, type NextCharge, sitePath } from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import type { Stripe } from './stripe-client.js';
import type { CardOnFile, SubscriptionHooks } from './stripe-hooks.js';
import { stripeRefunds } from './stripe-refunds.js';
import { type InvoiceRow, settings } from './queries.js';
import * as q from './stripe-queries.js';
import type { BillingService, PaymentProvider } from './service.js';

/** What the webhook asks of billing: record a payment, and a refund with its credit note. */
export type BillingForStripe = Pick<BillingService, 'recordPayment' | 'refund' | 'whyUnpayable'>;

type Outcome = string;

const dateOf = (seconds: number) => new Date(seconds * 1000);
const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);
/** The metadata key of a Checkout page answering a repeated registration: it pays for nothing. */
const REPEAT_REGISTRATION = 'repeatRegistration';
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Thrown when the signature does not hold: answered 400, recorded nowhere. */
export class BadSignature extends Error {}

/**
 * Online payments through Stripe: Checkout for an open invoice, automatic renewal as a Stripe
 * subscription, the customer portal for the card, refunds to the card, and the webhook that
 * turns Stripe's events into payments, refunds and membership changes, each event once.
 */
export class OnlinePayments {
  private hooks: SubscriptionHooks | null = null;
  private paidListener: ((invoiceIds: string[]) => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly billing: BillingForStripe,
    private readonly stripe: Stripe,
    private readonly config: Config & { stripe: NonNullable<Config['stripe']> },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The memberships module's side of a subscription. */
  useHooks(hooks: SubscriptionHooks): void {
    this.hooks = hooks;
  }

  /** Told, after an event's transaction commits, which invoices it recorded as paid (receipts). */
  onInvoicesPaid(listener: (invoiceIds: string[]) => void): void {
    this.paidListener = listener;
  }

  /** Refunds of card payments, for BillingService. */
  provider(): PaymentProvider {
    return stripeRefunds(this.stripe);
  }

  // ----- what members do ------------------------------------------------------------------

  /**
   * A Checkout page for one of the member's open invoices, for the invoice's own amount. Two
   * clicks at once queue on the invoice's row and get the same session; a session that has
   * expired, or was for another amount, is replaced.
   */
  async checkout(session: Session, invoiceId: string): Promise<{ url: string }> {
    return this.openCheckout(invoiceId, {
      mayPay: (invoice) => this.owns(session, invoice.contactId),
      successUrl: (invoice) =>
        `${this.membershipPage(invoice)}?paid=${encodeURIComponent(invoice.number)}`,
      // The join's payment step (or /membership), told that nothing was charged.
      cancelUrl: (invoice) =>
        `${this.membershipPage(invoice)}?${invoice.purpose === 'membership_join' ? 'step=pay&' : ''}cancelled=1`,
      expiresAt: null,
    });
  }

  /** A join comes back to the join page's confirmation; any other dues invoice to /membership. */
  private membershipPage(invoice: InvoiceRow): string {
    return `${this.config.publicUrl}/${invoice.purpose === 'membership_join' ? 'join' : 'membership'}`;
  }

  /**
   * A Checkout page for an open invoice whose payer the caller has already checked (a ticket's
   * manage link), returning to the portal's `returnPath`. `expiresAt` ends the page with a
   * seat hold, so nobody pays for seats that went to someone else (Stripe's least is 30
   * minutes from now).
   */
  async checkoutFor(
    invoiceId: string,
    options: { returnPath: string; expiresAt: Date },
  ): Promise<{ url: string }> {
    const path = sitePath(options.returnPath);
    if (path === null) throw new Error(`Not a path on this site: ${options.returnPath}`);
    const back = `${this.config.publicUrl}${path}`;
    return this.openCheckout(invoiceId, {
      mayPay: () => true,
      successUrl: () => `${back}${back.includes('?') ? '&' : '?'}paid=1`,
      cancelUrl: () => back,
      expiresAt: options.expiresAt,
    });
  }

  /**
   * A Checkout page that reads like a new ticket's (`Invoice <number>` for `amountCents`) for
   * an answer that must not tell a repeated registration from a new one, with no invoice
   * behind it. Paid all the same, the webhook gives the money straight back (its metadata
   * says it pays for nothing).
   */
  async repeatCheckout(input: {
    invoiceNumber: string;
    amountCents: number;
    currency: string;
    returnPath: string;
    expiresAt: Date;
  }): Promise<{ url: string }> {
    const path = sitePath(input.returnPath);
    if (path === null) throw new Error(`Not a path on this site: ${input.returnPath}`);
    const back = `${this.config.publicUrl}${path}`;
    const reference = randomUUID();
    const metadata = {
      invoiceId: reference,
      invoiceNumber: input.invoiceNumber,
      [REPEAT_REGISTRATION]: 'true',
    };
    const created = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: reference,
      metadata,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: `Invoice ${input.invoiceNumber}` },
          },
        },
      ],
      payment_intent_data: { metadata },
      expires_at: secondsOf(input.expiresAt),
      success_url: `${back}${back.includes('?') ? '&' : '?'}paid=1`,
      cancel_url: back,
    });
    return { url: created.url! };
  }

  private async openCheckout(
    invoiceId: string,
    options: {
      mayPay: (invoice: InvoiceRow) => boolean;
      successUrl: (invoice: InvoiceRow) => string;
      cancelUrl: (invoice: InvoiceRow) => string;
      expiresAt: Date | null;
    },
  ): Promise<{ url: string }> {
    return this.db.transaction(async (tx) => {
      const invoice = await q.lockInvoice(tx, invoiceId);
      if (!invoice || invoice.kind !== 'invoice' || !options.mayPay(invoice)) {
        throw new AppError('not_found', 'Invoice not found');
      }
      if (invoice.status === 'void') {
        throw new AppError(
          'invoice_void',
          `Invoice ${invoice.number} is void; pay the invoice that replaced it.`,
        );
      }
      if (invoice.status === 'paid') {
        throw new AppError('invoice_paid', `Invoice ${invoice.number} is already paid.`);
      }
      const refused = await this.billing.whyUnpayable(tx, invoice);
      if (refused) throw new AppError('conflict', refused);
      const currency = invoice.currency.toLowerCase();
      if (invoice.stripeCheckoutSessionId) {
        const open = await this.stripe.checkout.sessions.retrieve(invoice.stripeCheckoutSessionId);
        if (
          open.status === 'open' &&
          open.amount_total === invoice.totalCents &&
          open.currency === currency &&
          open.url &&
          (open.expires_at ?? 0) > secondsOf(this.clock.now()) + 60
        ) {
          return { url: open.url };
        }
      }
      const customer = invoice.membershipId
        ? await this.customerOf(tx, invoice.contactId!)
        : undefined;
      const metadata = { invoiceId: invoice.id, invoiceNumber: invoice.number };
      const created = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          ...(customer ? { customer } : {}),
          client_reference_id: invoice.id,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: invoice.totalCents,
                product_data: { name: `Invoice ${invoice.number}` },
              },
            },
          ],
          // The card is kept for automatic renewal, which the member may turn on later.
          payment_intent_data: {
            metadata,
            ...(customer ? { setup_future_usage: 'off_session' } : {}),
          },
          ...(options.expiresAt ? { expires_at: secondsOf(options.expiresAt) } : {}),
          success_url: options.successUrl(invoice),
          cancel_url: options.cancelUrl(invoice),
        },
        // A retried request after a lost answer gets the same session, not a second one.
        { idempotencyKey: `checkout:${invoice.id}:${invoice.stripeCheckoutSessionId ?? 'first'}` },
      );
      await q.setInvoiceStripe(tx, invoice.id, { stripeCheckoutSessionId: created.id });
      return { url: created.url! };
    });
  }

  /**
   * Automatic renewal on: from the card Stripe already keeps (a subscription whose first
   * charge falls the day after the paid-through date), or through a Checkout page in
   * subscription mode when there is none. Off: the subscription ends with the paid term.
   */
  async setAutoRenew(
    session: Session,
    on: boolean,
  ): Promise<{ autoRenew: boolean; url: string | null; nextCharge: NextCharge | null }> {
    const hooks = this.requireHooks();
    return this.db.transaction(async (tx) => {
      const found = session.contact
        ? await q.lockMembershipOfContact(tx, session.contact.id)
        : undefined;
      if (!found) throw new AppError('not_found', 'You have no membership to renew.');
      const { membership, plan } = found;
      if (!on) {
        if (membership.stripeSubscriptionId) {
          await this.stripe.subscriptions.update(membership.stripeSubscriptionId, {
            cancel_at_period_end: true,
          });
        }
        await hooks.subscriptionChanged(tx, {
          membershipId: membership.id,
          subscriptionId: membership.stripeSubscriptionId,
          autoRenew: false,
          card: null,
          source: 'member',
        });
        return { autoRenew: false, url: null, nextCharge: null };
      }
      if (membership.status !== 'active' && membership.status !== 'grace') {
        throw new AppError(
          'conflict',
          'Pay the open invoice first; automatic renewal starts from a paid membership.',
        );
      }
      if (membership.stripeSubscriptionId) {
        const current = await this.stripe.subscriptions.retrieve(membership.stripeSubscriptionId);
        if (current.status !== 'canceled') {
          if (current.cancel_at_period_end) {
            await this.stripe.subscriptions.update(current.id, { cancel_at_period_end: false });
          }
          await hooks.subscriptionChanged(tx, {
            membershipId: membership.id,
            subscriptionId: current.id,
            autoRenew: true,
            card: await this.cardOf(current.default_payment_method),
            source: 'member',
          });
          return {
            autoRenew: true,
            url: null,
            nextCharge: await hooks.nextCharge(tx, membership.id),
          };
        }
      }
      const customerId = await this.customerOf(tx, session.contact!.id);
      const firstCharge = this.firstChargeAt(membership.paidThrough);
      const currency = (await this.currency(tx)).toLowerCase();
      const metadata = { membershipId: membership.id };
      const customer = await this.stripe.customers.retrieve(customerId);
      const savedCard =
        'deleted' in customer && customer.deleted
          ? null
          : idOf(customer.invoice_settings?.default_payment_method ?? null);
      if (savedCard) {
        const product = `Membership: ${plan.name}`;
        const subscription = await this.stripe.subscriptions.create(
          {
            customer: customerId,
            default_payment_method: savedCard,
            items: [
              {
                price_data: {
                  currency,
                  unit_amount: plan.priceCents,
                  recurring: { interval: 'year' },
                  product: await this.productFor(product),
                },
              },
            ],
            trial_end: firstCharge,
            metadata,
          },
          { idempotencyKey: `auto-renew:${membership.id}:${membership.paidThrough}` },
        );
        await hooks.subscriptionChanged(tx, {
          membershipId: membership.id,
          subscriptionId: subscription.id,
          autoRenew: true,
          card: await this.cardOf(savedCard),
          source: 'member',
        });
        return {
          autoRenew: true,
          url: null,
          nextCharge: await hooks.nextCharge(tx, membership.id),
        };
      }
      const checkout = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: membership.id,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: plan.priceCents,
              recurring: { interval: 'year' },
              product_data: { name: `Membership: ${plan.name}` },
            },
          },
        ],
        subscription_data: { trial_end: firstCharge, metadata },
        success_url: `${this.config.publicUrl}/membership?autoRenew=on`,
        cancel_url: `${this.config.publicUrl}/membership`,
      });
      return { autoRenew: false, url: checkout.url, nextCharge: null };
    });
  }

  /** Stripe's customer portal, where the member changes the card renewals charge. */
  async cardPortal(session: Session): Promise<{ url: string }> {
    const found = session.contact
      ? await q.lockMembershipOfContact(this.db, session.contact.id)
      : undefined;
    if (!found?.membership.stripeCustomerId) {
      throw new AppError('not_found', 'No card is on file: pay online once to keep one.');
    }
    const portal = await this.stripe.billingPortal.sessions.create({
      customer: found.membership.stripeCustomerId,
      return_url: `${this.config.publicUrl}/membership`,
    });
    return { url: portal.url };
  }

  // ----- the webhook ----------------------------------------------------------------------

  /**
   * Verifies and applies one event. The event's row and its effect share a transaction, so
   * a replay (or a second delivery racing the first) finds the row and does nothing, and a
   * failure leaves neither, for Stripe to send again.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<{ outcome: Outcome }> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.stripe.webhookSecret,
      );
    } catch {
      throw new BadSignature('The Stripe-Signature header does not match this body.');
    }
    const object = event.data.object as { id?: string };
    const paid: string[] = [];
    const answer = await this.db.transaction(async (tx) => {
      const claimed = await q.claimEvent(tx, {
        id: event.id,
        type: event.type,
        createdAt: dateOf(event.created),
        receivedAt: this.clock.now(),
        objectId: object.id ?? null,
      });
      if (!claimed) return { outcome: 'duplicate' };
      // A rule that refuses the event refuses it every time Stripe sends it again: it is kept
      // with its reason for staff and answered 200, its effects undone (a savepoint), rather
      // than answered 4xx until Stripe gives up. Anything else (the database away) is thrown,
      // answered 5xx, and Stripe sends the event again later.
      const outcome = await tx
        .transaction((t) => this.apply(t, event, paid))
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          paid.length = 0;
          this.log.error(
            { stripeEvent: event.id, type: event.type, err: error },
            'stripe event refused; staff should look at it',
          );
          return `refused: ${error.message}`;
        });
      await q.setOutcome(tx, event.id, outcome);
      if (outcome !== 'applied')
        this.log.info(
          { stripeEvent: event.id, type: event.type, outcome },
          'stripe event not applied',
        );
      return { outcome };
    });
    if (paid.length > 0) this.paidListener?.(paid);
    return answer;
  }

  private async apply(tx: Executor, event: Stripe.Event, paid: string[]): Promise<Outcome> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(tx, event.data.object, paid);
      case 'invoice.created':
        return this.renewalDrafted(tx, event.data.object);
      case 'invoice.paid':
        return this.renewalPaid(tx, event.data.object, paid);
      case 'invoice.payment_failed':
        return this.renewalFailed(tx, event.data.object);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(tx, event);
      case 'charge.refunded':
        return this.chargeRefunded(tx, event.data.object);
      default:
        return 'ignored: not a type the portal handles';
    }
  }

  private async checkoutCompleted(
    tx: Executor,
    session: Stripe.Checkout.Session,
    paid: string[],
  ): Promise<Outcome> {
    if (session.mode === 'subscription') {
      const membershipId = session.metadata?.membershipId;
      const subscriptionId = idOf(session.subscription);
      if (!membershipId || !subscriptionId || !(await q.findMembership(tx, membershipId))) {
        return 'no match: no membership for this subscription';
      }
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      await this.requireHooks().subscriptionChanged(tx, {
        membershipId,
        subscriptionId,
        autoRenew: subscription.status !== 'canceled' && !subscription.cancel_at_period_end,
        card: await this.cardOf(subscription.default_payment_method),
        source: 'checkout',
      });
      return 'applied';
    }
    if (session.payment_status !== 'paid') return 'ignored: not paid yet';
    const invoiceId = session.metadata?.invoiceId ?? session.client_reference_id;
    const intent = idOf(session.payment_intent);
    if (!invoiceId || !intent) return 'no match: no invoice on this session';
    const invoice = await q.lockInvoice(tx, invoiceId);
    if (!invoice) {
      if (session.metadata?.[REPEAT_REGISTRATION] !== 'true') return 'no match: no such invoice';
      const reason = 'a repeated registration pays for nothing';
      await this.stripe.refunds.create(
        { payment_intent: intent, metadata: { reason } },
        { idempotencyKey: `unapplied:${intent}` },
      );
      this.log.warn({ intent }, `card payment refunded: ${reason}`);
      return `refunded: ${reason}`;
    }
    if (await q.paymentByIntent(tx, intent)) return 'duplicate: payment already recorded';
    const amount = session.amount_total ?? 0;
    const unapplied =
      invoice.status === 'void'
        ? `invoice ${invoice.number} is void`
        : invoice.status === 'paid'
          ? `invoice ${invoice.number} was already paid`
          : amount !== invoice.totalCents || session.currency !== invoice.currency.toLowerCase()
            ? `paid ${formatMoney(amount, (session.currency ?? 'usd').toUpperCase())}, invoice ${invoice.number} is for ${formatMoney(invoice.totalCents, invoice.currency)}`
            : await this.billing.whyUnpayable(tx, invoice);
    if (unapplied) {
      // Money that pays nothing goes straight back, so no one is charged twice or for a void
      // invoice; the key makes a redelivered event the same refund.
      await this.stripe.refunds.create(
        { payment_intent: intent, metadata: { reason: unapplied } },
        { idempotencyKey: `unapplied:${intent}` },
      );
      this.log.warn({ invoice: invoice.number, intent }, `card payment refunded: ${unapplied}`);
      return `refunded: ${unapplied}`;
    }
    await this.billing.recordPayment(tx, {
      invoiceId: invoice.id,
      amountCents: amount,
      method: 'card',
      reference: (await this.cardCharged(intent)) ?? intent,
      stripePaymentIntentId: intent,
    });
    paid.push(invoice.id);
    return 'applied';
  }

  private subscriptionOf(invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    return { id: idOf(details?.subscription ?? null), metadata: details?.metadata ?? {} };
  }

  private async membershipFor(
    tx: Executor,
    subscriptionId: string | null,
    metadata: Record<string, string>,
  ) {
    if (metadata.membershipId && (await q.findMembership(tx, metadata.membershipId))) {
      return metadata.membershipId;
    }
    return subscriptionId
      ? ((await q.membershipBySubscription(tx, subscriptionId))?.id ?? null)
      : null;
  }

  /**
   * Stripe drafted a subscription's yearly charge (it charges about an hour later): the charge
   * is made to follow the membership's renewal invoice, issued now if there is none, whatever
   * changed since automatic renewal was turned on (a new price, an upgrade, a downgrade
   * asked for). The difference goes on the draft as an invoice item, and the subscription's
   * price becomes the invoice's for the years after. The renewal invoice keeps the draft's
   * id, so its payment is recorded on it.
   */
  private async renewalDrafted(tx: Executor, stripeInvoice: Stripe.Invoice): Promise<Outcome> {
    const subscription = this.subscriptionOf(stripeInvoice);
    if (!subscription.id) return 'ignored: not a subscription invoice';
    if (stripeInvoice.status !== 'draft' || stripeInvoice.billing_reason !== 'subscription_cycle') {
      return 'ignored: not the draft of a yearly renewal';
    }
    const membershipId = await this.membershipFor(tx, subscription.id, subscription.metadata);
    if (!membershipId) return 'no match: no membership for this subscription';
    const invoice = await this.requireHooks().renewalInvoice(tx, membershipId);
    const currency = invoice.currency.toLowerCase();
    if (stripeInvoice.currency !== currency) {
      return `no match: the subscription charges ${stripeInvoice.currency}, renewal invoice ${invoice.number} is in ${currency}`;
    }
    const linked = await q.invoiceByStripeInvoice(tx, stripeInvoice.id);
    if (!linked) await q.setInvoiceStripe(tx, invoice.id, { stripeInvoiceId: stripeInvoice.id });
    const difference = invoice.totalCents - stripeInvoice.amount_due;
    if (difference !== 0) {
      await this.stripe.invoiceItems.create(
        {
          customer: idOf(stripeInvoice.customer)!,
          invoice: stripeInvoice.id,
          amount: difference,
          currency,
          description: `To the amount of renewal invoice ${invoice.number}`,
          metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number },
        },
        { idempotencyKey: `renewal-amount:${stripeInvoice.id}` },
      );
    }
    const current = await this.stripe.subscriptions.retrieve(subscription.id);
    const item = current.items.data[0];
    if (item && item.price.unit_amount !== invoice.totalCents) {
      await this.stripe.subscriptions.update(
        current.id,
        {
          items: [
            {
              id: item.id,
              price_data: {
                currency,
                unit_amount: invoice.totalCents,
                recurring: { interval: 'year' },
                product: idOf(item.price.product)!,
              },
            },
          ],
          proration_behavior: 'none',
        },
        { idempotencyKey: `renewal-price:${stripeInvoice.id}` },
      );
    }
    if (difference !== 0) {
      this.log.info(
        { invoice: invoice.number, stripeInvoice: stripeInvoice.id, difference },
        'renewal charge set to the renewal invoice',
      );
    }
    return 'applied';
  }

  /**
   * The membership a renewal charge is for, and the renewal invoice it was made for: a
   * subscription's yearly invoice (linked when it was drafted), or the one-off invoice
   * that charges a renewal again (`retryRenewal`).
   */
  private async renewalOf(tx: Executor, stripeInvoice: Stripe.Invoice) {
    const linked = await q.invoiceByStripeInvoice(tx, stripeInvoice.id);
    const subscription = this.subscriptionOf(stripeInvoice);
    if (!subscription.id && linked?.purpose !== 'membership_renewal') return null;
    const membershipId = subscription.id
      ? await this.membershipFor(tx, subscription.id, subscription.metadata)
      : linked!.membershipId;
    return { linked, membershipId };
  }

  /**
   * A renewal charged: recorded on the membership's renewal invoice. A charge of another
   * amount than that invoice (it changed after Stripe drafted the charge: a downgrade voided
   * it, say) is a failed renewal: the money goes back, the member is told as of a declined
   * card, and the invoice's own amount is charged again to the card on file.
   */
  private async renewalPaid(
    tx: Executor,
    stripeInvoice: Stripe.Invoice,
    paid: string[],
  ): Promise<Outcome> {
    const renewal = await this.renewalOf(tx, stripeInvoice);
    if (!renewal) return 'ignored: not a subscription invoice';
    if (stripeInvoice.amount_paid === 0) return 'ignored: nothing charged (trial)';
    const { linked, membershipId } = renewal;
    if (linked?.status === 'paid') return 'duplicate: renewal already recorded';
    if (!membershipId) return 'no match: no membership for this subscription';
    const full = await this.stripe.invoices.retrieve(stripeInvoice.id, { expand: ['payments'] });
    const intent = idOf(full.payments?.data[0]?.payment.payment_intent ?? null);
    const hooks = this.requireHooks();
    const invoice =
      linked?.status === 'open' ? linked : await hooks.renewalInvoice(tx, membershipId);
    if (
      invoice.totalCents !== stripeInvoice.amount_paid ||
      stripeInvoice.currency !== invoice.currency.toLowerCase()
    ) {
      const reason = `charged ${formatMoney(stripeInvoice.amount_paid, stripeInvoice.currency.toUpperCase())}, renewal invoice ${invoice.number} is for ${formatMoney(invoice.totalCents, invoice.currency)}`;
      if (intent) {
        await this.stripe.refunds.create(
          { payment_intent: intent, metadata: { reason } },
          { idempotencyKey: `unapplied:${intent}` },
        );
      }
      const retry = await this.retryRenewal(tx, invoice, idOf(stripeInvoice.customer)!);
      await hooks.chargeFailed(tx, {
        membershipId,
        amountCents: invoice.totalCents,
        nextAttemptAt: retry,
      });
      this.log.warn(
        { invoice: invoice.number, stripeInvoice: stripeInvoice.id },
        `renewal charge refunded and charged again: ${reason}`,
      );
      return `failed: ${reason}; refunded, the member told, charged again`;
    }
    if (!linked) await q.setInvoiceStripe(tx, invoice.id, { stripeInvoiceId: stripeInvoice.id });
    await this.billing.recordPayment(tx, {
      invoiceId: invoice.id,
      amountCents: stripeInvoice.amount_paid,
      method: 'card',
      reference: (intent ? await this.cardCharged(intent) : null) ?? intent ?? stripeInvoice.id,
      stripePaymentIntentId: intent,
    });
    paid.push(invoice.id);
    return 'applied';
  }

  /**
   * Charges a renewal invoice's own amount to the customer's card: a one-off Stripe invoice
   * that Stripe finalizes and charges about an hour later (`auto_advance`), retrying a
   * declined card as it does for any invoice; its `invoice.paid` records the renewal. Answers
   * when the charge is expected.
   */
  private async retryRenewal(tx: Executor, invoice: InvoiceRow, customer: string): Promise<Date> {
    const currency = invoice.currency.toLowerCase();
    const metadata = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      membershipId: invoice.membershipId ?? '',
    };
    const retry = await this.stripe.invoices.create(
      {
        customer,
        currency,
        collection_method: 'charge_automatically',
        auto_advance: true,
        pending_invoice_items_behavior: 'exclude',
        description: `Renewal invoice ${invoice.number}`,
        metadata,
      },
      { idempotencyKey: `renewal-retry:${invoice.id}:${invoice.stripeInvoiceId ?? 'none'}` },
    );
    await this.stripe.invoiceItems.create(
      {
        customer,
        invoice: retry.id,
        amount: invoice.totalCents,
        currency,
        description: `Renewal invoice ${invoice.number}`,
        metadata,
      },
      { idempotencyKey: `renewal-retry-item:${retry.id}` },
    );
    await q.setInvoiceStripe(tx, invoice.id, { stripeInvoiceId: retry.id });
    return new Date(this.clock.now().getTime() + 3600_000);
  }

  private async renewalFailed(tx: Executor, stripeInvoice: Stripe.Invoice): Promise<Outcome> {
    const renewal = await this.renewalOf(tx, stripeInvoice);
    if (!renewal) return 'ignored: not a subscription invoice';
    const { membershipId } = renewal;
    if (!membershipId) return 'no match: no membership for this subscription';
    await this.requireHooks().chargeFailed(tx, {
      membershipId,
      amountCents: stripeInvoice.amount_due,
      nextAttemptAt: stripeInvoice.next_payment_attempt
        ? dateOf(stripeInvoice.next_payment_attempt)
        : null,
    });
    return 'applied';
  }

  /** Renewal turned off or ended at Stripe; an update older than one applied is stale. */
  private async subscriptionChanged(tx: Executor, event: Stripe.Event): Promise<Outcome> {
    const subscription = event.data.object as Stripe.Subscription;
    if (await q.newerSubscriptionEvent(tx, subscription.id, dateOf(event.created))) {
      return 'stale: a newer change of this subscription was applied';
    }
    const membershipId = await this.membershipFor(tx, subscription.id, subscription.metadata ?? {});
    if (!membershipId) return 'no match: no membership for this subscription';
    const ended =
      event.type === 'customer.subscription.deleted' || subscription.status === 'canceled';
    await this.requireHooks().subscriptionChanged(tx, {
      membershipId,
      subscriptionId: ended ? null : subscription.id,
      autoRenew: !ended && !subscription.cancel_at_period_end,
      card: ended ? null : await this.cardOf(subscription.default_payment_method),
      source: ended ? 'stripe_deleted' : 'stripe_update',
    });
    return 'applied';
  }

  /**
   * Refunds of a charge that the portal has not recorded yet (made in Stripe's dashboard, or
   * a staff refund whose answer was lost): each one a refund row and a credit note, once.
   * The money has gone, so each is recorded even when it is more than was left of the
   * payment (flagged for staff): the event is never refused.
   */
  private async chargeRefunded(tx: Executor, charge: Stripe.Charge): Promise<Outcome> {
    const intent = idOf(charge.payment_intent);
    const payment = intent ? await q.paymentByIntent(tx, intent) : undefined;
    if (!payment) return 'no match: no recorded payment for this charge';
    const refunds = await this.stripe.refunds.list({ charge: charge.id, limit: 100 });
    let recorded = 0;
    for (const refund of refunds.data) {
      if (refund.status !== 'succeeded' || (await q.paymentByRefund(tx, refund.id))) continue;
      // A refund staff are making through the portal may still be committing when Stripe's
      // event arrives: billing waits for it on the invoice's lock and answers it as a replay.
      const { replay } = await this.billing.refund(tx, {
        paymentId: payment.id,
        amountCents: refund.amount,
        reason: refund.metadata?.reason || 'Refunded through Stripe',
        method: 'card',
        reference: refund.id,
        stripeRefundId: refund.id,
        atStripe: {
          pendingRefundId: isUuid(refund.metadata?.pendingRefundId ?? '')
            ? refund.metadata!.pendingRefundId!
            : null,
        },
      });
      if (!replay) recorded += 1;
    }
    return recorded > 0 ? 'applied' : 'duplicate: refunds already recorded';
  }

  // ----- helpers --------------------------------------------------------------------------

  private owns(session: Session, contactId: string | null): boolean {
    return contactId !== null && session.contact?.id === contactId;
  }

  private requireHooks(): SubscriptionHooks {
    if (!this.hooks) throw new AppError('service_unavailable', 'Automatic renewal is not set up.');
    return this.hooks;
  }

  /** The contact's Stripe customer, created the first time it pays or renews online. */
  private async customerOf(tx: Executor, contactId: string): Promise<string> {
    const found = await q.lockMembershipOfContact(tx, contactId);
    if (found?.membership.stripeCustomerId) return found.membership.stripeCustomerId;
    const contact = await q.findContact(tx, contactId);
    const name =
      contact?.businessName || `${contact?.firstName ?? ''} ${contact?.lastName ?? ''}`.trim();
    const customer = await this.stripe.customers.create(
      {
        ...(contact?.email ? { email: contact.email } : {}),
        ...(name ? { name } : {}),
        metadata: { contactId },
      },
      { idempotencyKey: `customer:${contactId}` },
    );
    if (found) await q.setStripeCustomer(tx, found.membership.id, customer.id);
    return customer.id;
  }

  private async cardOf(method: string | Stripe.PaymentMethod | null): Promise<CardOnFile | null> {
    const methodId = idOf(method);
    if (!methodId) return null;
    const found =
      typeof method === 'object' && method
        ? method
        : await this.stripe.paymentMethods.retrieve(methodId);
    return found.card ? { brand: found.card.brand, last4: found.card.last4 } : null;
  }

  /**
   * The card a payment intent charged, as receipts name it ('Visa •••• 4242'): the payment's
   * reference. Null when Stripe's charge says no card.
   */
  private async cardCharged(intentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, {
      expand: ['latest_charge'],
    });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    return card?.last4 ? cardLabel(card.brand, card.last4) : null;
  }

  /** The first automatic charge: the day after the paid-through date, or in two days at least. */
  private firstChargeAt(paidThrough: string | null): number {
    const soonest = secondsOf(this.clock.now()) + 2 * 86400;
    if (!paidThrough) return soonest;
    const due = secondsOf(new Date(`${addDays(paidThrough, 1)}T12:00:00Z`));
    return Math.max(due, soonest);
  }

  private async currency(tx: Executor): Promise<string> {
    return (await settings(tx)).currency;
  }

  private async productFor(name: string): Promise<string> {
    const product = await this.stripe.products.create(
      { name },
      { idempotencyKey: `product:${name}` },
    );
    return product.id;
  }
}
