import { formatMoney } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { auditActor, checkReason } from './invoice-rules.js';
import { Payments } from './payments.js';
import * as q from './queries.js';
import {
  PENDING_REFUND_LOOKUP_AFTER_MS,
  type PendingRefundsOutcome,
  PORTAL_ACTOR,
  type RecordedRefund,
  RefundOutcomeUnknown,
  type RefundInput,
} from './types.js';

/** What is left to give back of a payment: less earlier refunds and refunds under way online. */
async function leftToRefund(t: Executor, payment: q.PaymentRow): Promise<number> {
  const [refunded, pending] = await Promise.all([
    q.refundedCents(t, payment.id),
    q.pendingRefundCents(t, payment.id),
  ]);
  return payment.amountCents - refunded - pending;
}

function refundTooLarge(payment: q.PaymentRow, left: number, asked: number): AppError {
  const paid = formatMoney(payment.amountCents, payment.currency);
  const money = (cents: number) => formatMoney(cents, payment.currency);
  return new AppError(
    'refund_too_large',
    left === payment.amountCents
      ? `A refund of ${money(asked)} is more than the ${paid} paid.`
      : `Of the ${paid} paid, ${money(Math.max(left, 0))} is left to refund; ${money(asked)} is more than that.`,
  );
}

/**
 * Refunds: money given back of a payment, with a credit note; to the card through the payment
 * provider, with the amount reserved until Stripe answers.
 */
export class Refunds extends Payments {
  /**
   * Records money given back of a payment: a credit note in the invoice series for the amount,
   * and a refund row. Never more than what is left of the payment after earlier refunds. The
   * invoice stays paid (it was); the credit note says what came back.
   */
  async refund(
    tx: Executor,
    input: RefundInput,
    actor: Actor = PORTAL_ACTOR,
  ): Promise<RecordedRefund> {
    const reason = checkReason(input.reason);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new AppError('bad_request', 'The amount is a whole number of cents above zero.');
    }
    return tx.transaction(async (t) => {
      const found = await q.findPayment(t, input.paymentId);
      if (!found || found.kind !== 'payment') throw new AppError('not_found', 'Payment not found');
      // The invoice's lock orders refunds of its payments one after another.
      const invoice = (await q.lockInvoice(t, found.invoiceId))!;
      // A refund Stripe made for staff's request takes up the amount reserved for it.
      if (input.atStripe?.pendingRefundId) {
        await q.deletePendingRefund(t, input.atStripe.pendingRefundId);
      }
      if (input.stripeRefundId) {
        const earlier = await q.paymentByRefundId(t, input.stripeRefundId);
        if (earlier) {
          const creditNote = (await q.findInvoice(t, earlier.creditNoteId!))!;
          const creditNoteLines = await q.linesOf(t, [creditNote.id]);
          return { invoice, creditNote, creditNoteLines, refund: earlier, replay: true };
        }
      }
      const left = await leftToRefund(t, found);
      let flag: string | null = null;
      if (input.amountCents > left) {
        if (!input.atStripe) throw refundTooLarge(found, left, input.amountCents);
        flag = `Refunded at Stripe beyond what was left of the payment: ${formatMoney(input.amountCents, found.currency)} given back when ${formatMoney(Math.max(left, 0), found.currency)} was left. Check the refunds of invoice ${invoice.number}.`;
      }
      const today = await this.today(t);
      const { invoice: creditNote, lines: creditNoteLines } = await this.write(t, actor, {
        kind: 'credit_note',
        // A credit note is settled by the refund it records.
        status: 'paid',
        paidAt: this.clock.now(),
        purpose: invoice.purpose,
        purposeDetail: { refundOfPaymentId: found.id },
        contactId: invoice.contactId,
        membershipId: invoice.membershipId,
        billTo: invoice.billTo,
        currency: invoice.currency,
        issuedOn: today,
        dueOn: today,
        creditsInvoiceId: invoice.id,
        lines: [
          {
            description: `Refund for invoice ${invoice.number}: ${reason}`,
            unitCents: input.amountCents,
          },
        ],
      });
      const refund = await q.insertPayment(t, {
        kind: 'refund',
        invoiceId: invoice.id,
        refundOfPaymentId: found.id,
        creditNoteId: creditNote.id,
        amountCents: input.amountCents,
        currency: found.currency,
        method: input.method ?? found.method,
        reference: input.reference?.trim() ?? '',
        receivedOn: today,
        recordedByUserId: input.recordedByUserId ?? null,
        stripeRefundId: input.stripeRefundId ?? null,
        flag,
      });
      await recordAudit(t, {
        ...auditActor(actor),
        action: 'invoice.refund',
        targetType: 'invoice',
        targetId: invoice.id,
        targetLabel: invoice.number,
        after: {
          refundId: refund.id,
          paymentId: found.id,
          amountCents: refund.amountCents,
          method: refund.method,
          creditNote: creditNote.number,
          ...(flag ? { flag } : {}),
        },
        reason,
      });
      for (const handler of this.refundedHandlers.get(invoice.purpose) ?? []) {
        await handler(t, invoice, refund, creditNote);
      }
      return { invoice, creditNote, creditNoteLines, refund, replay: false };
    });
  }

  /**
   * Refunds a payment: online through the payment provider (the money goes back to the card)
   * or recorded (staff gave it back by check, cash or bank). Online, the amount is first
   * reserved under the invoice's lock (a refund recorded meanwhile finds it taken), then the
   * provider is asked under a key that makes a retried request the same refund, and the
   * refund is recorded in place of the reservation. A refused refund frees the reservation.
   */
  async refundPayment(
    input: RefundInput & { online: boolean },
    actor: Actor,
  ): Promise<RecordedRefund> {
    if (!input.online) return this.refund(this.db, input, actor);
    const payment = await q.findPayment(this.db, input.paymentId);
    if (!payment || payment.kind !== 'payment')
      throw new AppError('not_found', 'Payment not found');
    if (!payment.stripePaymentIntentId) {
      throw new AppError(
        'conflict',
        'This payment was not made online; record the refund you made instead.',
      );
    }
    if (!this.provider) {
      throw new AppError(
        'conflict',
        'Online refunds need Stripe to be set up; refund in Stripe’s dashboard and record it here.',
      );
    }
    const reason = checkReason(input.reason);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new AppError('bad_request', 'The amount is a whole number of cents above zero.');
    }
    const reserved = await this.db.transaction(async (t) => {
      await q.lockInvoice(t, payment.invoiceId);
      const left = await leftToRefund(t, payment);
      if (input.amountCents > left) throw refundTooLarge(payment, left, input.amountCents);
      return q.insertPendingRefund(t, {
        paymentId: payment.id,
        amountCents: input.amountCents,
        reason,
        recordedByUserId: input.recordedByUserId ?? null,
        createdAt: this.clock.now(),
      });
    });
    let refundId: string;
    try {
      ({ refundId } = await this.provider.refund({
        paymentIntentId: payment.stripePaymentIntentId,
        amountCents: input.amountCents,
        currency: payment.currency,
        reason,
        pendingRefundId: reserved.id,
        idempotencyKey: `refund-${reserved.id}`,
      }));
    } catch (err) {
      // No answer: the refund may have been made. The amount stays reserved, so nobody refunds
      // it again meanwhile, until settlePendingRefunds learns from Stripe what happened.
      if (err instanceof RefundOutcomeUnknown) {
        throw new AppError(
          'service_unavailable',
          `Stripe did not answer whether it made the refund of ${formatMoney(input.amountCents, payment.currency)}. The amount stays reserved: within half an hour the portal looks the refund up at Stripe and records it, or frees the amount if Stripe never made it.`,
        );
      }
      await q.deletePendingRefund(this.db, reserved.id);
      throw new AppError(
        'service_unavailable',
        `Stripe did not take the refund (${err instanceof Error ? err.message : 'no answer'}); nothing was refunded or recorded.`,
      );
    }
    // Stripe's charge.refunded may have recorded it first: then this answers that record.
    return this.refund(
      this.db,
      {
        ...input,
        method: payment.method,
        reference: refundId,
        stripeRefundId: refundId,
        atStripe: { pendingRefundId: reserved.id },
      },
      actor,
    );
  }

  /**
   * Reservations of refunds to the card that Stripe's answer never came back to (the process
   * died while waiting, say), made more than PENDING_REFUND_LOOKUP_AFTER_MS ago: each is looked
   * up at Stripe by the reservation the refund carries. One Stripe made is recorded (as its
   * charge.refunded event would, once: by its refund id); one it never made, or that failed,
   * frees the amount (audited); one still pending waits for the next run. Nothing is ever
   * asked of Stripe but the list of the payment's refunds, so this never refunds anything.
   */
  async settlePendingRefunds(): Promise<PendingRefundsOutcome> {
    const before = new Date(this.clock.now().getTime() - PENDING_REFUND_LOOKUP_AFTER_MS);
    const stale = await q.pendingRefundsBefore(this.db, before);
    const outcome: PendingRefundsOutcome = { recorded: 0, released: 0, waiting: 0 };
    for (const reservation of stale) {
      const payment = await q.findPayment(this.db, reservation.paymentId);
      const intent = payment?.stripePaymentIntentId;
      if (!this.provider || !payment || !intent) {
        outcome.waiting += 1;
        continue;
      }
      const made = await this.provider.findRefund({
        paymentIntentId: intent,
        pendingRefundId: reservation.id,
      });
      if (made?.status === 'pending') {
        outcome.waiting += 1;
      } else if (made?.status === 'succeeded') {
        await this.refund(
          this.db,
          {
            paymentId: payment.id,
            amountCents: made.amountCents,
            reason: reservation.reason,
            method: payment.method,
            reference: made.refundId,
            stripeRefundId: made.refundId,
            recordedByUserId: reservation.recordedByUserId,
            atStripe: { pendingRefundId: reservation.id },
          },
          PORTAL_ACTOR,
        );
        outcome.recorded += 1;
      } else {
        const released = await this.releasePendingRefund(
          reservation,
          made
            ? `Stripe's refund ${made.refundId} failed; the amount is free to refund again.`
            : 'The refund to the card never reached Stripe; the amount is free to refund again.',
        );
        if (released) outcome.released += 1;
      }
    }
    return outcome;
  }

  /** Frees a reservation under its invoice's lock, with an audit entry saying why. */
  private async releasePendingRefund(
    reservation: q.PendingRefundRow,
    why: string,
  ): Promise<boolean> {
    return this.db.transaction(async (t) => {
      const payment = (await q.findPayment(t, reservation.paymentId))!;
      const invoice = (await q.lockInvoice(t, payment.invoiceId))!;
      // Stripe's event may have recorded it meanwhile: then nothing is left to free.
      if (!(await q.deletePendingRefund(t, reservation.id))) return false;
      await recordAudit(t, {
        ...auditActor(PORTAL_ACTOR),
        action: 'invoice.refund_released',
        targetType: 'invoice',
        targetId: invoice.id,
        targetLabel: invoice.number,
        before: {
          paymentId: payment.id,
          reservedCents: reservation.amountCents,
          reservedAt: reservation.createdAt.toISOString(),
        },
        after: { reservedCents: 0 },
        reason: why,
      });
      return true;
    });
  }
}
