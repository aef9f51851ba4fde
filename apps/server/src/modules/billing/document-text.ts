/**
 * What an invoice, receipt or credit note says, apart from drawing it: the PDF renderer
 * (pdf.ts, which loads pdfkit and the fonts only when a document is drawn) and the mail
 * that carries it share these.
 */
import { formatLongDate, type HowToPay, type PaymentMethod } from '@chamber/contract';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from './queries.js';

/** The chamber as its invoices show it. */
export interface Letterhead {
  name: string;
  addressLines: string[];
  phone: string;
  email: string;
  /** PNG bytes of the logo, or null (none, remote, or not an image). */
  logo: Buffer | null;
  publicUrl: string;
}

/** What a PDF shows: an invoice (or credit note) with its lines and money moved. */
export interface BillingDocument {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  payments: PaymentRow[];
  /** For a credit note, the number of the invoice it credits. */
  creditsNumber?: string | null;
  /** The offline ways to pay, from the dues settings. */
  howToPay: HowToPay;
  /** Where the invoice is paid by card, when the portal takes cards; else null. */
  payOnlineUrl: string | null;
  /** A renewal's: the business's year with the chamber in one sentence (account module). */
  yearSummary?: string | null;
}

export type PdfVariant = 'invoice' | 'receipt' | 'credit_note';

export const methodLabels: Record<PaymentMethod, string> = {
  card: 'card',
  check: 'check',
  cash: 'cash',
  bank_transfer: 'bank transfer',
  other: 'other',
};

/**
 * How a payment was made, as a receipt says it: 'card (Visa •••• 4242)', 'check (1042)'.
 * Stripe's own ids (a payment intent, a refund) are for staff and the books, not for the
 * payer, so a card payment recorded with one reads 'card'.
 */
export function paidBy(p: Pick<PaymentRow, 'method' | 'reference'>): string {
  const stripeId = /^(pi|in|ch|re|py)_/.test(p.reference);
  return p.reference && !stripeId
    ? `${methodLabels[p.method]} (${p.reference})`
    : methodLabels[p.method];
}

export const longDate = formatLongDate;

export function pdfFilename(variant: PdfVariant, invoice: InvoiceRow): string {
  const word = { invoice: 'invoice', receipt: 'receipt', credit_note: 'credit-note' }[variant];
  return `${word}-${invoice.number}.pdf`;
}
