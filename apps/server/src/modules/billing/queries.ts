import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isAnyOf } from '../../lib/sql-lists.js';
import {
  chambers,
  contacts,
  type Executor,
  invoiceCounters,
  invoiceLines,
  invoices,
  membershipSettings,
  payments,
  pendingRefunds,
} from '@chamber/db';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type ChamberRow = typeof chambers.$inferSelect;
export type SettingsRow = typeof membershipSettings.$inferSelect;

/**
 * The next number of a year's series. The counter row stays locked until the issuing
 * transaction ends, so concurrent issuers queue here, and a rollback takes the number back
 * with it: numbers have no gaps.
 */
export async function takeInvoiceSequence(db: Executor, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export async function insertInvoice(
  db: Executor,
  values: typeof invoices.$inferInsert,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
): Promise<{ invoice: InvoiceRow; lines: InvoiceLineRow[] }> {
  const [invoice] = await db.insert(invoices).values(values).returning();
  const inserted = await db
    .insert(invoiceLines)
    .values(lines.map((line) => ({ ...line, invoiceId: invoice!.id })))
    .returning();
  return { invoice: invoice!, lines: inserted.sort((a, b) => a.position - b.position) };
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** The invoice locked until the end of the transaction: one payment, void or refund at a time. */
export async function lockInvoice(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/**
 * Marks an invoice's mail of one kind as queued, unless it was: true when this call marked
 * it (and so queues the mail).
 */
export async function markMailedOnce(
  db: Executor,
  id: string,
  kind: 'invoice' | 'receipt',
  at: Date,
): Promise<boolean> {
  const column = kind === 'invoice' ? invoices.invoiceMailedAt : invoices.receiptMailedAt;
  const rows = await db
    .update(invoices)
    .set(kind === 'invoice' ? { invoiceMailedAt: at } : { receiptMailedAt: at })
    .where(and(eq(invoices.id, id), isNull(column)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function updateInvoice(
  db: Executor,
  id: string,
  values: Partial<Pick<InvoiceRow, 'status' | 'paidAt' | 'voidedAt' | 'voidReason'>>,
): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row!;
}

/** Voids those of the invoices still open; answers the ones it voided. */
export async function voidOpen(
  db: Executor,
  ids: string[],
  now: Date,
  reason: string,
): Promise<InvoiceRow[]> {
  return db
    .update(invoices)
    .set({ status: 'void', voidedAt: now, voidReason: reason })
    .where(
      and(inArray(invoices.id, ids), eq(invoices.status, 'open'), eq(invoices.kind, 'invoice')),
    )
    .returning();
}

/** The invoice issued in place of a void one, if any. */
export async function replacementOf(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.replacesInvoiceId, id))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row;
}

export function linesOf(db: Executor, invoiceIds: string[]): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

export function paymentsOf(db: Executor, invoiceIds: string[]): Promise<PaymentRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function paymentByIntent(
  db: Executor,
  paymentIntentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'payment'), eq(payments.stripePaymentIntentId, paymentIntentId)))
    .limit(1);
  return row;
}

export async function paymentByRefundId(
  db: Executor,
  refundId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.stripeRefundId, refundId))
    .limit(1);
  return row;
}

/** Cents already given back of a payment. */
export async function refundedCents(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(and(eq(payments.kind, 'refund'), eq(payments.refundOfPaymentId, paymentId)));
  return Number(row?.sum ?? 0);
}

/** Cents of a payment reserved by refunds to the card that Stripe has not answered yet. */
export async function pendingRefundCents(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${pendingRefunds.amountCents}), 0)` })
    .from(pendingRefunds)
    .where(eq(pendingRefunds.paymentId, paymentId));
  return Number(row?.sum ?? 0);
}

export async function insertPendingRefund(
  db: Executor,
  values: typeof pendingRefunds.$inferInsert,
): Promise<typeof pendingRefunds.$inferSelect> {
  const [row] = await db.insert(pendingRefunds).values(values).returning();
  return row!;
}

export async function deletePendingRefund(db: Executor, id: string): Promise<boolean> {
  const gone = await db
    .delete(pendingRefunds)
    .where(eq(pendingRefunds.id, id))
    .returning({ id: pendingRefunds.id });
  return gone.length > 0;
}

export type PendingRefundRow = typeof pendingRefunds.$inferSelect;

/** Reservations made before `before`, oldest first: Stripe's answer to them never came back. */
export async function pendingRefundsBefore(
  db: Executor,
  before: Date,
): Promise<PendingRefundRow[]> {
  return db
    .select()
    .from(pendingRefunds)
    .where(lte(pendingRefunds.createdAt, before))
    .orderBy(asc(pendingRefunds.createdAt))
    .limit(100);
}

export async function insertPayment(
  db: Executor,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findContact(db: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  return row;
}

export async function settings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(membershipSettings).limit(1);
  if (!row) throw new Error('membership_settings has no row (migration 0015 inserts it)');
  return row;
}

/** The portal's chamber: the first one made. */
export async function firstChamber(db: Executor): Promise<ChamberRow | undefined> {
  const [row] = await db.select().from(chambers).orderBy(asc(chambers.createdAt)).limit(1);
  return row;
}

export interface InvoiceFilter {
  search?: string;
  status?: InvoiceRow['status'];
  kind?: InvoiceRow['kind'];
  contactId?: string;
  year?: number;
  limit: number;
  offset: number;
}

export async function listInvoices(db: Executor, filter: InvoiceFilter) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(invoices.status, filter.status));
  if (filter.kind) where.push(eq(invoices.kind, filter.kind));
  if (filter.contactId) where.push(eq(invoices.contactId, filter.contactId));
  if (filter.year) where.push(eq(invoices.year, filter.year));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(invoices.number, pattern),
        sql`${invoices.billTo}->>'name' ilike ${pattern}`,
        sql`${invoices.billTo}->>'business' ilike ${pattern}`,
        sql`${invoices.billTo}->>'email' ilike ${pattern}`,
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(condition)
      .orderBy(desc(invoices.year), desc(invoices.sequence))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<string>`count(*)` })
      .from(invoices)
      .where(condition),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Payments and refunds received between two days (inclusive), oldest first, with invoices. */
export function paymentsBetween(db: Executor, from: string | undefined, to: string | undefined) {
  const where: SQL[] = [];
  if (from) where.push(gte(payments.receivedOn, from));
  if (to) where.push(lte(payments.receivedOn, to));
  const creditNotes = alias(invoices, 'credit_notes');
  return db
    .select({ payment: payments, invoice: invoices, creditNote: creditNotes.number })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(creditNotes, eq(creditNotes.id, payments.creditNoteId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
}

/**
 * Each invoice's status and due date, by id: what another module reads of an invoice's
 * standing (a sponsor held while its invoice is unpaid after its due date).
 */
export async function invoiceStandings(
  db: Executor,
  ids: string[],
): Promise<Map<string, { status: InvoiceRow['status']; dueOn: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, status: invoices.status, dueOn: invoices.dueOn })
    .from(invoices)
    .where(isAnyOf(invoices.id, ids, 'uuid'));
  return new Map(rows.map((r) => [r.id, { status: r.status, dueOn: r.dueOn }]));
}
