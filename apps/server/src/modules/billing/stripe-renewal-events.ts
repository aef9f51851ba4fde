import { formatMoney } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { Stripe } from './stripe-client.js';
import { type InvoiceRow } from './queries.js';
import * as q from './stripe-queries.js';
import { dateOf, idOf, type Outcome } from './stripe-base.js';
import { StripeCheckout } from './stripe-checkout.js';

/** The events of an automatic renewal (a Stripe subscription): its invoices and its changes. */
export class StripeRenewalEvents extends StripeCheckout {
  protected subscriptionOf(invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    return { id: idOf(details?.subscription ?? null), metadata: details?.metadata ?? {} };
  }

  protected async membershipFor(
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
  protected async renewalDrafted(tx: Executor, stripeInvoice: Stripe.Invoice): Promise<Outcome> {
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
  protected async renewalOf(tx: Executor, stripeInvoice: Stripe.Invoice) {
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
  protected async renewalPaid(
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
  protected async retryRenewal(tx: Executor, invoice: InvoiceRow, customer: string): Promise<Date> {
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

  protected async renewalFailed(tx: Executor, stripeInvoice: Stripe.Invoice): Promise<Outcome> {
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
  protected async subscriptionChanged(tx: Executor, event: Stripe.Event): Promise<Outcome> {
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
}
