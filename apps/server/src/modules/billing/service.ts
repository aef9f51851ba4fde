import { Refunds } from './refunds.js';

export { formatInvoiceNumber, voidOpenInvoices } from './invoice-rules.js';
export type { InvoiceLineRow, InvoiceRow, PaymentRow } from './queries.js';
export * from './types.js';

/**
 * Invoices, payments and refunds: the money records of dues and anything else the chamber
 * bills. Methods taking `tx` run inside the caller's transaction (a join issues its invoice
 * with the membership it creates); the purpose's owner fulfils a paid invoice through
 * `onPaid`, in the transaction that records the payment.
 *
 * By what they hold: invoices.ts (issuing, numbering, voiding, the purposes' hooks),
 * payments.ts and refunds.ts, on the rules of invoice-rules.ts.
 */
export class BillingService extends Refunds {}
