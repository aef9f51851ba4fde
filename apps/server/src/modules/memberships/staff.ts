import { eq } from 'drizzle-orm';
import { type DuesSettings, standingOn } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import { billingMailPeople, chooseBillingRecipients } from '../members/index.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import { actorOf, MembershipCore, type MembershipActor, notFound } from './core.js';
import * as q from './queries.js';
import { awaitingApproval, toMembership } from './view.js';

/**
 * Staff's actions on a membership (approve, change plan, cancel), each audited with the
 * membership before and after; a membership's detail; the dues settings.
 */
export class StaffActions extends MembershipCore {
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
    planId: string | undefined,
    reason?: string,
    overrideNotOffered = false,
    billingRecipientIds?: string[],
  ) {
    return this.staffChange(
      actor,
      membershipId,
      planId === undefined ? 'membership.billing_recipients' : 'membership.change_plan',
      reason ?? null,
      async (tx, m) => {
        if (billingRecipientIds !== undefined) {
          await chooseBillingRecipients(tx, m.contactId, billingRecipientIds, this.clock.now());
        }
        if (planId === undefined) return;
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
      billingRecipients: await billingMailPeople(this.db, view.membership.contactId),
    };
  }
}

/** Staff's 'Change plan' to such a plan: the same sentence, and the way past it. */
const notOfferedToStaff = (plan: q.PlanRow) =>
  new AppError(
    'conflict',
    `The chamber no longer offers the ${plan.name} plan. Members already on it keep it when they renew; choose another plan, or confirm the staff override and give the reason.`,
  );

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
