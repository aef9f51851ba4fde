import { randomUUID } from 'node:crypto';
import { type NextCharge, sitePath } from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import type { InvoiceRow } from './queries.js';
import * as q from './stripe-queries.js';
import { idOf, REPEAT_REGISTRATION, secondsOf, StripeBase } from './stripe-base.js';

/**
 * What members do online: pay an invoice through Checkout, turn automatic renewal on or off,
 * change the card.
 */
export class StripeCheckout extends StripeBase {
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
  protected membershipPage(invoice: InvoiceRow): string {
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

  protected async openCheckout(
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
}
