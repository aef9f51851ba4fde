/**
 * The billing module: invoices with gapless yearly numbers, payments and refunds. Other
 * modules issue invoices and learn of payments through BillingService (`issueInvoice`,
 * `recordPayment`, `onPaid`) and void them with `voidIfOpen` (or `voidOpenInvoices`).
 */
export { billingRoutes } from './routes.js';
export {
  BillingService,
  formatInvoiceNumber,
  PENDING_REFUND_LOOKUP_AFTER_MS,
  type PendingRefundsOutcome,
  PORTAL_ACTOR,
  type BillTo,
  type InvoiceLineInput,
  type InvoiceLineRow,
  type InvoiceRow,
  type IssuedInvoice,
  type IssueInvoiceInput,
  type PaidHandler,
  type PayableCheck,
  type PaymentProvider,
  type RecordedRefund,
  type RefundedHandler,
  type RefundInput,
  type ReissueInput,
  type VoidInvoiceInput,
  voidOpenInvoices,
  type PaymentRow,
  type RecordedPayment,
  type RecordPaymentInput,
} from './service.js';
export { BillingDocuments, type MailNotes } from './documents.js';
export { invoiceStandings } from './queries.js';
export type { Letterhead, PdfVariant } from './document-text.js';
export type { PdfPage } from './pdf-page.js';
/** The page other documents are drawn on as the invoices are; pdfkit loads with it. */
export const loadPdfPage = () => import('./pdf-page.js');
export { createStripeClient, type OnlinePayments } from './stripe.js';
export { settlePendingRefunds } from './stripe-refunds.js';
