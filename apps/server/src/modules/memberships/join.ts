import { eq } from 'drizzle-orm';
import { firstTerm, type JoinDetails, type MembershipInvoiceResponse } from '@chamber/contract';
import { type Executor, users } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import {
  actorOf,
  current,
  detailOf,
  MembershipCore,
  noContact,
  notFound,
  notOffered,
  termLine,
} from './core.js';
import * as q from './queries.js';
import { awaitingApproval } from './view.js';

/** Joining: the /join flow, the membership and contact it makes, and what its mail says. */
export class Joining extends MembershipCore {
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

  /**
   * What the join's invoice or receipt mail tells the new member of their standing
   * (docs/staff/dues.md): active and listed; held for staff approval; or pending until paid.
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
}
