import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { createStripeClient, type Stripe } from './stripe-client.js';
import {
  BillingService,
  type PaymentProvider,
  type PendingRefundsOutcome,
  RefundOutcomeUnknown,
} from './service.js';

/**
 * Refunds of card payments through Stripe, for BillingService: made under the reservation's
 * idempotency key with the reservation's id in the refund's metadata, and looked up again by
 * that id among the payment intent's refunds (GET /v1/refunds?payment_intent=…).
 */
export function stripeRefunds(stripe: Stripe): PaymentProvider {
  return {
    refund: async ({ paymentIntentId, amountCents, reason, pendingRefundId, idempotencyKey }) => {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: amountCents,
            reason: 'requested_by_customer',
            metadata: { reason: reason.slice(0, 500), pendingRefundId },
          },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        // A refusal (4xx) says nothing was made; no answer, or Stripe's own failure, does not.
        const status = error instanceof stripe.errors.StripeError ? error.statusCode : undefined;
        if (
          error instanceof stripe.errors.StripeConnectionError ||
          status === undefined ||
          status >= 500
        ) {
          throw new RefundOutcomeUnknown(error instanceof Error ? error.message : 'no answer');
        }
        throw error;
      }
    },
    findRefund: async ({ paymentIntentId, pendingRefundId }) => {
      for await (const refund of stripe.refunds.list({
        payment_intent: paymentIntentId,
        limit: 100,
      })) {
        if (refund.metadata?.pendingRefundId !== pendingRefundId) continue;
        // Stripe's statuses: succeeded; pending or requires_action (on its way); failed, canceled.
        const status =
          refund.status === 'succeeded'
            ? 'succeeded'
            : refund.status === 'pending' || refund.status === 'requires_action'
              ? 'pending'
              : 'failed';
        return { refundId: refund.id, amountCents: refund.amount, status };
      }
      return null;
    },
  };
}

/**
 * The background job's work (`pending-refunds`): settles the refunds to the card whose answer
 * from Stripe never came back (BillingService.settlePendingRefunds). Billing has no refund
 * handlers of other modules to run, so a BillingService of its own does it. Without Stripe set
 * up there is nothing to ask.
 */
export async function settlePendingRefunds(
  db: Database,
  clock: Clock,
  config: Pick<Config, 'stripe'>,
): Promise<PendingRefundsOutcome | { skipped: string }> {
  if (!config.stripe) return { skipped: 'Stripe is not set up' };
  const billing = new BillingService(db, clock);
  billing.setPaymentProvider(stripeRefunds(await createStripeClient(config.stripe)));
  return billing.settlePendingRefunds();
}
