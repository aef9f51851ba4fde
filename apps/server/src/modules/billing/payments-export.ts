import { paymentPurposeLabels } from '@chamber/contract';
import { asText, writeCsv } from '../../lib/csv.js';
import type { InvoiceRow, PaymentRow } from './queries.js';

const HEADER = [
  'received on',
  'kind',
  'purpose',
  'invoice',
  'credit note',
  'amount',
  'currency',
  'method',
  'reference',
  'business',
  'name',
  'email',
  'payment id',
];

const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * Payments and refunds for a spreadsheet or the books. Amounts are positive and `kind` tells a
 * refund: a leading minus would be escaped as a formula and read as text. `purpose` is what the
 * invoice was for (dues, upgrade, ticket, sponsorship, other). Invoice numbers, references and
 * ids are text cells, so a spreadsheet keeps 2026-0001 as written (lib/csv.ts).
 */
export function paymentsCsv(
  rows: { payment: PaymentRow; invoice: InvoiceRow; creditNote?: string | null }[],
): string {
  return writeCsv([
    HEADER,
    ...rows.map(({ payment, invoice, creditNote }) => [
      payment.receivedOn,
      payment.kind,
      paymentPurposeLabels[invoice.purpose],
      asText(invoice.number),
      asText(creditNote),
      decimal(payment.amountCents),
      payment.currency,
      payment.method,
      asText(payment.reference),
      invoice.billTo.business ?? '',
      invoice.billTo.name ?? '',
      invoice.billTo.email ?? '',
      asText(payment.id),
    ]),
  ]);
}
