import {
  addDays,
  dateKeyIn,
  formatMoney,
  isCalendarDate,
  type InvoicePurpose,
  type PaymentMethod,
} from '@chamber/contract';
import type { Database, Executor, invoices } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { BillingDocuments } from './documents.js';
import * as q from './queries.js';

export type { InvoiceLineRow, InvoiceRow, PaymentRow } from './queries.js';

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

const DEFAULT_TIMEZONE = 'America/Denver';
const MAX_CENTS = 100_000_000_00;

const invoiceNotFound = () => new AppError('not_found', 'Invoice not found');

export const formatInvoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(4, '0')}`;

function checkDate(value: string, field: string) {
  if (!isCalendarDate(value)) {
    throw new AppError('bad_request', `${field} must be a date written YYYY-MM-DD.`);
  }
}

function checkLines(lines: InvoiceLineInput[]) {
  if (lines.length === 0) throw new AppError('bad_request', 'An invoice needs at least one line.');
  if (lines.length > 100) throw new AppError('bad_request', 'An invoice has at most 100 lines.');
  for (const line of lines) {
    const quantity = line.quantity ?? 1;
    if (!line.description.trim()) {
      throw new AppError('bad_request', 'Every invoice line needs a description.');
    }
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
      throw new AppError('bad_request', 'A line’s quantity is a whole number from 1 to 10,000.');
    }
    if (!Number.isInteger(line.unitCents) || Math.abs(line.unitCents) > MAX_CENTS) {
      throw new AppError('bad_request', 'A line’s unit price is a whole number of cents.');
    }
  }
  const total = lines.reduce((sum, l) => sum + (l.quantity ?? 1) * l.unitCents, 0);
  if (total <= 0) throw new AppError('bad_request', 'An invoice’s total must be above zero.');
  if (total > MAX_CENTS) throw new AppError('bad_request', 'That total is too large.');
  return total;
}

function billToOf(contact: q.ContactRow): BillTo {
  const cityLine = [contact.city, [contact.state, contact.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return {
    name: name || contact.businessName || '',
    business: contact.businessName ?? contact.companyName ?? '',
    address: [contact.address1, cityLine].filter(Boolean).join('\n'),
    email: contact.email ?? '',
  };
}

/** Drops empty fields: the bill-to is stored as a map of strings. */
function storedBillTo(billTo: BillTo): Record<string, string> {
  return Object.fromEntries(
    Object.entries(billTo)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
}

function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new AppError('bad_request', 'Give a reason; it is kept in the audit log.');
  if (trimmed.length > 500)
    throw new AppError('bad_request', 'The reason is 500 characters at most.');
  return trimmed;
}

function assertVoidable(invoice: q.InvoiceRow) {
  if (invoice.kind === 'credit_note') {
    throw new AppError('bad_request', `${invoice.number} is a credit note; it stays as issued.`);
  }
  if (invoice.status === 'void') {
    throw new AppError('invoice_void', `Invoice ${invoice.number} is already void.`);
  }
  if (invoice.status === 'paid') {
    throw new AppError(
      'invoice_paid',
      `Invoice ${invoice.number} is paid; give money back with a refund, which issues a credit note.`,
    );
  }
}

const auditActor = (actor: Actor) => ({ actorId: actor.id, actorEmail: actor.label });

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
 * The one way an invoice becomes void: those of `invoiceIds` still open (invoices, not credit
 * notes) are voided with the reason, each in the audit log; the rest are left alone. The
 * status test is in the UPDATE, so a payment or a void committed first wins. For callers
 * without a BillingService at hand (the seats job); others use `voidIfOpen`.
 */
export async function voidOpenInvoices(
  tx: Executor,
  input: { invoiceIds: string[]; reason: string; now: Date },
  actor: Actor = PORTAL_ACTOR,
): Promise<q.InvoiceRow[]> {
  if (input.invoiceIds.length === 0) return [];
  const reason = checkReason(input.reason);
  const voided = await q.voidOpen(tx, [...new Set(input.invoiceIds)], input.now, reason);
  for (const invoice of voided) {
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'invoice.void',
      targetType: 'invoice',
      targetId: invoice.id,
      targetLabel: invoice.number,
      before: { status: 'open' },
      after: { status: 'void' },
      reason,
    });
  }
  return voided;
}

/**
 * Invoices, payments and refunds: the money records of dues and anything else the chamber
 * bills. Methods taking `tx` run inside the caller's transaction (a join issues its invoice
 * with the membership it creates); the purpose's owner fulfils a paid invoice through
 * `onPaid`, in the transaction that records the payment.
 */
export class BillingService {
  private readonly paidHandlers = new Map<InvoicePurpose, PaidHandler[]>();
  private readonly refundedHandlers = new Map<InvoicePurpose, RefundedHandler[]>();
  private readonly payableChecks = new Map<InvoicePurpose, PayableCheck[]>();
  private provider: PaymentProvider | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** PDFs and mails; a payment's receipt is queued with it, an invoice's by its issuer. */
    readonly documents: BillingDocuments | null = null,
  ) {}

  /** Registers what paying an invoice of `purpose` does; handlers run in registration order. */
  onPaid(purpose: InvoicePurpose, handler: PaidHandler): void {
    this.paidHandlers.set(purpose, [...(this.paidHandlers.get(purpose) ?? []), handler]);
  }

  /** Registers a check that an open invoice of `purpose` may still be paid (see PayableCheck). */
  onPaying(purpose: InvoicePurpose, check: PayableCheck): void {
    this.payableChecks.set(purpose, [...(this.payableChecks.get(purpose) ?? []), check]);
  }

  /**
   * Why an open invoice may not be paid on `receivedOn` (default today), or null: a payment
   * is then refused (409), and one made online anyway is given back.
   */
  async whyUnpayable(
    tx: Executor,
    invoice: q.InvoiceRow,
    receivedOn?: string,
  ): Promise<string | null> {
    const day = receivedOn ?? (await this.today(tx));
    for (const check of this.payableChecks.get(invoice.purpose) ?? []) {
      const reason = await check(tx, invoice, day);
      if (reason) return reason;
    }
    return null;
  }

  /** Registers what a refund of an invoice of `purpose` does, in the refund's transaction. */
  onRefunded(purpose: InvoicePurpose, handler: RefundedHandler): void {
    this.refundedHandlers.set(purpose, [...(this.refundedHandlers.get(purpose) ?? []), handler]);
  }

  /** The online payment service (Stripe) when it is set up; refunds of card payments use it. */
  setPaymentProvider(provider: PaymentProvider | null): void {
    this.provider = provider;
  }

  /** The database, for callers that record a payment outside a transaction of their own. */
  get database(): Database {
    return this.db;
  }

  get onlineRefunds(): boolean {
    return this.provider !== null;
  }

  /** Today in the chamber's time zone: the day an invoice is issued or a payment received. */
  async today(tx: Executor = this.db): Promise<string> {
    const chamber = await q.firstChamber(tx);
    return dateKeyIn(this.clock.now(), chamber?.timezone || DEFAULT_TIMEZONE);
  }

  /**
   * Issues an invoice with the next number of the year. Inside a savepoint of the caller's
   * transaction, so a failure after the number was taken gives the number back.
   */
  async issueInvoice(
    tx: Executor,
    input: IssueInvoiceInput,
    actor: Actor = PORTAL_ACTOR,
  ): Promise<IssuedInvoice> {
    return tx.transaction((t) => this.issueIn(t, input, actor, null));
  }

  private async issueIn(
    t: Executor,
    input: IssueInvoiceInput,
    actor: Actor,
    replaces: q.InvoiceRow | null,
  ): Promise<IssuedInvoice> {
    checkLines(input.lines);
    if (input.dueOn !== undefined) checkDate(input.dueOn, 'dueOn');
    const contact = input.contactId ? await q.findContact(t, input.contactId) : null;
    if (input.contactId && !contact) throw new AppError('not_found', 'Contact not found');
    if (!contact && !input.billTo) {
      throw new AppError('bad_request', 'An invoice without a contact needs a name to bill.');
    }
    const settings = await q.settings(t);
    const issuedOn = await this.today(t);
    const dueOn = input.dueOn ?? addDays(issuedOn, settings.invoiceDueDays);
    if (dueOn < issuedOn) {
      throw new AppError('bad_request', 'The due date cannot be before the day of issue.');
    }
    const billTo = storedBillTo(input.billTo ?? billToOf(contact!));
    if (!billTo.name && !billTo.business) {
      throw new AppError('bad_request', 'The invoice needs a name to bill.');
    }
    return this.write(t, actor, {
      kind: 'invoice',
      status: 'open',
      purpose: input.purpose,
      purposeDetail: input.purposeDetail ?? {},
      contactId: contact?.id ?? null,
      membershipId: input.membershipId ?? null,
      billTo,
      currency: settings.currency,
      issuedOn,
      dueOn,
      replacesInvoiceId: replaces?.id ?? null,
      lines: input.lines,
    });
  }

  /** Numbers and stores an invoice or credit note, with its audit entry. */
  private async write(
    t: Executor,
    actor: Actor,
    doc: Omit<
      typeof invoices.$inferInsert,
      'number' | 'year' | 'sequence' | 'totalCents' | 'id' | 'createdAt'
    > & { issuedOn: string; lines: InvoiceLineInput[] },
  ): Promise<IssuedInvoice> {
    const { lines, ...values } = doc;
    const totalCents = checkLines(lines);
    const year = Number(values.issuedOn.slice(0, 4));
    const sequence = await q.takeInvoiceSequence(t, year);
    const number = formatInvoiceNumber(year, sequence);
    const issued = await q.insertInvoice(
      t,
      { ...values, number, year, sequence, totalCents },
      lines.map((line, i) => ({
        position: i + 1,
        description: line.description.trim(),
        quantity: line.quantity ?? 1,
        unitCents: line.unitCents,
        amountCents: (line.quantity ?? 1) * line.unitCents,
      })),
    );
    const credit = values.kind === 'credit_note';
    await recordAudit(t, {
      ...auditActor(actor),
      action: credit ? 'credit_note.issue' : 'invoice.issue',
      targetType: 'invoice',
      targetId: issued.invoice.id,
      targetLabel: number,
      after: {
        number,
        kind: values.kind,
        purpose: values.purpose,
        totalCents,
        currency: values.currency,
        dueOn: values.dueOn,
        contactId: values.contactId ?? null,
        ...(values.replacesInvoiceId ? { replacesInvoiceId: values.replacesInvoiceId } : {}),
        ...(values.creditsInvoiceId ? { creditsInvoiceId: values.creditsInvoiceId } : {}),
      },
    });
    return issued;
  }

  /**
   * Voids an open invoice: it stays on file with its number, and can no longer be paid. A
   * paid invoice is not voided; money given back is a refund with a credit note.
   */
  async voidInvoice(
    tx: Executor,
    input: VoidInvoiceInput,
    actor: Actor = PORTAL_ACTOR,
  ): Promise<q.InvoiceRow> {
    const reason = checkReason(input.reason);
    return tx.transaction(async (t) => {
      const invoice = await q.lockInvoice(t, input.invoiceId);
      if (!invoice) throw invoiceNotFound();
      assertVoidable(invoice);
      const [voided] = await voidOpenInvoices(
        t,
        { invoiceIds: [invoice.id], reason, now: this.clock.now() },
        actor,
      );
      return voided!;
    });
  }

  /**
   * Voids those of the invoices that are still open, and leaves the others (paid, already
   * void, credit notes) as they are: for voids that may race a payment or another void (a
   * superseded join or renewal invoice, a ticket hold that lapsed or was cancelled).
   */
  async voidIfOpen(
    tx: Executor,
    input: { invoiceIds: string[]; reason: string },
    actor: Actor = PORTAL_ACTOR,
  ): Promise<q.InvoiceRow[]> {
    return voidOpenInvoices(tx, { ...input, now: this.clock.now() }, actor);
  }

  /**
   * Corrects an open invoice: voids it and issues another with a new number that names it
   * (`replacesInvoiceId`), for the same purpose, in one transaction.
   */
  async reissue(
    tx: Executor,
    input: ReissueInput,
    actor: Actor = PORTAL_ACTOR,
  ): Promise<{ voided: q.InvoiceRow } & IssuedInvoice> {
    return tx.transaction(async (t) => {
      const original = await q.lockInvoice(t, input.invoiceId);
      if (!original) throw invoiceNotFound();
      assertVoidable(original);
      if (!original.contactId) {
        throw new AppError('conflict', `The contact of ${original.number} no longer exists.`);
      }
      const lines =
        input.lines ??
        (await q.linesOf(t, [original.id])).map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitCents: l.unitCents,
        }));
      checkLines(lines);
      const voided = await this.voidInvoice(t, input, actor);
      const issued = await this.issueIn(
        t,
        {
          contactId: original.contactId,
          membershipId: original.membershipId,
          purpose: original.purpose,
          purposeDetail: original.purposeDetail,
          lines,
          billTo: input.billTo,
          dueOn: input.dueOn,
        },
        actor,
        original,
      );
      return { voided, ...issued };
    });
  }

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

  /** An invoice with its lines and payments, or null. */
  async invoiceDetail(id: string, tx: Executor = this.db) {
    const invoice = await q.findInvoice(tx, id);
    if (!invoice) return null;
    const [lines, payments] = await Promise.all([q.linesOf(tx, [id]), q.paymentsOf(tx, [id])]);
    return { invoice, lines, payments };
  }
}
