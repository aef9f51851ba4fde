import { eq } from 'drizzle-orm';
import {
  addDays,
  daysInclusive,
  daysUntil,
  dateKeyIn,
  type DuesReport,
  type DuesSettings,
  firstTerm,
  formatLongDate,
  formatMoney,
  type InvoicePurpose,
  type JoinDetails,
  type ListMembershipsQuery,
  listMembershipsQuerySchema,
  membershipListSchema,
  membershipStatuses,
  type MembershipEventKind,
  type MembershipInvoiceResponse,
  type MembershipQuote,
  type MembershipQuoteQuery,
  type MembershipStatus,
  membershipInvoiceDueOn,
  type MyMembership,
  type NextCharge,
  nextTerm,
  RENEWAL_OPENS_DAYS,
  standingOn,
  type Term,
  termsFrom,
  upgradeParts,
} from '@chamber/contract';
import { type Database, type Executor, users } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { writeCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import { JsonBody } from '../../lib/json-body.js';
import { currentDataVersion, VersionedCache } from '../../lib/versioned-cache.js';
import type { Session } from '../../plugins/auth.js';
import type { MembershipBilling, PaidWith } from './billing-port.js';
import * as q from './queries.js';
import { awaitingApproval, contactStanding, invoiceRef, planRef, toMembership } from './view.js';

const notFound = () => new AppError('not_found', 'Membership not found');
const noContact = () =>
  new AppError('forbidden', 'Only a member business has a membership. Join first at /join.');

/** Who changes a membership: a login (member or staff), or the portal itself (the dues job). */
export interface MembershipActor {
  userId: string | null;
  label: string;
}
export const actorOf = (session: Session): MembershipActor => ({
  userId: session.user.id,
  label: session.user.email,
});

const renewable: MembershipStatus[] = ['active', 'grace', 'lapsed'];
const current: MembershipStatus[] = ['active', 'grace'];

/**
 * The membership rules (README, "Membership dues"): joining, paying a term, renewing,
 * changing plan, automatic renewal, approval and cancellation. Every change happens in one
 * transaction with its history event and with the contact's tier, payment status and listing,
 * so what the directory and the admin view show never disagrees with the membership.
 */
export class MembershipsService {
  /** Pages of staff's lists as sent (see `list`); a page of 100 is about 60 kB. */
  private readonly lists = new VersionedCache<JsonBody>({
    maxEntries: 500,
    maxSize: 16 * 1024 * 1024,
    sizeOf: (body) => body.size,
  });
  private readonly listContexts = new VersionedCache<{ graceDays: number; timeZone: string }>({
    maxEntries: 1,
  });

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly billing: MembershipBilling,
  ) {
    for (const purpose of [
      'membership_join',
      'membership_renewal',
      'membership_upgrade',
    ] as const) {
      billing.onPaid(purpose, (tx, invoice, payment) => this.applyPayment(tx, invoice, payment));
    }
    billing.onPaying('membership_upgrade', (tx, invoice, receivedOn) =>
      this.whyUpgradeUnpayable(tx, invoice, receivedOn),
    );
  }

  /** The chamber's calendar day now: terms, reminders and grace count in its days. */
  async today(db: Executor = this.db): Promise<string> {
    return dateKeyIn(this.clock.now(), await q.chamberTimeZone(db));
  }

  // The member's own membership.

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
   * Joining (the /join flow, signed in): the plan chosen, a pending membership and the join
   * invoice for the first term as it would run if paid today. Choosing again before paying
   * replaces the open join invoice (voided) unless it is for the same plan, which is answered.
   */
  async join(
    session: Session,
    input: { planId: string; businessName?: string | undefined; details?: JoinDetails | undefined },
  ): Promise<MembershipInvoiceResponse> {
    const membershipId = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const contactId = session.user.contactId ?? (await this.giveContact(tx, session, now));
      const m = await this.lockOrCreate(tx, contactId, now);
      if (current.includes(m.status) || awaitingApproval(m)) {
        throw new AppError(
          'conflict',
          'You are already a member. Renew or change your plan from My membership.',
        );
      }
      if (input.businessName)
        await q.setContactBusinessName(tx, contactId, input.businessName, now);
      // Saved before the invoice is issued: its bill-to is the contact as it stands.
      if (input.details)
        await q.saveJoinDetails(tx, session.user.id, contactId, input.details, now);
      const plan = await this.plan(tx, input.planId);
      if (!plan.available) throw notOffered(plan);
      const open = await q.openInvoices(tx, m.id, ['membership_join', 'membership_renewal']);
      if (open.some((i) => i.purpose === 'membership_join' && detailOf(i).planId === plan.id)) {
        return m.id;
      }
      for (const invoice of open)
        await this.billing.voidInvoice(tx, invoice.id, 'Replaced by a new join');
      const [settings, today] = await Promise.all([q.getSettings(tx), this.today(tx)]);
      const term = firstTerm(settings.termRule, today, plan.priceCents);
      await q.updateMembership(tx, m.id, { planId: plan.id, nextPlanId: null, updatedAt: now });
      const invoice = await this.issue(tx, m, 'membership_join', { planId: plan.id }, [
        termLine(plan, term, settings.currency),
      ]);
      await this.event(
        tx,
        m.id,
        'joined',
        { planId: plan.id, invoice: invoice.number },
        actorOf(session),
      );
      await this.sync(tx, m.id);
      return m.id;
    });
    return this.withOpenInvoice(membershipId, 'membership_join');
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
    if (pendingJoin) return this.join(session, { planId });
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
  private async whyUpgradeUnpayable(
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

  // Fulfilment: an invoice of a membership purpose is paid (billing calls this in its transaction).

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

  // Staff.

  /** A paid new member held for approval becomes active and listed. */
  async approve(actor: Session, membershipId: string) {
    return this.staffChange(actor, membershipId, 'membership.approve', null, async (tx, m) => {
      if (!awaitingApproval(m)) {
        throw new AppError(
          'conflict',
          'Only a paid membership waiting for approval can be approved.',
        );
      }
      const settings = await q.getSettings(tx);
      const status = standingOn(m.paidThrough!, settings.graceDays, await this.today(tx));
      const term = await q.currentTerm(tx, m.id, m.paidThrough!);
      await q.updateMembership(tx, m.id, {
        status,
        startedOn: term?.startsOn ?? m.paidThrough,
        updatedAt: this.clock.now(),
      });
      await this.event(tx, m.id, 'approved', {}, actorOf(actor));
      await q.activatePendingLogin(tx, m.contactId, this.clock.now());
      await this.sync(tx, m.id);
    });
  }

  /**
   * Staff move a membership to a plan at once, without charge or refund (say why). A plan the
   * chamber no longer offers is refused (409) unless staff override it, with a reason (the
   * contract asks for one); the override is kept in the history. Keeping a member on the plan
   * they hold (taking back a downgrade) needs none.
   */
  async staffChangePlan(
    actor: Session,
    membershipId: string,
    planId: string,
    reason?: string,
    overrideNotOffered = false,
  ) {
    return this.staffChange(
      actor,
      membershipId,
      'membership.change_plan',
      reason ?? null,
      async (tx, m) => {
        const plan = await this.plan(tx, planId);
        if (plan.id === m.planId && !m.nextPlanId) return;
        const override = plan.id !== m.planId && !plan.available;
        if (override && !overrideNotOffered) throw notOfferedToStaff(plan);
        await this.setPlan(tx, m, plan.id, actorOf(actor), {
          reason: reason ?? null,
          ...(override ? { override: 'not_offered' } : {}),
        });
      },
    );
  }

  /** Ends a membership: no more renewals or reminders; its listing's paid fields are hidden. */
  async cancel(actor: Session, membershipId: string, reason?: string) {
    return this.staffChange(
      actor,
      membershipId,
      'membership.cancel',
      reason ?? null,
      async (tx, m) => {
        if (m.status === 'cancelled') return;
        await this.cancelIn(tx, m, actorOf(actor), reason ?? null);
      },
    );
  }

  /**
   * The membership of each contact, by contact id: the admin view of a login links to it (its
   * tier and payment status are the membership's, changed only here, never in that view).
   */
  async membershipIds(db: Executor, contactIds: string[]): Promise<Map<string, string>> {
    return q.membershipIdsOf(db, contactIds);
  }

  async getSettings(): Promise<DuesSettings> {
    return settingsOut(await q.getSettings(this.db));
  }

  /**
   * Saves the dues settings. A change of the lapsed listing rule applies to every lapsed and
   * cancelled membership at once.
   */
  async putSettings(actor: Session, body: DuesSettings): Promise<DuesSettings> {
    return this.db.transaction(async (tx) => {
      const before = await q.getSettings(tx);
      const reminderDays = [...body.reminderDays].sort((a, b) => b - a);
      const after = await q.updateSettings(tx, {
        ...body,
        reminderDays,
        updatedAt: this.clock.now(),
      });
      if (before.lapsedListing !== after.lapsedListing) {
        await q.relistEnded(tx, after.lapsedListing === 'basic', this.clock.now());
      }
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action: 'dues_settings.update',
        targetType: 'dues_settings',
        targetId: '1',
        targetLabel: 'Dues settings',
        before: settingsOut(before),
        after: settingsOut(after),
        reason: null,
      });
      return settingsOut(after);
    });
  }

  /**
   * What the join's invoice or receipt mail tells the new member of their standing (README,
   * "Membership dues"): active and listed; held for staff approval; or pending until paid.
   */
  async joinMailNotes(invoice: q.InvoiceRow, variant: 'invoice' | 'receipt'): Promise<string[]> {
    if (!invoice.membershipId) return [];
    const [view, settings] = await Promise.all([
      q.findView(this.db, eq(q.memberships.id, invoice.membershipId)),
      q.getSettings(this.db),
    ]);
    if (!view) return [];
    const m = view.membership;
    const review =
      'Our staff will review your membership and confirm it, usually within two business days. Once it is confirmed, your business appears in the member directory.';
    if (variant === 'receipt') {
      if (awaitingApproval(m)) return [review];
      if (current.includes(m.status)) {
        return [
          `Welcome: your ${view.plan.name} membership is active and your business is listed in the member directory.`,
        ];
      }
      return [];
    }
    if (invoice.status !== 'open' || m.status !== 'pending') return [];
    return [
      settings.staffApproveNewMembers
        ? 'Your membership is pending until this invoice is paid. Once it is paid, our staff review it and confirm it, usually within two business days; your business then appears in the member directory.'
        : 'Your membership is pending until this invoice is paid. Once it is paid, your membership is active and your business is listed in the member directory.',
    ];
  }

  // Staff: the lists, the dues report and the export.

  /**
   * A page of one of staff's lists, serialized once per data version and chamber day: staff
   * page through the same lists again and again, and the data version moves with every
   * membership, payment, contact, plan, dues setting or chamber record written (in any
   * process). The day is in the key because the lists read the clock (this month, this year).
   * Who may ask is checked before this is called (the route's access).
   */
  async list(query: ListMembershipsQuery): Promise<JsonBody> {
    const parsed = listMembershipsQuerySchema.parse(query);
    const version = await currentDataVersion(this.db);
    const context = await this.listContexts.get('context', version, () => this.listContext());
    const today = dateKeyIn(this.clock.now(), context.timeZone);
    const key = JSON.stringify([
      today,
      parsed.list,
      parsed.search ?? '',
      parsed.limit,
      parsed.offset,
    ]);
    return this.lists.get(key, version, async () => {
      const { rows, total } = await q.listViews(this.db, parsed, today);
      return JsonBody.of(membershipListSchema, {
        memberships: rows.map((row) => toMembership(row, context)),
        pagination: { total, hasMore: parsed.offset + rows.length < total },
      });
    });
  }

  /** Grace days and time zone, read together: staff's lists are asked for often. */
  private async listContext() {
    const read = await q.listContext(this.db);
    if (read) return read;
    // No settings row yet: getSettings makes it with the defaults.
    const [settings, timeZone] = await Promise.all([
      q.getSettings(this.db),
      q.chamberTimeZone(this.db),
    ]);
    return { graceDays: settings.graceDays, timeZone };
  }

  async report(year?: number): Promise<DuesReport> {
    const settings = await q.getSettings(this.db);
    const y = year ?? Number((await this.today()).slice(0, 4));
    const [rows, counts] = await Promise.all([
      q.duesByPlanAndMonth(this.db, y),
      q.countByStatus(this.db),
    ]);
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.plan_name, (totals.get(r.plan_name) ?? 0) + r.amount_cents);
    const byStatus = Object.fromEntries(membershipStatuses.map((st) => [st, 0])) as Record<
      MembershipStatus,
      number
    >;
    for (const c of counts) byStatus[c.status] = c.n;
    return {
      year: y,
      currency: settings.currency,
      rows: rows.map((r) => ({
        month: r.month,
        planName: r.plan_name,
        payments: r.payments,
        amountCents: r.amount_cents,
      })),
      totals: [...totals].map(([planName, amountCents]) => ({ planName, amountCents })),
      totalCents: [...totals.values()].reduce((a, b) => a + b, 0),
      byStatus,
    };
  }

  /** Every membership as CSV, a page of the view at a time so a large chamber streams evenly. */
  async exportCsv(): Promise<string> {
    const settings = await q.getSettings(this.db);
    const today = await this.today();
    const records: string[][] = [
      [
        'Business',
        'Contact',
        'Email',
        'Plan',
        'Status',
        'Payment status',
        'Started',
        'Paid through',
        'Automatic renewal',
      ],
    ];
    for (let offset = 0; ; offset += 1000) {
      const { rows } = await q.listViews(this.db, { list: 'all', limit: 1000, offset }, today);
      for (const row of rows) {
        const m = toMembership(row, settings);
        records.push([
          m.businessName ?? '',
          m.contactName,
          m.email ?? '',
          m.plan.name,
          m.status,
          m.paymentStatus,
          m.startedOn ?? '',
          m.paidThrough ?? '',
          m.autoRenew ? 'yes' : 'no',
        ]);
      }
      if (rows.length < 1000) break;
    }
    return writeCsv(records);
  }

  // Subscription effects: the online payments module calls these for Stripe's events.

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
   * The next automatic charge of a membership renewing automatically: the open renewal
   * invoice's amount (the charge follows it), else the next term's at the renewal plan's
   * price; the day after the paid-through date; the card on file. Null when it does not renew
   * automatically.
   */
  async nextCharge(db: Executor, membershipId: string): Promise<NextCharge | null> {
    const view = await q.findView(db, eq(q.memberships.id, membershipId));
    const m = view?.membership;
    if (!view || !m?.autoRenew || !m.paidThrough) return null;
    const [settings, [open]] = await Promise.all([
      q.getSettings(db),
      q.openInvoices(db, m.id, ['membership_renewal']),
    ]);
    const plan = view.nextPlan ?? view.plan;
    return {
      amountCents:
        open?.totalCents ?? nextTerm(settings.termRule, m.paidThrough, plan.priceCents).amountCents,
      currency: settings.currency,
      on: addDays(m.paidThrough, 1),
      card: m.cardLast4 ? { brand: m.cardBrand, last4: m.cardLast4 } : null,
    };
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

  // Shared steps.

  /** The plan a renewal paid ahead moves to on its first day, if one is. */
  private async downgradePaid(db: Executor, m: q.MembershipRow, today: string) {
    if (!m.nextPlanId || !(await q.paidTermAfter(db, m.id, m.nextPlanId, today))) return null;
    return this.plan(db, m.nextPlanId);
  }

  private mayRenew(m: q.MembershipRow, today: string): boolean {
    if (!renewable.includes(m.status) || !m.paidThrough) return false;
    return daysUntil(today, m.paidThrough) <= RENEWAL_OPENS_DAYS;
  }

  private renewalTerm(
    m: q.MembershipRow,
    plan: q.PlanRow,
    settings: q.SettingsRow,
    today: string,
  ): Term {
    return m.status === 'lapsed' || !m.paidThrough
      ? firstTerm(settings.termRule, today, plan.priceCents)
      : nextTerm(settings.termRule, m.paidThrough, plan.priceCents);
  }

  private async openRenewal(tx: Executor, m: q.MembershipRow, { force = false } = {}) {
    const [existing] = await q.openInvoices(tx, m.id, ['membership_renewal']);
    if (existing) return existing;
    const today = await this.today(tx);
    if (!force && !this.mayRenew(m, today)) throw renewalClosed(m);
    const settings = await q.getSettings(tx);
    const plan = await this.plan(tx, m.nextPlanId ?? m.planId);
    const term = this.renewalTerm(m, plan, settings, today);
    return this.issue(tx, m, 'membership_renewal', { planId: plan.id }, [
      termLine(plan, term, settings.currency),
    ]);
  }

  private async upgradeNow(
    tx: Executor,
    m: q.MembershipRow,
    toPlanId: string,
    fromPlanId: string,
    from: string,
    invoice: q.InvoiceRow | null,
    actor: MembershipActor,
  ) {
    const now = this.clock.now();
    await q.updateMembership(tx, m.id, { planId: toPlanId, nextPlanId: null, updatedAt: now });
    if (m.paidThrough && from <= m.paidThrough) {
      await q.insertTerm(tx, {
        membershipId: m.id,
        planId: toPlanId,
        startsOn: from,
        endsOn: m.paidThrough,
        invoiceId: invoice?.id ?? null,
        createdAt: now,
      });
    }
    await this.event(
      tx,
      m.id,
      'upgraded',
      { fromPlanId, toPlanId, invoice: invoice?.number ?? null },
      actor,
    );
    await this.sync(tx, m.id);
  }

  private async setPlan(
    tx: Executor,
    m: q.MembershipRow,
    planId: string,
    actor: MembershipActor,
    detail: Record<string, unknown>,
  ) {
    const updated = await q.updateMembership(tx, m.id, {
      planId,
      nextPlanId: null,
      updatedAt: this.clock.now(),
    });
    await this.event(
      tx,
      m.id,
      'plan_changed',
      { ...detail, fromPlanId: m.planId, toPlanId: planId },
      actor,
    );
    await this.sync(tx, m.id);
    return updated;
  }

  private async cancelIn(
    tx: Executor,
    m: q.MembershipRow,
    actor: MembershipActor,
    reason: string | null,
  ) {
    await q.updateMembership(tx, m.id, {
      status: 'cancelled',
      autoRenew: false,
      updatedAt: this.clock.now(),
    });
    for (const invoice of await q.openInvoices(tx, m.id)) {
      await this.billing.voidInvoice(tx, invoice.id, 'Membership cancelled');
    }
    await this.event(tx, m.id, 'cancelled', { reason, from: m.status }, actor);
    await this.sync(tx, m.id);
  }

  /** Brings the contact's tier, payment status and listing in line with its membership. */
  async sync(tx: Executor, membershipId: string): Promise<void> {
    const view = await q.findView(tx, eq(q.memberships.id, membershipId));
    if (!view) return;
    const settings = await q.getSettings(tx);
    await q.updateContactStanding(
      tx,
      view.contact.id,
      contactStanding(view.membership.status, view.plan.level, settings),
      this.clock.now(),
    );
  }

  private async lockOrCreate(tx: Executor, contactId: string, now: Date): Promise<q.MembershipRow> {
    const found = await q.lockMembership(tx, eq(q.memberships.contactId, contactId));
    if (found) return found;
    const contact = await q.findContact(tx, contactId);
    if (!contact) throw notFound();
    const plan = await q.findPlanByLevel(tx, contact.membershipTier);
    await q.insertMembership(tx, {
      contactId,
      planId: plan!.id,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return (await q.lockMembership(tx, eq(q.memberships.contactId, contactId)))!;
  }

  /** A login without a directory contact (staff) that joins gets one, as the admin dialog does. */
  private async giveContact(tx: Executor, session: Session, now: Date): Promise<string> {
    const [login] = await tx
      .select()
      .from(users)
      .where(eq(users.id, session.user.id))
      .for('update');
    if (!login) throw noContact();
    if (login.contactId) return login.contactId;
    const [contact] = await tx
      .insert(q.contacts)
      .values({
        firstName: login.firstName,
        lastName: login.lastName,
        email: login.email,
        phone: login.phone,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: q.contacts.id });
    await tx
      .update(users)
      .set({ contactId: contact!.id, updatedAt: now })
      .where(eq(users.id, login.id));
    return contact!.id;
  }

  private async plan(db: Executor, id: string): Promise<q.PlanRow> {
    const plan = isUuid(id) ? await q.findPlan(db, id) : undefined;
    if (!plan) throw new AppError('not_found', 'Membership plan not found');
    return plan;
  }

  private async issue(
    tx: Executor,
    m: q.MembershipRow,
    purpose: InvoicePurpose,
    purposeDetail: Record<string, unknown>,
    lines: { description: string; quantity: number; unitCents: number }[],
    dueOn?: string,
  ) {
    const [settings, today] = await Promise.all([q.getSettings(tx), this.today(tx)]);
    // The bill-to is the contact as it stands today (billing's default).
    return this.billing.issueInvoice(tx, {
      contactId: m.contactId,
      membershipId: m.id,
      purpose,
      purposeDetail,
      lines,
      dueOn:
        dueOn ??
        membershipInvoiceDueOn(
          today,
          settings.invoiceDueDays,
          current.includes(m.status) ? m.paidThrough : null,
          settings.graceDays,
        ),
    });
  }

  private async event(
    tx: Executor,
    membershipId: string,
    kind: MembershipEventKind,
    detail: Record<string, unknown>,
    actor: MembershipActor,
  ) {
    await q.insertEvent(tx, {
      membershipId,
      kind,
      detail,
      actorUserId: actor.userId,
      at: this.clock.now(),
    });
  }

  private async staffChange(
    actor: Session,
    membershipId: string,
    action: string,
    reason: string | null,
    apply: (tx: Executor, m: q.MembershipRow) => Promise<void>,
  ) {
    if (!isUuid(membershipId)) throw notFound();
    await this.db.transaction(async (tx) => {
      const m = await q.lockMembership(tx, eq(q.memberships.id, membershipId));
      if (!m) throw notFound();
      const settings = await q.getSettings(tx);
      const before = toMembership((await q.findView(tx, eq(q.memberships.id, m.id)))!, settings);
      await apply(tx, m);
      const after = toMembership((await q.findView(tx, eq(q.memberships.id, m.id)))!, settings);
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action,
        targetType: 'membership',
        targetId: m.id,
        targetLabel: before.businessName ?? before.contactName,
        before: { status: before.status, plan: before.plan.name, paidThrough: before.paidThrough },
        after: { status: after.status, plan: after.plan.name, paidThrough: after.paidThrough },
        reason,
      });
    });
    return this.detail(membershipId);
  }

  async detail(membershipId: string) {
    if (!isUuid(membershipId)) throw notFound();
    const view = await q.findView(this.db, eq(q.memberships.id, membershipId));
    if (!view) throw notFound();
    const [settings, terms, history] = await Promise.all([
      q.getSettings(this.db),
      q.listTerms(this.db, membershipId),
      q.listEvents(this.db, membershipId),
    ]);
    return {
      membership: toMembership(view, settings),
      terms,
      history: history.map((e) => ({
        kind: e.kind,
        at: e.at.toISOString(),
        detail: e.detail as Record<string, unknown>,
      })),
    };
  }

  private async withOpenInvoice(
    membershipId: string,
    purpose: InvoicePurpose,
  ): Promise<MembershipInvoiceResponse> {
    const view = (await q.findView(this.db, eq(q.memberships.id, membershipId)))!;
    const settings = await q.getSettings(this.db);
    const [invoice] = await q.openInvoices(this.db, membershipId, [purpose]);
    return {
      membership: toMembership(view, settings),
      invoice: invoice ? invoiceRef(invoice) : null,
    };
  }
}

const systemActor: MembershipActor = { userId: null, label: 'portal' };

const renewalClosed = (m: q.MembershipRow) =>
  new AppError(
    'conflict',
    m.paidThrough && renewable.includes(m.status)
      ? `Renewal opens ${RENEWAL_OPENS_DAYS} days before your paid-through date (${m.paidThrough}).`
      : 'This membership cannot be renewed. Join again from /join.',
  );

const notOffered = (plan: q.PlanRow) =>
  new AppError(
    'conflict',
    `The chamber no longer offers the ${plan.name} plan. Members already on it keep it when they renew; choose another plan.`,
  );

/** Staff's 'Change plan' to such a plan: the same sentence, and the way past it. */
const notOfferedToStaff = (plan: q.PlanRow) =>
  new AppError(
    'conflict',
    `The chamber no longer offers the ${plan.name} plan. Members already on it keep it when they renew; choose another plan, or confirm the staff override and give the reason.`,
  );

/** Paid ahead on `day`: a current membership whose paid-through date has not passed. */
const paidAhead = (m: q.MembershipRow, day: string) =>
  current.includes(m.status) && m.paidThrough !== null && m.paidThrough >= day;

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

interface PurposeDetail {
  planId?: string;
  fromPlanId?: string;
  toPlanId?: string;
  /** An upgrade: the day it was priced for, and the paid-through date it priced to. */
  pricedOn?: string;
  through?: string;
}

function detailOf(invoice: q.InvoiceRow): PurposeDetail {
  return (invoice.purposeDetail ?? {}) as PurposeDetail;
}

function termLine(plan: q.PlanRow, term: Term, currency: string) {
  const prorated = term.amountCents !== plan.priceCents;
  return {
    description: `${plan.name} membership, ${formatLongDate(term.startsOn)} to ${formatLongDate(term.endsOn)}${prorated ? ` (${formatMoney(plan.priceCents, currency)} a year, prorated)` : ''}`,
    quantity: 1,
    unitCents: term.amountCents,
  };
}

export function settingsOut(s: q.SettingsRow): DuesSettings {
  return {
    currency: s.currency,
    termRule: s.termRule,
    graceDays: s.graceDays,
    reminderDays: s.reminderDays,
    autoChargeNoticeDays: s.autoChargeNoticeDays,
    invoiceDueDays: s.invoiceDueDays,
    staffApproveNewMembers: s.staffApproveNewMembers,
    lapsedListing: s.lapsedListing,
    payee: s.payee,
    mailingAddress: s.mailingAddress,
    bankDetails: s.bankDetails,
    paymentInstructions: s.paymentInstructions,
  };
}
