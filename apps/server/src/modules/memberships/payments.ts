import { eq } from 'drizzle-orm';
import { firstTerm, type MembershipStatus, nextTerm, standingOn } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { PaidWith } from './billing-port.js';
import { detailOf, MembershipCore, type MembershipActor } from './core.js';
import * as q from './queries.js';

/** Fulfilment: an invoice of a membership purpose is paid (billing calls this in its transaction). */
export class TermPayments extends MembershipCore {
  /**
   * A paid join or renewal adds a term (the next one, or a new first one after a lapse, so an
   * anniversary restarts on the day paid); a paid upgrade changes the plan for the rest of the
   * term. A first join waits for staff when the chamber approves new members.
   */
  async applyPayment(tx: Executor, invoice: q.InvoiceRow, payment: PaidWith): Promise<void> {
    if (!invoice.membershipId) return;
    const m = await q.lockMembership(tx, eq(q.memberships.id, invoice.membershipId));
    if (!m) return;
    const settings = await q.getSettings(tx);
    const today = await this.today(tx);
    const paidOn = payment.receivedOn;
    const detail = detailOf(invoice);
    const actor: MembershipActor = { userId: payment.recordedByUserId ?? null, label: 'payment' };
    const now = this.clock.now();
    if (invoice.purpose === 'membership_upgrade') {
      const toPlanId = detail.toPlanId ?? m.planId;
      await this.upgradeNow(tx, m, toPlanId, detail.fromPlanId ?? m.planId, paidOn, invoice, actor);
      // The next term is renewed at the new plan's price.
      for (const open of await q.openInvoices(tx, m.id, ['membership_renewal'])) {
        if (detailOf(open).planId !== toPlanId) {
          await this.billing.voidInvoice(tx, open.id, `Plan upgraded by invoice ${invoice.number}`);
        }
      }
      return;
    }
    // An open upgrade priced to the old paid-through date would no longer be right.
    for (const open of await q.openInvoices(tx, m.id, ['membership_upgrade'])) {
      await this.billing.voidInvoice(
        tx,
        open.id,
        `Invoice ${invoice.number} paid a term; ask for the upgrade again`,
      );
    }
    const plan = await this.plan(tx, detail.planId ?? m.nextPlanId ?? m.planId);
    const restarting =
      !m.paidThrough ||
      m.status === 'lapsed' ||
      m.status === 'cancelled' ||
      standingOn(m.paidThrough, settings.graceDays, paidOn) === 'lapsed';
    const term = restarting
      ? firstTerm(settings.termRule, paidOn, plan.priceCents)
      : nextTerm(settings.termRule, m.paidThrough!, plan.priceCents);
    const held =
      invoice.purpose === 'membership_join' && settings.staffApproveNewMembers && !m.startedOn;
    // A renewal onto another plan paid before its term starts changes the plan on that day
    // (the dues run, startScheduledPlans): the days left of this term were paid on this plan.
    const later = !restarting && plan.id !== m.planId && term.startsOn > today;
    const status: MembershipStatus = held
      ? 'pending'
      : standingOn(term.endsOn, settings.graceDays, today);
    await q.updateMembership(tx, m.id, {
      planId: later ? m.planId : plan.id,
      nextPlanId: later ? plan.id : m.nextPlanId === plan.id ? null : m.nextPlanId,
      status,
      startedOn: m.startedOn ?? (held ? null : term.startsOn),
      paidThrough: term.endsOn,
      updatedAt: now,
    });
    await q.insertTerm(tx, {
      membershipId: m.id,
      planId: plan.id,
      startsOn: term.startsOn,
      endsOn: term.endsOn,
      invoiceId: invoice.id,
      createdAt: now,
    });
    await this.event(
      tx,
      m.id,
      'term_paid',
      { invoice: invoice.number, planId: plan.id, startsOn: term.startsOn, endsOn: term.endsOn },
      actor,
    );
    if (plan.id !== m.planId && invoice.purpose === 'membership_renewal' && !later) {
      await this.event(tx, m.id, 'downgraded', { fromPlanId: m.planId, toPlanId: plan.id }, actor);
    }
    if (
      m.paidThrough &&
      (m.status === 'lapsed' || m.status === 'cancelled' || m.status === 'grace')
    ) {
      await this.event(tx, m.id, 'restored', { from: m.status }, actor);
    }
    if (status === 'active') await q.activatePendingLogin(tx, m.contactId, now);
    await this.sync(tx, m.id);
  }
}
