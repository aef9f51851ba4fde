import { isCalendarDate } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import * as q from './queries.js';
import { type BillTo, type InvoiceLineInput, PORTAL_ACTOR } from './types.js';

// The rules of an invoice: its number, what its lines, dates and bill-to may be, what may be
// voided, and voiding (the one way an invoice becomes void).

export const DEFAULT_TIMEZONE = 'America/Denver';
export const MAX_CENTS = 100_000_000_00;

export const invoiceNotFound = () => new AppError('not_found', 'Invoice not found');

export const formatInvoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(4, '0')}`;

export function checkDate(value: string, field: string) {
  if (!isCalendarDate(value)) {
    throw new AppError('bad_request', `${field} must be a date written YYYY-MM-DD.`);
  }
}

export function checkLines(lines: InvoiceLineInput[]) {
  if (lines.length === 0) throw new AppError('bad_request', 'An invoice needs at least one line.');
  if (lines.length > 100) throw new AppError('bad_request', 'An invoice has at most 100 lines.');
  for (const line of lines) {
    const quantity = line.quantity ?? 1;
    if (!line.description.trim()) {
      throw new AppError('bad_request', 'Every invoice line needs a description.');
    }
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
      throw new AppError('bad_request', 'A line’s quantity is a whole number from 1 to 10,000.');
    }
    if (!Number.isInteger(line.unitCents) || Math.abs(line.unitCents) > MAX_CENTS) {
      throw new AppError('bad_request', 'A line’s unit price is a whole number of cents.');
    }
  }
  const total = lines.reduce((sum, l) => sum + (l.quantity ?? 1) * l.unitCents, 0);
  if (total <= 0) throw new AppError('bad_request', 'An invoice’s total must be above zero.');
  if (total > MAX_CENTS) throw new AppError('bad_request', 'That total is too large.');
  return total;
}

/**
 * The bill-to of a business's invoice: the business and its address, addressed to the person
 * who receives its invoices (the billing person, else the primary one: the contact's fields).
 */
export function billToOf(
  contact: q.ContactRow,
  addressee?: { name: string; email: string },
): BillTo {
  const cityLine = [contact.city, [contact.state, contact.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const name = addressee?.name || `${contact.firstName} ${contact.lastName}`.trim();
  return {
    name: name || contact.businessName || '',
    business: contact.businessName ?? contact.companyName ?? '',
    address: [contact.address1, cityLine].filter(Boolean).join('\n'),
    email: addressee?.email ?? contact.email ?? '',
  };
}

/** Drops empty fields: the bill-to is stored as a map of strings. */
export function storedBillTo(billTo: BillTo): Record<string, string> {
  return Object.fromEntries(
    Object.entries(billTo)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
}

export function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new AppError('bad_request', 'Give a reason; it is kept in the audit log.');
  if (trimmed.length > 500)
    throw new AppError('bad_request', 'The reason is 500 characters at most.');
  return trimmed;
}

export function assertVoidable(invoice: q.InvoiceRow) {
  if (invoice.kind === 'credit_note') {
    throw new AppError('bad_request', `${invoice.number} is a credit note; it stays as issued.`);
  }
  if (invoice.status === 'void') {
    throw new AppError('invoice_void', `Invoice ${invoice.number} is already void.`);
  }
  if (invoice.status === 'paid') {
    throw new AppError(
      'invoice_paid',
      `Invoice ${invoice.number} is paid; give money back with a refund, which issues a credit note.`,
    );
  }
}

export const auditActor = (actor: Actor) => ({ actorId: actor.id, actorEmail: actor.label });

/**
 * The one way an invoice becomes void: those of `invoiceIds` still open (invoices, not credit
 * notes) are voided with the reason, each in the audit log; the rest are left alone. The
 * status test is in the UPDATE, so a payment or a void committed first wins. For callers
 * without a BillingService at hand (the seats job); others use `voidIfOpen`.
 */
export async function voidOpenInvoices(
  tx: Executor,
  input: { invoiceIds: string[]; reason: string; now: Date },
  actor: Actor = PORTAL_ACTOR,
): Promise<q.InvoiceRow[]> {
  if (input.invoiceIds.length === 0) return [];
  const reason = checkReason(input.reason);
  const voided = await q.voidOpen(tx, [...new Set(input.invoiceIds)], input.now, reason);
  for (const invoice of voided) {
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: invoice.id,
      targetLabel: invoice.number,
      before: { status: 'open' },
      after: { status: 'void' },
      reason,
    });
  }
  return voided;
}
