import { formatMoney } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Stripe } from './stripe-client.js';
import * as q from './stripe-queries.js';
import { BadSignature, dateOf, idOf, type Outcome, REPEAT_REGISTRATION } from './stripe-base.js';
import { StripeRenewalEvents } from './stripe-renewal-events.js';

export { BadSignature, type BillingForStripe } from './stripe-base.js';

/**
 * Online payments through Stripe: Checkout for an open invoice, automatic renewal as a Stripe
 * subscription, the customer portal for the card, refunds to the card, and the webhook that
 * turns Stripe's events into payments, refunds and membership changes, each event once.
 */
export class OnlinePayments extends StripeRenewalEvents {
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
}
