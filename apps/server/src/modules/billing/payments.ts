import { formatMoney } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { auditActor, checkDate, invoiceNotFound } from './invoice-rules.js';
import { Invoices } from './invoices.js';
import * as q from './queries.js';
import { PORTAL_ACTOR, type RecordedPayment, type RecordPaymentInput } from './types.js';

/** Payments: money received for an invoice, and what paying it fulfils. */
export class Payments extends Invoices {
  /**
   * Records money received for an invoice: the whole amount, once. Marks it paid and runs
   * the purpose's `onPaid` handlers in the same transaction. A payment intent already on
   * file (a webhook sent twice) returns the recorded payment and changes nothing.
   */
  async recordPayment(
    tx: Executor,
    input: RecordPaymentInput,
    actor: Actor = PORTAL_ACTOR,
  ): Promise<RecordedPayment> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new AppError('bad_request', 'The amount is a whole number of cents above zero.');
    }
    if (input.receivedOn !== undefined) checkDate(input.receivedOn, 'receivedOn');
    const reference = input.reference?.trim() ?? '';
    if ((input.method === 'check' || input.method === 'bank_transfer') && !reference) {
      throw new AppError(
        'bad_request',
        input.method === 'check'
          ? 'Give the check number as the reference.'
          : 'Give the bank transfer’s reference.',
      );
    }
    return tx.transaction(async (t) => {
      const invoice = await q.lockInvoice(t, input.invoiceId);
      if (!invoice) throw invoiceNotFound();
      if (input.stripePaymentIntentId) {
        const earlier = await q.paymentByIntent(t, input.stripePaymentIntentId);
        if (earlier) return { invoice, payment: earlier, replay: true };
      }
      if (invoice.kind === 'credit_note') {
        throw new AppError('bad_request', `${invoice.number} is a credit note; it is not paid.`);
      }
      if (invoice.status === 'void') {
        const replacement = await q.replacementOf(t, invoice.id);
        throw new AppError(
          'invoice_void',
          `Invoice ${invoice.number} is void and cannot be paid.` +
            (replacement ? ` Invoice ${replacement.number} replaced it.` : ''),
        );
      }
      if (invoice.status === 'paid') {
        throw new AppError('invoice_paid', `Invoice ${invoice.number} is already paid.`);
      }
      if (input.amountCents !== invoice.totalCents) {
        throw new AppError(
          'amount_mismatch',
          `Invoice ${invoice.number} is for ${formatMoney(invoice.totalCents, invoice.currency)}; a payment of ${formatMoney(input.amountCents, invoice.currency)} does not match it.`,
        );
      }
      const today = await this.today(t);
      const receivedOn = input.receivedOn ?? today;
      if (receivedOn > today) {
        throw new AppError('bad_request', 'A payment cannot be received in the future.');
      }
      const refused = await this.whyUnpayable(t, invoice, receivedOn);
      if (refused) throw new AppError('conflict', refused);
      const payment = await q.insertPayment(t, {
        kind: 'payment',
        invoiceId: invoice.id,
        amountCents: input.amountCents,
        currency: invoice.currency,
        method: input.method,
        reference,
        receivedOn,
        recordedByUserId: input.recordedByUserId ?? null,
        stripePaymentIntentId: input.stripePaymentIntentId ?? null,
      });
      const paid = await q.updateInvoice(t, invoice.id, {
        status: 'paid',
        paidAt: this.clock.now(),
      });
      await recordAudit(t, {
        ...auditActor(actor),
        action: 'invoice.payment',
        targetType: 'invoice',
        targetId: invoice.id,
        targetLabel: invoice.number,
        before: { status: invoice.status },
        after: {
          status: 'paid',
          paymentId: payment.id,
          amountCents: payment.amountCents,
          method: payment.method,
          reference,
          receivedOn,
        },
      });
      for (const handler of this.paidHandlers.get(invoice.purpose) ?? []) {
        await handler(t, paid, payment);
      }
      // The receipt, written to the outbox with the payment: whoever recorded it.
      await this.documents?.queueMail(t, this.clock.now(), invoice.id, 'receipt');
      return { invoice: paid, payment, replay: false };
    });
  }
}
