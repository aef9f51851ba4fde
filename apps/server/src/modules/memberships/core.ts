import { eq } from 'drizzle-orm';
import {
  addDays,
  daysUntil,
  dateKeyIn,
  firstTerm,
  formatLongDate,
  formatMoney,
  type InvoicePurpose,
  type MembershipEventKind,
  type MembershipInvoiceResponse,
  type MembershipStatus,
  membershipInvoiceDueOn,
  type NextCharge,
  nextTerm,
  RENEWAL_OPENS_DAYS,
  type Term,
} from '@chamber/contract';
import { type Database, type Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import type { MembershipBilling } from './billing-port.js';
import * as q from './queries.js';
import { contactStanding, invoiceRef, toMembership } from './view.js';

export const notFound = () => new AppError('not_found', 'Membership not found');
export const noContact = () =>
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

export const renewable: MembershipStatus[] = ['active', 'grace', 'lapsed'];
export const current: MembershipStatus[] = ['active', 'grace'];

/**
 * The steps the membership rules share (docs/staff/dues.md): the chamber's day, a plan
 * by id, issuing a membership invoice, a history event, renewal terms, an upgrade taking
 * effect, and keeping the contact's tier, payment status and listing in line. Each part of the
 * rules (join, renewals, plan changes, payments, automatic renewal, staff, reports) builds on
 * these; MembershipsService (service.ts) puts the parts together.
 */
export class MembershipCore {
  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
    protected readonly billing: MembershipBilling,
  ) {}

  /** The chamber's calendar day now: terms, reminders and grace count in its days. */
  async today(db: Executor = this.db): Promise<string> {
    return dateKeyIn(this.clock.now(), await q.chamberTimeZone(db));
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

  /** The plan a renewal paid ahead moves to on its first day, if one is. */
  protected async downgradePaid(db: Executor, m: q.MembershipRow, today: string) {
    if (!m.nextPlanId || !(await q.paidTermAfter(db, m.id, m.nextPlanId, today))) return null;
    return this.plan(db, m.nextPlanId);
  }

  protected mayRenew(m: q.MembershipRow, today: string): boolean {
    if (!renewable.includes(m.status) || !m.paidThrough) return false;
    return daysUntil(today, m.paidThrough) <= RENEWAL_OPENS_DAYS;
  }

  protected renewalTerm(
    m: q.MembershipRow,
    plan: q.PlanRow,
    settings: q.SettingsRow,
    today: string,
  ): Term {
    return m.status === 'lapsed' || !m.paidThrough
      ? firstTerm(settings.termRule, today, plan.priceCents)
      : nextTerm(settings.termRule, m.paidThrough, plan.priceCents);
  }

  protected async openRenewal(tx: Executor, m: q.MembershipRow, { force = false } = {}) {
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

  protected async upgradeNow(
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

  protected async plan(db: Executor, id: string): Promise<q.PlanRow> {
    const plan = isUuid(id) ? await q.findPlan(db, id) : undefined;
    if (!plan) throw new AppError('not_found', 'Membership plan not found');
    return plan;
  }

  protected async issue(
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

  protected async event(
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

  protected async withOpenInvoice(
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

export const systemActor: MembershipActor = { userId: null, label: 'portal' };

export const renewalClosed = (m: q.MembershipRow) =>
  new AppError(
    'conflict',
    m.paidThrough && renewable.includes(m.status)
      ? `Renewal opens ${RENEWAL_OPENS_DAYS} days before your paid-through date (${m.paidThrough}).`
      : 'This membership cannot be renewed. Join again from /join.',
  );

export const notOffered = (plan: q.PlanRow) =>
  new AppError(
    'conflict',
    `The chamber no longer offers the ${plan.name} plan. Members already on it keep it when they renew; choose another plan.`,
  );

/** Paid ahead on `day`: a current membership whose paid-through date has not passed. */
export const paidAhead = (m: q.MembershipRow, day: string) =>
  current.includes(m.status) && m.paidThrough !== null && m.paidThrough >= day;

export interface PurposeDetail {
  planId?: string;
  fromPlanId?: string;
  toPlanId?: string;
  /** An upgrade: the day it was priced for, and the paid-through date it priced to. */
  pricedOn?: string;
  through?: string;
}

export function detailOf(invoice: q.InvoiceRow): PurposeDetail {
  return (invoice.purposeDetail ?? {}) as PurposeDetail;
}

export function termLine(plan: q.PlanRow, term: Term, currency: string) {
  const prorated = term.amountCents !== plan.priceCents;
  return {
    description: `${plan.name} membership, ${formatLongDate(term.startsOn)} to ${formatLongDate(term.endsOn)}${prorated ? ` (${formatMoney(plan.priceCents, currency)} a year, prorated)` : ''}`,
    quantity: 1,
    unitCents: term.amountCents,
  };
}
