import { eq } from 'drizzle-orm';
import {
  addDays,
  daysInclusive,
  formatLongDate,
  formatMoney,
  type MembershipInvoiceResponse,
  type MembershipQuote,
  type MembershipQuoteQuery,
  termsFrom,
  upgradeParts,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import type { MembershipBilling } from './billing-port.js';
import {
  actorOf,
  current,
  detailOf,
  MembershipCore,
  noContact,
  notFound,
  notOffered,
  paidAhead,
  type PurposeDetail,
  renewalClosed,
} from './core.js';
import type { Joining } from './join.js';
import * as q from './queries.js';
import { planRef } from './view.js';

/**
 * A member's own plan change: an upgrade (invoiced, priced for the day it is paid), a
 * downgrade from the next term, its quote, and whether an upgrade invoice may still be paid.
 */
export class PlanChanges extends MembershipCore {
  constructor(
    db: Database,
    clock: Clock,
    billing: MembershipBilling,
    /** A pending membership not yet paid changes plan by joining again. */
    private readonly joining: Joining,
  ) {
    super(db, clock, billing);
  }

  /**
   * Upgrade (a dearer plan: the difference for the days paid ahead, priced for payment today,
   * invoiced; the plan changes when it is paid) or downgrade (a cheaper one: from the next
   * term). Choosing the current plan again takes back a downgrade asked for. A plan the
   * chamber no longer offers is refused (409); its members keep renewing on it.
   */
  async changePlan(session: Session, planId: string): Promise<MembershipInvoiceResponse> {
    const contactId = session.user.contactId;
    if (!contactId) throw noContact();
    const pendingJoin = await this.db.transaction(async (tx) => {
      const m = await q.lockMembership(tx, eq(q.memberships.contactId, contactId));
      if (!m) throw notFound();
      if (m.status === 'pending' && !m.paidThrough) return true;
      const [plan, from, today, settings] = await Promise.all([
        this.plan(tx, planId),
        this.plan(tx, m.planId),
        this.today(tx),
        q.getSettings(tx),
      ]);
      checkPlanChange(m, from, plan, today, await this.downgradePaid(tx, m, today));
      const actor = actorOf(session);
      const now = this.clock.now();
      if (plan.id === from.id) {
        if (m.nextPlanId) {
          await q.updateMembership(tx, m.id, { nextPlanId: null, updatedAt: now });
          await this.event(
            tx,
            m.id,
            'plan_changed',
            { downgradeTakenBack: true, planId: plan.id },
            actor,
          );
        }
        return false;
      }
      if (plan.priceCents < from.priceCents) {
        await q.updateMembership(tx, m.id, { nextPlanId: plan.id, updatedAt: now });
        // A renewal invoice at the old plan's price would charge the wrong amount.
        for (const invoice of await q.openInvoices(tx, m.id, ['membership_renewal'])) {
          await this.billing.voidInvoice(tx, invoice.id, 'Plan changed at renewal');
        }
        await this.event(
          tx,
          m.id,
          'downgrade_scheduled',
          { fromPlanId: from.id, toPlanId: plan.id, from: addDays(m.paidThrough!, 1) },
          actor,
        );
        return false;
      }
      const { parts, totalCents } = upgradeParts(
        settings.termRule,
        m.paidThrough!,
        from.priceCents,
        plan.priceCents,
        today,
      );
      const detail = {
        fromPlanId: from.id,
        toPlanId: plan.id,
        pricedOn: today,
        through: m.paidThrough!,
      };
      const open = await q.openInvoices(tx, m.id, ['membership_upgrade']);
      // The open upgrade to this plan, still priced as it would be today, is the answer.
      const same = (d: PurposeDetail) =>
        d.fromPlanId === detail.fromPlanId &&
        d.toPlanId === detail.toPlanId &&
        d.pricedOn === detail.pricedOn &&
        d.through === detail.through;
      if (open.some((i) => i.totalCents === totalCents && same(detailOf(i)))) return false;
      for (const invoice of open) {
        await this.billing.voidInvoice(
          tx,
          invoice.id,
          detailOf(invoice).toPlanId === plan.id
            ? `Repriced for payment on ${today}`
            : 'Replaced by another upgrade',
        );
      }
      if (totalCents === 0) {
        await this.upgradeNow(tx, m, plan.id, from.id, today, null, actor);
        return false;
      }
      const yearly = formatMoney(plan.priceCents - from.priceCents, settings.currency);
      await this.issue(
        tx,
        m,
        'membership_upgrade',
        detail,
        parts.map((part) => ({
          description: `Upgrade from ${from.name} to ${plan.name}, ${formatLongDate(part.startsOn > today ? part.startsOn : today)} to ${formatLongDate(part.endsOn)}: ${part.daysCharged} of the term's ${part.days} days at ${yearly} a year`,
          quantity: 1,
          unitCents: part.amountCents,
        })),
        // Priced for payment today: paid on a later day it would charge days not upgraded.
        today,
      );
      return false;
    });
    if (pendingJoin) return this.joining.join(session, { planId });
    return this.withOpenInvoice(
      (await q.findView(this.db, eq(q.memberships.contactId, contactId)))!.membership.id,
      'membership_upgrade',
    );
  }

  /**
   * What an upgrade to a plan or 'Renew now' would cost today, with the days and daily prices
   * it comes from (the confirmation dialogs). Issues nothing; refuses what the change refuses.
   */
  async quote(session: Session, query: MembershipQuoteQuery): Promise<MembershipQuote> {
    const contactId = session.user.contactId;
    if (!contactId) throw noContact();
    const view = await q.findView(this.db, eq(q.memberships.contactId, contactId));
    if (!view) throw notFound();
    const m = view.membership;
    const [settings, today] = await Promise.all([q.getSettings(this.db), this.today()]);
    const daysLeft =
      m.paidThrough && m.paidThrough >= today ? daysInclusive(today, m.paidThrough) : 0;
    const dailyOf = (priceCents: number) => {
      const [term] = termsFrom(settings.termRule, m.paidThrough ?? today, m.paidThrough ?? today);
      return priceCents / daysInclusive(term!.startsOn, term!.endsOn);
    };
    // What both answers say of the membership as it stands.
    const asNow = {
      currency: settings.currency,
      today,
      fromPlan: planRef(view.plan),
      paidThrough: m.paidThrough,
      daysLeft,
      fromDailyCents: dailyOf(view.plan.priceCents),
    };
    if (query.change === 'renewal') {
      if (!this.mayRenew(m, today)) throw renewalClosed(m);
      const plan = view.nextPlan ?? view.plan;
      const term = this.renewalTerm(m, plan, settings, today);
      const days = daysInclusive(term.startsOn, term.endsOn);
      return {
        change: 'renewal',
        ...asNow,
        toPlan: planRef(plan),
        toDailyCents: term.amountCents / days,
        lines: [{ ...term, days, daysCharged: days }],
        totalCents: term.amountCents,
        takesEffectOn: term.startsOn,
        paidThroughAfter: term.endsOn,
      };
    }
    if (!query.planId) {
      throw new AppError('bad_request', 'planId: the plan to upgrade to is required.');
    }
    const plan = await this.plan(this.db, query.planId);
    checkPlanChange(m, view.plan, plan, today, await this.downgradePaid(this.db, m, today));
    if (plan.priceCents <= view.plan.priceCents) {
      throw new AppError('conflict', `${plan.name} is not an upgrade from ${view.plan.name}.`);
    }
    const { parts, totalCents } = upgradeParts(
      settings.termRule,
      m.paidThrough!,
      view.plan.priceCents,
      plan.priceCents,
      today,
    );
    return {
      change: 'upgrade',
      ...asNow,
      toPlan: planRef(plan),
      toDailyCents: dailyOf(plan.priceCents),
      lines: parts.map((p) => ({
        startsOn: p.startsOn > today ? p.startsOn : today,
        endsOn: p.endsOn,
        days: p.days,
        daysCharged: p.daysCharged,
        amountCents: p.amountCents,
      })),
      totalCents,
      takesEffectOn: today,
      paidThroughAfter: m.paidThrough!,
    };
  }

  /**
   * Why an upgrade invoice may not be paid on `receivedOn` (billing asks before recording a
   * payment): it prices the days from the day it was issued to the paid-through date of then,
   * so a renewal paid since, another plan, or another day of payment makes it wrong.
   */
  async whyUpgradeUnpayable(
    tx: Executor,
    invoice: q.InvoiceRow,
    receivedOn: string,
  ): Promise<string | null> {
    if (!invoice.membershipId) return null;
    const m = await q.lockMembership(tx, eq(q.memberships.id, invoice.membershipId));
    if (!m) return null;
    const detail = detailOf(invoice);
    const [from, to, settings] = await Promise.all([
      this.plan(tx, detail.fromPlanId ?? m.planId),
      this.plan(tx, detail.toPlanId ?? m.planId),
      q.getSettings(tx),
    ]);
    const why =
      m.planId !== from.id
        ? `the membership is on ${(await this.plan(tx, m.planId)).name} now`
        : detail.through && m.paidThrough !== detail.through
          ? `the membership is paid through ${m.paidThrough ?? 'no date'} now`
          : !paidAhead(m, receivedOn)
            ? `the membership is not paid ahead on ${receivedOn} (renew it first)`
            : upgradeParts(
                  settings.termRule,
                  m.paidThrough!,
                  from.priceCents,
                  to.priceCents,
                  receivedOn,
                ).totalCents !== invoice.totalCents
              ? `paid on ${receivedOn}, the upgrade costs another amount`
              : null;
    if (!why) return null;
    const priced = detail.pricedOn
      ? ` for payment on ${detail.pricedOn}${detail.through ? `, paid through ${detail.through}` : ''}`
      : '';
    return `Invoice ${invoice.number} priced the upgrade to ${to.name}${priced}; ${why}. It can no longer be paid: ask for the upgrade again from My membership to have it priced for the day it is paid.`;
  }
}

/**
 * What a member's own plan change (and its quote) refuses: a membership not current, a plan
 * no longer offered, and an upgrade with nothing paid ahead (in grace: renew first; an upgrade
 * then costs the difference for the renewed term).
 */
function checkPlanChange(
  m: q.MembershipRow,
  from: q.PlanRow,
  plan: q.PlanRow,
  today: string,
  paidNext: q.PlanRow | null,
) {
  if (!current.includes(m.status)) {
    throw new AppError('conflict', 'Your membership is not current. Renew it first.');
  }
  if (paidNext) {
    throw new AppError(
      'conflict',
      `Your renewal on ${paidNext.name} is paid. Change your plan once its term has started.`,
    );
  }
  if (plan.id === from.id) return;
  if (!plan.available) throw notOffered(plan);
  if (plan.priceCents > from.priceCents && !paidAhead(m, today)) {
    throw new AppError(
      'conflict',
      `Your membership was paid through ${m.paidThrough} and is in its grace period. Renew it first; an upgrade then costs the difference for the renewed term.`,
    );
  }
}
