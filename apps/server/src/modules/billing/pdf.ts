import { formatDateKey, formatMoney, type PaymentMethod } from '@chamber/contract';
import PDFDocument from 'pdfkit';
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
  paymentInstructions: string;
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

export const longDate = (key: string) =>
  formatDateKey(key, { day: 'numeric', month: 'long', year: 'numeric' });

export function pdfFilename(variant: PdfVariant, invoice: InvoiceRow): string {
  const word = { invoice: 'invoice', receipt: 'receipt', credit_note: 'credit-note' }[variant];
  return `${word}-${invoice.number}.pdf`;
}

const GREY = '#4b5563';
const LEFT = 50;
const RIGHT = 545;

/**
 * An A4 invoice, receipt or credit note drawn with pdfkit. Text is in the standard Helvetica
 * (no font files to ship), which covers Western European text.
 */
export function renderPdf(
  variant: PdfVariant,
  doc: BillingDocument,
  letterhead: Letterhead,
): Promise<Buffer> {
  const { invoice } = doc;
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const title = {
    invoice: `Invoice ${invoice.number}`,
    receipt: `Receipt for invoice ${invoice.number}`,
    credit_note: `Credit note ${invoice.number}`,
  }[variant];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: title,
      Author: letterhead.name,
      CreationDate: new Date(`${invoice.issuedOn}T12:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // Letterhead: the logo on the left, the chamber's name and address beside it.
  let textX = LEFT;
  if (letterhead.logo) {
    try {
      pdf.image(letterhead.logo, LEFT, 45, { fit: [90, 60] });
      textX = LEFT + 105;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  pdf.font('Helvetica-Bold').fontSize(14).fillColor('black').text(letterhead.name, textX, 50);
  pdf.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of [...letterhead.addressLines, letterhead.phone, letterhead.email]) {
    if (line) pdf.text(line, textX);
  }

  pdf.moveDown(2);
  const top = Math.max(pdf.y, 120);
  pdf.font('Helvetica-Bold').fontSize(18).fillColor('black').text(title, LEFT, top);
  if (invoice.status === 'void') {
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#b91c1c')
      .text(`VOID${invoice.voidReason ? `: ${invoice.voidReason}` : ''}`);
  }
  pdf.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('black');
  const facts: [string, string][] = [['Issued', longDate(invoice.issuedOn)]];
  if (variant === 'invoice') facts.push(['Due', longDate(invoice.dueOn)]);
  if (variant === 'credit_note' && doc.creditsNumber) facts.push(['Credits', doc.creditsNumber]);
  const received = doc.payments.filter((p) => p.kind === 'payment');
  if (variant === 'receipt' && received[0]) facts.push(['Paid', longDate(received[0].receivedOn)]);
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`);

  pdf
    .moveDown()
    .font('Helvetica-Bold')
    .text(variant === 'credit_note' ? 'Credited to' : 'Bill to');
  pdf.font('Helvetica');
  const billTo = invoice.billTo;
  for (const line of [billTo.business, billTo.name, ...(billTo.address ?? '').split('\n')]) {
    if (line) pdf.text(line);
  }
  if (billTo.email) pdf.text(billTo.email);

  // The lines: description, quantity, unit price, amount.
  pdf.moveDown(1.5);
  const columns = { description: LEFT, quantity: 330, unit: 380, amount: 465 };
  const header = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(10);
  pdf.text('Description', columns.description, header, { width: 270 });
  pdf.text('Qty', columns.quantity, header, { width: 40, align: 'right' });
  pdf.text('Unit price', columns.unit, header, { width: 75, align: 'right' });
  pdf.text('Amount', columns.amount, header, { width: 80, align: 'right' });
  pdf
    .moveTo(LEFT, pdf.y + 4)
    .lineTo(RIGHT, pdf.y + 4)
    .strokeColor('#9ca3af')
    .stroke();
  pdf.font('Helvetica');
  let y = pdf.y + 10;
  for (const line of doc.lines) {
    pdf.text(line.description, columns.description, y, { width: 270 });
    const bottom = pdf.y;
    pdf.text(String(line.quantity), columns.quantity, y, { width: 40, align: 'right' });
    pdf.text(money(line.unitCents), columns.unit, y, { width: 75, align: 'right' });
    pdf.text(money(line.amountCents), columns.amount, y, { width: 80, align: 'right' });
    y = Math.max(bottom, pdf.y) + 6;
  }
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  pdf.font('Helvetica-Bold').fontSize(11);
  pdf.text('Total', columns.unit, y + 8, { width: 75, align: 'right' });
  pdf.text(money(invoice.totalCents), columns.amount, y + 8, { width: 80, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text('', LEFT, pdf.y + 16);

  if (variant === 'receipt') {
    pdf.font('Helvetica-Bold').text('Received');
    pdf.font('Helvetica');
    for (const p of doc.payments) {
      const what = p.kind === 'payment' ? 'Paid' : 'Refunded';
      pdf.text(`${what} ${money(p.amountCents)} by ${paidBy(p)} on ${longDate(p.receivedOn)}`);
    }
    pdf.moveDown().text('Thank you for your payment.');
  } else if (variant === 'credit_note') {
    pdf.text(`${money(invoice.totalCents)} was refunded to you.`);
  } else if (invoice.status === 'open') {
    pdf.font('Helvetica-Bold').text('How to pay');
    pdf.font('Helvetica');
    if (doc.paymentInstructions.trim()) pdf.text(doc.paymentInstructions.trim());
    pdf.text(`Please quote ${invoice.number} with your payment.`);
    pdf.text(`See your invoices and membership at ${letterhead.publicUrl}/membership`);
  } else if (invoice.status === 'paid') {
    pdf.text('Paid. Thank you.');
  }
  pdf.end();
  return done;
}
