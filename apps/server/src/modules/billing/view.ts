import type { Invoice, Payment } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import * as q from './queries.js';

export function toPayment(row: q.PaymentRow): Payment {
  return {
    id: row.id,
    kind: row.kind,
    invoiceId: row.invoiceId,
    amountCents: row.amountCents,
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    refundOfPaymentId: row.refundOfPaymentId,
    creditNoteId: row.creditNoteId,
    flag: row.flag,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Invoices as the API shows them, with their lines and payments (two queries for a page). */
export async function toInvoices(db: Executor, rows: q.InvoiceRow[]): Promise<Invoice[]> {
  const ids = rows.map((r) => r.id);
  const [lines, payments] = await Promise.all([q.linesOf(db, ids), q.paymentsOf(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    purpose: row.purpose,
    contactId: row.contactId,
    membershipId: row.membershipId,
    billTo: row.billTo,
    currency: row.currency,
    totalCents: row.totalCents,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    replacesInvoiceId: row.replacesInvoiceId,
    creditsInvoiceId: row.creditsInvoiceId,
    lines: lines
      .filter((l) => l.invoiceId === row.id)
      .map(({ position, description, quantity, unitCents, amountCents }) => ({
        position,
        description,
        quantity,
        unitCents,
        amountCents,
      })),
    payments: payments.filter((p) => p.invoiceId === row.id).map(toPayment),
  }));
}

export async function toInvoice(db: Executor, row: q.InvoiceRow): Promise<Invoice> {
  return (await toInvoices(db, [row]))[0]!;
}
