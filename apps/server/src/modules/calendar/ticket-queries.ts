import { and, asc, eq, sql } from 'drizzle-orm';
import {
  eventRegistrations,
  type Executor,
  invoices,
  membershipSettings,
  payments,
  users,
  contacts,
} from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import { isAnyOf } from '../../lib/sql-lists.js';
import type { TicketInvoice } from './ticket-port.js';

/** The chamber's one currency (membership_settings.currency; USD until set). */
export async function currency(db: Executor): Promise<string> {
  const [row] = await db
    .select({ currency: membershipSettings.currency })
    .from(membershipSettings)
    .limit(1);
  return row?.currency ?? 'USD';
}

/** Ticket invoices with their payment and what was refunded of it. */
export async function ticketInvoices(db: Executor, ids: string[]): Promise<TicketInvoice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      totalCents: invoices.totalCents,
      currency: invoices.currency,
      detail: invoices.purposeDetail,
      paymentId: sql<
        string | null
      >`(select p.id from ${payments} p where p.invoice_id = invoices.id and p.kind = 'payment' order by p.created_at limit 1)`,
      online: sql<boolean>`coalesce((select p.stripe_payment_intent_id is not null from ${payments} p where p.invoice_id = invoices.id and p.kind = 'payment' order by p.created_at limit 1), false)`,
      refunded: sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from ${payments} p where p.invoice_id = invoices.id and p.kind = 'refund')`,
    })
    .from(invoices)
    .where(isAnyOf(invoices.id, ids, 'uuid'));
  // The subqueries name the outer table as `invoices.id`: Drizzle writes a bare "id" for
  // ${invoices.id} in a select list, which inside them would be the payment's own id.
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    totalCents: r.totalCents,
    currency: r.currency,
    refundedCents: r.refunded,
    payment: r.paymentId ? { id: r.paymentId, online: r.online } : null,
    shares: (r.detail as { shares?: Record<string, number> }).shares ?? {},
  }));
}

/** The registrations an invoice pays for, locked, earliest first. */
export async function lockRegistrationsOfInvoice(db: Executor, invoiceId: string) {
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.invoiceId, invoiceId))
    .orderBy(asc(eventRegistrations.queuedAt))
    .for('update');
}

/**
 * Voids the open invoices of tickets whose hold ran out or that were cancelled unpaid, so a
 * late card payment for them is refunded by the webhook instead of paying for seats that went
 * to someone else. Written here rather than through BillingService because seats are settled
 * where billing is not at hand (the offers job); the invoices' trigger allows the status change.
 */
export async function voidTicketInvoices(
  db: Executor,
  invoiceIds: string[],
  now: Date,
  reason: string,
): Promise<void> {
  if (invoiceIds.length === 0) return;
  const voided = await db
    .update(invoices)
    .set({ status: 'void', voidedAt: now, voidReason: reason })
    .where(and(isAnyOf(invoices.id, invoiceIds, 'uuid'), eq(invoices.status, 'open')))
    .returning({ id: invoices.id, number: invoices.number });
  for (const invoice of voided) {
    await recordAudit(db, {
      actorId: null,
      actorEmail: 'portal',
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: invoice.id,
      targetLabel: invoice.number,
      before: { status: 'open' },
      after: { status: 'void' },
      reason,
    });
  }
}

/**
 * Whether a registration's user is a member when they take offered seats later: a confirmed
 * account whose contact's membership is paid up, as a session would say.
 */
export async function userIsMember(db: Executor, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(
      and(eq(users.id, userId), eq(users.status, 'active'), eq(contacts.paymentStatus, 'paid')),
    )
    .limit(1);
  return row !== undefined;
}
