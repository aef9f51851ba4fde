import { formatMoney, howToPayItems } from '@chamber/contract';
import {
  type BillingDocument,
  type Letterhead,
  longDate,
  paidBy,
  type PdfVariant,
} from './document-text.js';
import { drawLetterhead, LEFT, openPdf, RIGHT } from './pdf-page.js';

/**
 * An A4 invoice, receipt or credit note drawn with pdfkit, as PDF/A-2b (the archivable PDF:
 * every font embedded, colours in sRGB, metadata in XMP). Text is in Noto Sans, with a CJK
 * face where a name needs one (pdf-fonts.ts), so any name prints as written.
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
  const page = openPdf({
    title,
    author: letterhead.name,
    createdAt: new Date(`${invoice.issuedOn}T12:00:00Z`),
  });
  const { pdf, font, write } = page;
  drawLetterhead(page, letterhead);

  pdf.moveDown(2);
  const top = Math.max(pdf.y, 120);
  font('bold').fontSize(18).fillColor('black');
  write(title, LEFT, top);
  if (invoice.status === 'void') {
    font('bold').fontSize(12).fillColor('#b91c1c');
    write(`VOID${invoice.voidReason ? `: ${invoice.voidReason}` : ''}`);
  }
  pdf.moveDown(0.5);
  font('regular').fontSize(10).fillColor('black');
  const facts: [string, string][] = [['Issued', longDate(invoice.issuedOn)]];
  if (variant === 'invoice') facts.push(['Due', longDate(invoice.dueOn)]);
  if (variant === 'credit_note' && doc.creditsNumber) facts.push(['Credits', doc.creditsNumber]);
  const received = doc.payments.filter((p) => p.kind === 'payment');
  if (variant === 'receipt' && received[0]) facts.push(['Paid', longDate(received[0].receivedOn)]);
  for (const [label, value] of facts) write(`${label}: ${value}`);

  pdf.moveDown();
  font('bold');
  write(variant === 'credit_note' ? 'Credited to' : 'Bill to');
  font('regular');
  const billTo = invoice.billTo;
  for (const line of [billTo.business, billTo.name, ...(billTo.address ?? '').split('\n')]) {
    if (line) write(line);
  }
  if (billTo.email) write(billTo.email);

  // The lines: description, quantity, unit price, amount.
  pdf.moveDown(1.5);
  const columns = { description: LEFT, quantity: 330, unit: 380, amount: 465 };
  const header = pdf.y;
  font('bold').fontSize(10);
  write('Description', columns.description, header, { width: 270 });
  write('Qty', columns.quantity, header, { width: 40, align: 'right' });
  write('Unit price', columns.unit, header, { width: 75, align: 'right' });
  write('Amount', columns.amount, header, { width: 80, align: 'right' });
  pdf
    .moveTo(LEFT, pdf.y + 4)
    .lineTo(RIGHT, pdf.y + 4)
    .strokeColor('#9ca3af')
    .stroke();
  font('regular');
  let y = pdf.y + 10;
  for (const line of doc.lines) {
    write(line.description, columns.description, y, { width: 270 });
    const bottom = pdf.y;
    write(String(line.quantity), columns.quantity, y, { width: 40, align: 'right' });
    write(money(line.unitCents), columns.unit, y, { width: 75, align: 'right' });
    write(money(line.amountCents), columns.amount, y, { width: 80, align: 'right' });
    y = Math.max(bottom, pdf.y) + 6;
  }
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  font('bold').fontSize(11);
  write('Total', columns.unit, y + 8, { width: 75, align: 'right' });
  write(money(invoice.totalCents), columns.amount, y + 8, { width: 80, align: 'right' });
  font('regular').fontSize(10);
  write('', LEFT, pdf.y + 16);
  if (doc.yearSummary) {
    write(`${doc.yearSummary}.`);
    pdf.moveDown();
  }

  if (variant === 'receipt') {
    font('bold');
    write('Received');
    font('regular');
    for (const p of doc.payments) {
      const what = p.kind === 'payment' ? 'Paid' : 'Refunded';
      write(`${what} ${money(p.amountCents)} by ${paidBy(p)} on ${longDate(p.receivedOn)}`);
    }
    pdf.moveDown();
    write('Thank you for your payment.');
  } else if (variant === 'credit_note') {
    write(`${money(invoice.totalCents)} was refunded to you.`);
  } else if (invoice.status === 'open') {
    font('bold');
    write('How to pay');
    pdf.moveDown(0.25);
    for (const item of howToPayItems(doc.howToPay, invoice.number, doc.payOnlineUrl)) {
      font('bold');
      write(`${item.label}: `, undefined, undefined, { continued: true });
      font('regular');
      write(item.text);
    }
    pdf.moveDown(0.5);
    write(`Your invoices and receipts: ${letterhead.publicUrl}/membership`);
  } else if (invoice.status === 'paid') {
    write('Paid. Thank you.');
  }
  return page.finish();
}
