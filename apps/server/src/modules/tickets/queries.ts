import { and, asc, eq, sql } from 'drizzle-orm';
import {
  eventRegistrations,
  type Executor,
  invoiceCounters,
  invoices,
  membershipSettings,
  payments,
  users,
  contacts,
} from '@chamber/db';
import { isAnyOf } from '../../lib/sql-lists.js';
import type { TicketInvoice } from './billing-port.js';

/** The chamber's one currency (membership_settings.currency; USD until set). */
export async function currency(db: Executor): Promise<string> {
  const [row] = await db
    .select({ currency: membershipSettings.currency })
    .from(membershipSettings)
    .limit(1);
  return row?.currency ?? 'USD';
}

/** The last invoice number taken in a year (0 before the first). */
export async function lastInvoiceSequence(db: Executor, year: number): Promise<number> {
  const [row] = await db
    .select({ last: invoiceCounters.last })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.year, year));
  return row?.last ?? 0;
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
