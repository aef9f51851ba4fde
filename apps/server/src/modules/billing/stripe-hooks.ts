import type { NextCharge } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { InvoiceRow } from './queries.js';

/** The card an automatic renewal charges, as Stripe reports it. */
export interface CardOnFile {
  brand: string;
  last4: string;
}

/**
 * What a Stripe subscription does to a membership. The memberships module owns the
 * membership's status, terms and history, so it registers these (`OnlinePayments.useHooks`);
 * each runs in the transaction that records the Stripe event, so the effect and the event's
 * row commit together or not at all.
 */
export interface SubscriptionHooks {
  /**
   * The open renewal invoice for the membership's next term, issued through billing when
   * there is none (one at a time, as 'Renew now' does). The subscription's charge is recorded
   * on it; its amount rules, so a charge of another amount is not applied.
   */
  renewalInvoice(tx: Executor, membershipId: string): Promise<InvoiceRow>;
  /** The next automatic charge (amount, day, card), or null when renewal is not automatic. */
  nextCharge(tx: Executor, membershipId: string): Promise<NextCharge | null>;
  /**
   * Automatic renewal started (a subscription with the card to charge) or stopped (the
   * member turned it off, or Stripe ended the subscription: `subscriptionId` null).
   */
  subscriptionChanged(
    tx: Executor,
    change: {
      membershipId: string;
      subscriptionId: string | null;
      autoRenew: boolean;
      card: CardOnFile | null;
      /** Why it changed: `checkout`, `member`, `stripe_update`, `stripe_deleted`. */
      source: string;
    },
  ): Promise<void>;
  /**
   * A renewal charge was declined. The member is mailed that it failed, with the link to
   * /membership to update the card; Stripe tries again at `nextAttemptAt` (null: no more).
   */
  chargeFailed(
    tx: Executor,
    failure: { membershipId: string; amountCents: number; nextAttemptAt: Date | null },
  ): Promise<void>;
}
