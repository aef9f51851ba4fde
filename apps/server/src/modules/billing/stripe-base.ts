import type { FastifyBaseLogger } from 'fastify';
import { addDays, cardLabel } from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import type { Stripe } from './stripe-client.js';
import type { CardOnFile, SubscriptionHooks } from './stripe-hooks.js';
import { stripeRefunds } from './stripe-refunds.js';
import { settings } from './queries.js';
import * as q from './stripe-queries.js';
import type { BillingService, PaymentProvider } from './service.js';

/** What the webhook asks of billing: record a payment, and a refund with its credit note. */
export type BillingForStripe = Pick<BillingService, 'recordPayment' | 'refund' | 'whyUnpayable'>;

export type Outcome = string;

export const dateOf = (seconds: number) => new Date(seconds * 1000);
export const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);
/** The metadata key of a Checkout page answering a repeated registration: it pays for nothing. */
export const REPEAT_REGISTRATION = 'repeatRegistration';
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Thrown when the signature does not hold: answered 400, recorded nowhere. */
export class BadSignature extends Error {}

/**
 * What every part of online payments shares: Stripe, the hooks of the memberships module, and
 * the steps that ask Stripe for a customer, a card or a product. OnlinePayments
 * (stripe-service.ts) builds on it: Checkout and automatic renewal (stripe-checkout.ts), the
 * subscription's events (stripe-renewal-events.ts) and the webhook.
 */
export class StripeBase {
  protected hooks: SubscriptionHooks | null = null;
  protected paidListener: ((invoiceIds: string[]) => void) | null = null;

  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
    protected readonly billing: BillingForStripe,
    protected readonly stripe: Stripe,
    protected readonly config: Config & { stripe: NonNullable<Config['stripe']> },
    protected readonly log: FastifyBaseLogger,
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

  protected owns(session: Session, contactId: string | null): boolean {
    return contactId !== null && session.contact?.id === contactId;
  }

  protected requireHooks(): SubscriptionHooks {
    if (!this.hooks) throw new AppError('service_unavailable', 'Automatic renewal is not set up.');
    return this.hooks;
  }

  /** The contact's Stripe customer, created the first time it pays or renews online. */
  protected async customerOf(tx: Executor, contactId: string): Promise<string> {
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

  protected async cardOf(method: string | Stripe.PaymentMethod | null): Promise<CardOnFile | null> {
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
  protected async cardCharged(intentId: string): Promise<string | null> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, {
      expand: ['latest_charge'],
    });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    return card?.last4 ? cardLabel(card.brand, card.last4) : null;
  }

  /** The first automatic charge: the day after the paid-through date, or in two days at least. */
  protected firstChargeAt(paidThrough: string | null): number {
    const soonest = secondsOf(this.clock.now()) + 2 * 86400;
    if (!paidThrough) return soonest;
    const due = secondsOf(new Date(`${addDays(paidThrough, 1)}T12:00:00Z`));
    return Math.max(due, soonest);
  }

  protected async currency(tx: Executor): Promise<string> {
    return (await settings(tx)).currency;
  }

  protected async productFor(name: string): Promise<string> {
    const product = await this.stripe.products.create(
      { name },
      { idempotencyKey: `product:${name}` },
    );
    return product.id;
  }
}
