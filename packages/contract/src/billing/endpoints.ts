import {
  invoiceListSchema,
  invoiceSchema,
  issueInvoiceRequestSchema,
  listInvoicesQuerySchema,
  paymentsExportQuerySchema,
  recordPaymentRequestSchema,
  recordPaymentResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
  reissueInvoiceRequestSchema,
  reissueResponseSchema,
  voidInvoiceRequestSchema,
} from '../billing.js';
import { endpoint, errorAnswers, fileAnswer, idParams } from '../endpoint.js';
import {
  autoRenewAnswerSchema,
  autoRenewRequestSchema,
  paymentOptionsSchema,
  paymentRedirectSchema,
  startCheckoutSchema,
  webhookAnswerSchema,
} from '../online-payments.js';

/** What a staff change to an invoice or payment may answer besides its success. */
const changeErrors = errorAnswers(400, 401, 403, 404, 409, 422);
/** A PDF of an invoice: the member's own or any for an admin; 409 when there is none yet. */
const pdfAnswers = (what: string) => ({
  200: fileAnswer(what, 'application/pdf'),
  ...errorAnswers(401, 403, 404, 409),
});

/**
 * The billing module's endpoints (apps/server/src/modules/billing): the member's invoices and
 * their PDFs, the staff's invoice desk, and payments through Stripe.
 */
export const billingEndpoints = {
  myInvoices: endpoint({
    method: 'GET',
    path: '/billing/invoices',
    responses: { 200: invoiceListSchema, ...errorAnswers(401, 403) },
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/billing/invoices/:id/pdf',
    params: idParams,
    responses: pdfAnswers('The invoice or credit note'),
  }),
  receiptPdf: endpoint({
    method: 'GET',
    path: '/billing/invoices/:id/receipt.pdf',
    params: idParams,
    responses: pdfAnswers('The receipt'),
  }),
  listInvoices: endpoint({
    method: 'GET',
    path: '/admin/invoices',
    query: listInvoicesQuerySchema,
    responses: { 200: invoiceListSchema, ...errorAnswers(400, 401, 403) },
  }),
  invoice: endpoint({
    method: 'GET',
    path: '/admin/invoices/:id',
    params: idParams,
    responses: { 200: invoiceSchema, ...errorAnswers(401, 403, 404) },
  }),
  issueInvoice: endpoint({
    method: 'POST',
    path: '/admin/invoices',
    body: issueInvoiceRequestSchema,
    responses: { 201: invoiceSchema, ...changeErrors },
  }),
  voidInvoice: endpoint({
    method: 'POST',
    path: '/admin/invoices/:id/void',
    params: idParams,
    body: voidInvoiceRequestSchema,
    responses: { 200: invoiceSchema, ...changeErrors },
  }),
  reissueInvoice: endpoint({
    method: 'POST',
    path: '/admin/invoices/:id/reissue',
    params: idParams,
    body: reissueInvoiceRequestSchema,
    responses: { 201: reissueResponseSchema, ...changeErrors },
  }),
  recordPayment: endpoint({
    method: 'POST',
    path: '/admin/invoices/:id/payments',
    params: idParams,
    body: recordPaymentRequestSchema,
    responses: { 201: recordPaymentResponseSchema, ...changeErrors },
  }),
  refundPayment: endpoint({
    method: 'POST',
    path: '/admin/payments/:id/refunds',
    params: idParams,
    body: refundRequestSchema,
    responses: { 201: refundResponseSchema, ...changeErrors, ...errorAnswers(503) },
  }),
  exportPayments: endpoint({
    method: 'GET',
    path: '/admin/exports/payments.csv',
    query: paymentsExportQuerySchema,
    responses: {
      200: fileAnswer('The payments as CSV', 'text/csv'),
      ...errorAnswers(400, 401, 403),
    },
  }),
  paymentOptions: endpoint({
    method: 'GET',
    path: '/payments/options',
    responses: { 200: paymentOptionsSchema },
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/payments/checkout',
    body: startCheckoutSchema,
    responses: { 200: paymentRedirectSchema, ...errorAnswers(400, 401, 404, 409) },
  }),
  setAutoRenew: endpoint({
    method: 'PUT',
    path: '/payments/auto-renew',
    body: autoRenewRequestSchema,
    responses: { 200: autoRenewAnswerSchema, ...errorAnswers(400, 401, 404, 409) },
  }),
  cardPortal: endpoint({
    method: 'POST',
    path: '/payments/card',
    responses: { 200: paymentRedirectSchema, ...errorAnswers(401, 404, 409) },
  }),
  /** The body is the raw bytes Stripe signed: read as a buffer, not declared here. */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/stripe/webhook',
    responses: { 200: webhookAnswerSchema, ...errorAnswers(400, 404) },
  }),
};
