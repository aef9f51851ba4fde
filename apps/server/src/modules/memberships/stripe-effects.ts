import { eq } from 'drizzle-orm';
import type { Executor } from '@chamber/db';
import * as q from './queries.js';
import type { MembershipsService } from './service.js';

/**
 * The memberships side of a Stripe subscription (billing's SubscriptionHooks; modules/index.ts
 * hands it to `OnlinePayments.useHooks`, which checks the shape): each runs in the
 * transaction that records the Stripe event. A failed charge queues its mail (a dues_notices
 * row and its outbox row) in that transaction; the outbox sends it once the event has committed.
 */
export function subscriptionHooks(memberships: MembershipsService) {
  return {
    renewalInvoice: (tx: Executor, membershipId: string) =>
      memberships.renewalInvoiceFor(tx, membershipId),

    nextCharge: (tx: Executor, membershipId: string) => memberships.nextCharge(tx, membershipId),

    async subscriptionChanged(
      tx: Executor,
      change: {
        membershipId: string;
        subscriptionId: string | null;
        autoRenew: boolean;
        card: { brand: string; last4: string } | null;
        source: string;
      },
    ) {
      if (!change.subscriptionId) {
        await memberships.subscriptionEnded(tx, change.membershipId);
        return;
      }
      if (!change.autoRenew) {
        // Cancelled at the period's end: the subscription is kept, so turning automatic
        // renewal back on resumes it instead of asking for the card again.
        await memberships.autoRenewStopped(tx, change.membershipId, change.source);
        return;
      }
      const m = await q.lockMembership(tx, eq(q.memberships.id, change.membershipId));
      if (!m?.stripeCustomerId) {
        throw new Error(`membership ${change.membershipId} has a subscription but no customer`);
      }
      await memberships.linkSubscription(tx, m.id, {
        customerId: m.stripeCustomerId,
        subscriptionId: change.subscriptionId,
      });
      if (change.card) await memberships.setCard(tx, m.id, change.card);
    },

    async chargeFailed(
      tx: Executor,
      failure: { membershipId: string; amountCents: number; nextAttemptAt: Date | null },
    ) {
      await memberships.chargeFailed(tx, failure.membershipId, {
        amountCents: failure.amountCents,
        ...(failure.nextAttemptAt ? { nextAttemptAt: failure.nextAttemptAt.toISOString() } : {}),
      });
    },
  };
}
