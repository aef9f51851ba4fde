import { eq } from 'drizzle-orm';
import type { MembershipInvoiceResponse, MyMembership } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { actorOf, current, MembershipCore, noContact, notFound, paidAhead } from './core.js';
import * as q from './queries.js';
import { invoiceRef, planRef, toMembership } from './view.js';

/** The member's own membership: what it is and may do, 'Renew now', and automatic renewal. */
export class Renewals extends MembershipCore {
  /** The member's membership; the route adds how to pay (billing's). */
  async mine(session: Session): Promise<Omit<MyMembership, 'howToPay'>> {
    const contactId = session.user.contactId;
    if (!contactId) throw noContact();
    const view = await q.findView(this.db, eq(q.memberships.contactId, contactId));
    if (!view) throw notFound();
    const [settings, plans, today, open, history] = await Promise.all([
      q.getSettings(this.db),
      q.listPlans(this.db),
      this.today(),
      q.openInvoices(this.db, view.membership.id),
      q.listEvents(this.db, view.membership.id),
    ]);
    const m = view.membership;
    const isCurrent = current.includes(m.status);
    const others = plans.filter((p) => p.available && p.id !== m.planId);
    const renewalPlan = view.nextPlan ?? view.plan;
    return {
      membership: toMembership(view, settings),
      currency: settings.currency,
      openInvoices: open.map(invoiceRef),
      may: {
        renew: this.mayRenew(m, today),
        // An upgrade prices the days paid ahead: none in grace (renew first).
        upgradeTo: paidAhead(m, today)
          ? others.filter((p) => p.priceCents > view.plan.priceCents).map(planRef)
          : [],
        downgradeTo: isCurrent
          ? others.filter((p) => p.priceCents < view.plan.priceCents).map(planRef)
          : [],
        setAutoRenew: isCurrent,
      },
      nextCharge: m.autoRenew ? await this.nextCharge(this.db, m.id) : null,
      renewal: this.mayRenew(m, today)
        ? {
            plan: planRef(renewalPlan),
            amountCents: this.renewalTerm(m, renewalPlan, settings, today).amountCents,
          }
        : null,
      history: history.map((e) => ({
        kind: e.kind,
        at: e.at.toISOString(),
        detail: e.detail as Record<string, unknown>,
      })),
    };
  }

  /**
   * 'Renew now': the renewal invoice for the next term. One open renewal invoice at a time:
   * the membership row is locked while looking for one, so two clicks at once get the same.
   */
  async renew(
    session: Session,
    /** Told, in the transaction, of a renewal invoice this click issued (to queue its mail). */
    onIssued?: (tx: Executor, now: Date, invoiceId: string) => Promise<void>,
  ): Promise<MembershipInvoiceResponse> {
    const contactId = session.user.contactId;
    if (!contactId) throw noContact();
    const { membershipId } = await this.db.transaction(async (tx) => {
      const m = await q.lockMembership(tx, eq(q.memberships.contactId, contactId));
      if (!m) throw notFound();
      const [open] = await q.openInvoices(tx, m.id, ['membership_renewal']);
      const invoice = await this.openRenewal(tx, m);
      if (!open) await onIssued?.(tx, this.clock.now(), invoice.id);
      return { membershipId: m.id };
    });
    return this.withOpenInvoice(membershipId, 'membership_renewal');
  }

  async setAutoRenew(
    session: Session,
    autoRenew: boolean,
  ): Promise<Omit<MyMembership, 'howToPay'>> {
    const contactId = session.user.contactId;
    if (!contactId) throw noContact();
    await this.db.transaction(async (tx) => {
      const m = await q.lockMembership(tx, eq(q.memberships.contactId, contactId));
      if (!m) throw notFound();
      if (!current.includes(m.status)) {
        throw new AppError(
          'conflict',
          'Automatic renewal needs a current membership. Renew it first.',
        );
      }
      if (m.autoRenew === autoRenew) return;
      await q.updateMembership(tx, m.id, { autoRenew, updatedAt: this.clock.now() });
      await this.event(
        tx,
        m.id,
        autoRenew ? 'auto_renew_on' : 'auto_renew_off',
        {},
        actorOf(session),
      );
    });
    return this.mine(session);
  }
}
