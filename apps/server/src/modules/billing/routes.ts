import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import type { Actor } from '../../lib/audit.js';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { BillingDocuments } from './documents.js';
import type { PdfVariant } from './document-text.js';
import * as q from './queries.js';
import type { BillingService } from './service.js';
import { paymentsCsv } from './payments-export.js';
import { toInvoice, toInvoices, toPayment } from './view.js';

const tags = ['billing'];
const actorOf = (session: Session): Actor => ({ id: session.user.id, label: session.user.email });
const notFound = () => new AppError('not_found', 'Invoice not found');

/**
 * Members' own invoices and their PDFs (/billing/*), and the admins' invoice desk
 * (/admin/invoices, /admin/payments): issue, void, reissue, record payments and refunds, export.
 */
export const billingRoutes: FastifyPluginAsyncZod<
  ModuleDeps & { billing: BillingService; documents: BillingDocuments }
> = async (app, deps) => {
  const { billing, documents, db, clock } = deps;

  /** The invoice when the caller may see it: their own contact's, or any for an admin. */
  async function visibleInvoice(session: Session, id: string) {
    const invoice = isUuid(id) ? await q.findInvoice(db, id) : undefined;
    const mine = invoice?.contactId != null && invoice.contactId === session.contact?.id;
    // Someone else's invoice answers as one that does not exist.
    if (!invoice || !(mine || session.user.role === 'admin')) throw notFound();
    return invoice;
  }

  async function sendPdf(reply: FastifyReply, invoiceId: string, variant: PdfVariant) {
    const doc = (await documents.document(invoiceId))!;
    const { filename, bytes } = await documents.pdf(doc, variant);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(bytes);
  }

  async function lockedFor(id: string) {
    if (!isUuid(id)) throw notFound();
    const invoice = await q.findInvoice(db, id);
    if (!invoice) throw notFound();
    return invoice;
  }

  contractRoute(
    app,
    endpoints.billing.myInvoices,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in member’s invoices, receipts and credit notes, newest first',
        description:
          'Every invoice and credit note of the contact linked to the account, with lines and payments. An account without a contact has none.',
      },
    },
    async (request) => {
      const contactId = request.session!.contact?.id;
      if (!contactId) return { invoices: [], total: 0 };
      const { rows, total } = await q.listInvoices(db, { contactId, limit: 500, offset: 0 });
      return { invoices: await toInvoices(db, rows), total };
    },
  );

  contractRoute(
    app,
    endpoints.billing.invoicePdf,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'An invoice or credit note as PDF',
        description:
          'The member’s own (their contact’s), or any for an admin; another member’s answers 404 as if there were none.',
      },
    },
    async (request, reply) => {
      const invoice = await visibleInvoice(request.session!, request.params.id);
      return sendPdf(reply, invoice.id, BillingDocuments.variantOf(invoice));
    },
  );

  contractRoute(
    app,
    endpoints.billing.receiptPdf,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The receipt of a paid invoice as PDF',
        description:
          'The member’s own, or any for an admin. An invoice not paid has no receipt (409).',
      },
    },
    async (request, reply) => {
      const invoice = await visibleInvoice(request.session!, request.params.id);
      if (invoice.kind !== 'invoice' || invoice.status !== 'paid') {
        throw new AppError('conflict', `Invoice ${invoice.number} is not paid; it has no receipt.`);
      }
      return sendPdf(reply, invoice.id, 'receipt');
    },
  );

  contractRoute(
    app,
    endpoints.billing.listInvoices,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invoices and credit notes, newest number first, with search',
      },
    },
    async (request) => {
      const { rows, total } = await q.listInvoices(db, {
        ...request.query,
        search: request.query.search || undefined,
      });
      return { invoices: await toInvoices(db, rows), total };
    },
  );

  contractRoute(
    app,
    endpoints.billing.invoice,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One invoice or credit note with its lines and payments',
      },
    },
    async (request) => toInvoice(db, await lockedFor(request.params.id)),
  );

  contractRoute(
    app,
    endpoints.billing.issueInvoice,
    {
      config: { access: 'admin', idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Issue an invoice to a contact (purpose "other") and mail it',
        description:
          'Takes the next number of the year. Dues invoices are issued by the membership (join, renew, upgrade), not here. The invoice is mailed with its PDF to the addressee.',
      },
    },
    async (request, reply) => {
      // Issued and its mail queued in one transaction.
      const invoice = await db.transaction(async (tx) => {
        const issued = await billing.issueInvoice(
          tx,
          { ...request.body, purpose: 'other' },
          actorOf(request.session!),
        );
        await documents.queueMail(tx, clock.now(), issued.invoice.id, 'invoice');
        return issued.invoice;
      });
      deps.outbox.wake();
      return reply.code(201).send(await toInvoice(db, invoice));
    },
  );

  contractRoute(
    app,
    endpoints.billing.voidInvoice,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Void an open invoice',
        description:
          'It keeps its number and can no longer be paid. A paid invoice is refunded instead (409); a void one stays void (409).',
      },
    },
    async (request) => {
      const invoice = await lockedFor(request.params.id);
      const voided = await billing.voidInvoice(
        db,
        { invoiceId: invoice.id, reason: request.body.reason },
        actorOf(request.session!),
      );
      return toInvoice(db, voided);
    },
  );

  contractRoute(
    app,
    endpoints.billing.reissueInvoice,
    {
      config: { access: 'admin', idempotent: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Correct an open invoice: void it and issue another under a new number',
        description:
          'The new invoice names the one it replaces and has its purpose; lines and due date default to the old one’s, the addressee to the contact’s details now. It is mailed.',
      },
    },
    async (request, reply) => {
      const invoice = await lockedFor(request.params.id);
      const result = await db.transaction(async (tx) => {
        const made = await billing.reissue(
          tx,
          { invoiceId: invoice.id, ...request.body },
          actorOf(request.session!),
        );
        await documents.queueMail(tx, clock.now(), made.invoice.id, 'invoice');
        return made;
      });
      deps.outbox.wake();
      return reply.code(201).send({
        voided: await toInvoice(db, result.voided),
        invoice: await toInvoice(db, result.invoice),
      });
    },
  );

  contractRoute(
    app,
    endpoints.billing.recordPayment,
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags,
        summary: 'Record a payment received offline (check, cash, bank transfer)',
        description:
          'The invoice’s whole amount (422 `amount_mismatch` otherwise); a check needs its number and a transfer its reference as `reference`. A void (409 `invoice_void`) or paid (409 `invoice_paid`) invoice takes no payment. What the invoice was for (a membership term) starts in the same transaction, and the receipt is mailed.',
      },
    },
    async (request, reply) => {
      const invoice = await lockedFor(request.params.id);
      const session = request.session!;
      const { invoice: paid, payment } = await billing.recordPayment(
        db,
        { invoiceId: invoice.id, ...request.body, recordedByUserId: session.user.id },
        actorOf(session),
      );
      // Its receipt was queued with the payment.
      deps.outbox.wake();
      return reply
        .code(201)
        .send({ invoice: await toInvoice(db, paid), payment: toPayment(payment) });
    },
  );

  contractRoute(
    app,
    endpoints.billing.refundPayment,
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags,
        summary: 'Refund a payment, online through Stripe or as recorded',
        description:
          'Never more than what is left of the payment after earlier refunds (422 `refund_too_large`). Issues a credit note. `online: true` sends the money back to the card through Stripe; a payment not made online, or no Stripe set up, answers 409; Stripe refusing it answers 503 with nothing recorded, and no answer from Stripe 503 with the amount kept reserved until the pending-refunds job learns from Stripe whether the refund was made.',
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new AppError('not_found', 'Payment not found');
      const session = request.session!;
      const { creditNote, refund } = await billing.refundPayment(
        {
          paymentId: request.params.id,
          ...request.body,
          recordedByUserId: session.user.id,
        },
        actorOf(session),
      );
      return reply
        .code(201)
        .send({ creditNote: await toInvoice(db, creditNote), refund: toPayment(refund) });
    },
  );

  contractRoute(
    app,
    endpoints.billing.exportPayments,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Payments and refunds received, as CSV',
        description:
          'One row each, oldest first, between `from` and `to` (days received, both included; either may be left out). Amounts are positive; `kind` is `payment` or `refund`.',
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from && to && from > to) {
        throw new AppError('bad_request', '`from` must not be after `to`.');
      }
      const csv = paymentsCsv(await q.paymentsBetween(db, from, to));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
