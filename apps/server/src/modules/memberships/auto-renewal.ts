import { eq } from 'drizzle-orm';
import type { Executor } from '@chamber/db';
import { MembershipCore, notFound, systemActor } from './core.js';
import * as q from './queries.js';

/**
 * Automatic renewal's effects: the online payments module calls these for Stripe's events
 * (stripe-effects.ts), each in the transaction that records the event.
 */
export class AutoRenewal extends MembershipCore {
  /** The membership an automatic renewal (a Stripe subscription) belongs to. */
  async findBySubscription(tx: Executor, subscriptionId: string) {
    return q.lockMembership(tx, eq(q.memberships.stripeSubscriptionId, subscriptionId));
  }

  /**
   * The open renewal invoice of a membership, issued if there is none: an automatic renewal's
   * charge is recorded against it, and its payment adds the term as any renewal does.
   */
  async renewalInvoiceFor(tx: Executor, membershipId: string): Promise<q.InvoiceRow> {
    const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
    if (!m) throw notFound();
    return this.openRenewal(tx, m, { force: true });
  }

  /**
   * Stripe set up automatic renewal: the customer, subscription and card it charges. Turning
   * it on is confirmed by mail (queued here, once per paid term and switch-on).
   */
  async linkSubscription(
    tx: Executor,
    membershipId: string,
    link: {
      customerId: string;
      subscriptionId: string;
      cardBrand?: string | null;
      cardLast4?: string | null;
    },
  ): Promise<void> {
    const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
    if (!m) throw notFound();
    await q.updateMembership(tx, m.id, {
      stripeCustomerId: link.customerId,
      stripeSubscriptionId: link.subscriptionId,
      ...(link.cardLast4 ? { cardBrand: link.cardBrand ?? null, cardLast4: link.cardLast4 } : {}),
      autoRenew: true,
      updatedAt: this.clock.now(),
    });
    if (m.autoRenew) return;
    await this.event(tx, m.id, 'auto_renew_on', { via: 'stripe' }, systemActor);
    if (m.paidThrough) {
      await q.queueNotice(tx, {
        membershipId: m.id,
        kind: 'auto_renew_on',
        paidThrough: m.paidThrough,
        daysBefore: 0,
        sentAt: this.clock.now(),
      });
    }
  }

  /** The card an automatic renewal charges changed (the customer portal, a new card). */
  async setCard(tx: Executor, membershipId: string, card: { brand: string | null; last4: string }) {
    await q.updateMembership(tx, membershipId, {
      cardBrand: card.brand,
      cardLast4: card.last4,
      updatedAt: this.clock.now(),
    });
  }

  /**
   * An automatic charge failed: kept in the history, and the member is mailed (once per term)
   * a link to update the card. The membership runs on to grace and lapse by its dates.
   */
  async chargeFailed(
    tx: Executor,
    membershipId: string,
    detail: { amountCents?: number; reason?: string; nextAttemptAt?: string } = {},
  ) {
    const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
    if (!m) throw notFound();
    await this.event(tx, m.id, 'charge_failed', detail, systemActor);
    if (m.paidThrough) {
      await q.queueNotice(tx, {
        membershipId: m.id,
        kind: 'charge_failed',
        paidThrough: m.paidThrough,
        daysBefore: 0,
        sentAt: this.clock.now(),
      });
    }
  }

  /** Automatic renewal turned off while the subscription runs to the end of its period. */
  async autoRenewStopped(tx: Executor, membershipId: string, via: string) {
    const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
    if (!m) throw notFound();
    if (!m.autoRenew) return;
    await q.updateMembership(tx, m.id, { autoRenew: false, updatedAt: this.clock.now() });
    await this.event(tx, m.id, 'auto_renew_off', { via }, systemActor);
    await this.forgetSwitchOn(tx, m);
  }

  /** Turned off: turning it on again is confirmed by mail again. */
  private async forgetSwitchOn(tx: Executor, m: q.MembershipRow) {
    if (!m.paidThrough) return;
    await q.forgetNotice(tx, {
      membershipId: m.id,
      kind: 'auto_renew_on',
      paidThrough: m.paidThrough,
    });
  }

  /** The subscription ended (cancelled in Stripe, or after failed charges): no automatic renewal. */
  async subscriptionEnded(tx: Executor, membershipId: string) {
    const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
    if (!m) return;
    await q.updateMembership(tx, m.id, {
      autoRenew: false,
      stripeSubscriptionId: null,
      updatedAt: this.clock.now(),
    });
    if (m.autoRenew) await this.event(tx, m.id, 'auto_renew_off', { via: 'stripe' }, systemActor);
    await this.forgetSwitchOn(tx, m);
  }
}
