import type { InvoicePurpose, PaymentMethod } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { Actor } from '../../lib/audit.js';
import type * as q from './queries.js';

// What billing takes and gives: invoices asked for, payments and refunds recorded, the hooks
// of the modules whose purposes it bills, and the online payment provider.

/** One line of an invoice as asked for; its amount is quantity × unit price. */
export interface InvoiceLineInput {
  description: string;
  quantity?: number;
  unitCents: number;
}

/** The addressee as printed on the invoice, kept as it was on the day of issue. */
export interface BillTo {
  /** A person's name; an invoice needs it or the business. */
  name?: string;
  business?: string;
  /** Street, then city, state and ZIP, one line each (newline separated). */
  address?: string;
  email?: string;
}

export interface IssueInvoiceInput {
  /** Null for someone who is not a contact (a visitor buying a ticket): `billTo` names them. */
  contactId: string | null;
  membershipId?: string | null;
  purpose: InvoicePurpose;
  /** What paying it fulfils, for the purpose's hook (plan id, term dates...). */
  purposeDetail?: Record<string, unknown>;
  lines: InvoiceLineInput[];
  /** Defaults to the contact's name, business, address and email as they are now. */
  billTo?: BillTo;
  /** Defaults to the day of issue plus the chamber's `invoice_due_days`. */
  dueOn?: string;
}

export interface IssuedInvoice {
  invoice: q.InvoiceRow;
  lines: q.InvoiceLineRow[];
}

export interface RecordPaymentInput {
  invoiceId: string;
  amountCents: number;
  method: PaymentMethod;
  /** Check number, bank reference; required for checks and bank transfers. */
  reference?: string;
  /** Defaults to today in the chamber's time zone. */
  receivedOn?: string;
  recordedByUserId?: string | null;
  stripePaymentIntentId?: string | null;
}

export interface RecordedPayment {
  invoice: q.InvoiceRow;
  payment: q.PaymentRow;
  /** True when this payment intent was already recorded (a replayed webhook): nothing changed. */
  replay: boolean;
}

/**
 * Fulfils what an invoice was for, in the transaction that records its payment: if the
 * handler throws, the payment is not recorded either.
 */
export type PaidHandler = (
  tx: Executor,
  invoice: q.InvoiceRow,
  payment: q.PaymentRow,
) => Promise<void>;

/**
 * Whether an open invoice may still be paid on a day: a sentence saying why not, or null. An
 * upgrade priced for one day and paid-through date is not what it was once either moved.
 */
export type PayableCheck = (
  tx: Executor,
  invoice: q.InvoiceRow,
  receivedOn: string,
) => Promise<string | null>;

export interface VoidInvoiceInput {
  invoiceId: string;
  reason: string;
}

export interface ReissueInput extends VoidInvoiceInput {
  /** Defaults to the void invoice's lines. */
  lines?: InvoiceLineInput[];
  /** Defaults to the contact's details as they are now (a reissue often corrects them). */
  billTo?: BillTo;
  dueOn?: string;
}

export interface RefundInput {
  /** The payment given back (in part or whole). */
  paymentId: string;
  amountCents: number;
  reason: string;
  /** Defaults to the payment's method: a check refunded by check, a card to the card. */
  method?: PaymentMethod;
  reference?: string;
  recordedByUserId?: string | null;
  /** Stripe's refund id, for a refund made online: recorded once. */
  stripeRefundId?: string | null;
  /**
   * The refund already happened at Stripe (its `charge.refunded` event): it is recorded even
   * when it gives back more than is left of the payment, with a flag for staff, since the
   * money has gone. The reservation staff's refund made for it, if any, is taken up.
   */
  atStripe?: { pendingRefundId: string | null };
}

export interface RecordedRefund {
  /** The invoice the refunded payment paid. */
  invoice: q.InvoiceRow;
  creditNote: q.InvoiceRow;
  creditNoteLines: q.InvoiceLineRow[];
  refund: q.PaymentRow;
  /** True when this Stripe refund was already recorded: nothing changed. */
  replay: boolean;
}

/** Runs in the transaction that records a refund, e.g. to end what a full refund takes back. */
export type RefundedHandler = (
  tx: Executor,
  invoice: q.InvoiceRow,
  refund: q.PaymentRow,
  creditNote: q.InvoiceRow,
) => Promise<void>;

/**
 * Where money paid online goes back: the Stripe module implements it. The same
 * `idempotencyKey` must give the same refund, so a retried request never refunds twice.
 */
export interface PaymentProvider {
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    currency: string;
    reason: string;
    /** The reservation this refund takes up: Stripe keeps it on the refund for the webhook. */
    pendingRefundId: string;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /**
   * The refund made for a reservation, looked up among the payment's refunds by the
   * reservation kept on it; null when none was made. `pending`: the money is on its way.
   */
  findRefund(input: { paymentIntentId: string; pendingRefundId: string }): Promise<{
    refundId: string;
    amountCents: number;
    status: 'succeeded' | 'pending' | 'failed';
  } | null>;
}

/**
 * Thrown by a payment provider that cannot tell whether the refund was made: the request may
 * have reached it, but no answer came back (a dropped connection, a timeout, a server error).
 */
export class RefundOutcomeUnknown extends Error {}

/**
 * How long a refund to the card waits for Stripe's answer before the portal looks it up at
 * Stripe (`settlePendingRefunds`). Well beyond the longest a request can take with the SDK's
 * timeout and retries, so a request still waiting for its answer is never looked up.
 */
export const PENDING_REFUND_LOOKUP_AFTER_MS = 15 * 60_000;

export interface PendingRefundsOutcome {
  /** Refunds Stripe made whose answer was lost: recorded now, with their credit notes. */
  recorded: number;
  /** Reservations for refunds Stripe never made (or refused): their amount is free again. */
  released: number;
  /** Refunds Stripe has not finished, or no provider to ask: looked up again next time. */
  waiting: number;
}

/** Who changes billing records when no person does (an online payment, a renewal run). */
export const PORTAL_ACTOR: Actor = { id: null, label: 'portal' };
