import {
  addDays,
  dateKeyIn,
  formatMoney,
  type InvoicePurpose,
  type PaymentMethod,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
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
  name: string;
  business?: string;
  /** Street, then city, state and ZIP, one line each (newline separated). */
  address?: string;
  email?: string;
}

export interface IssueInvoiceInput {
  contactId: string;
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

/** Who changes billing records when no person does (an online payment, a renewal run). */
export const PORTAL_ACTOR: Actor = { id: null, label: 'portal' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_TIMEZONE = 'America/Denver';
const MAX_CENTS = 100_000_000_00;

const invoiceNotFound = () => new AppError('not_found', 'Invoice not found');

export const formatInvoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(4, '0')}`;

function checkDate(value: string, field: string) {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
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

const auditActor = (actor: Actor) => ({ actorId: actor.id, actorEmail: actor.label });

/**
 * Invoices, payments and refunds: the money records of dues and anything else the chamber
 * bills. Methods taking `tx` run inside the caller's transaction (a join issues its invoice
 * with the membership it creates); the purpose's owner fulfils a paid invoice through
 * `onPaid`, in the transaction that records the payment.
 */
export class BillingService {
  private readonly paidHandlers = new Map<InvoicePurpose, PaidHandler[]>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Registers what paying an invoice of `purpose` does; handlers run in registration order. */
  onPaid(purpose: InvoicePurpose, handler: PaidHandler): void {
    this.paidHandlers.set(purpose, [...(this.paidHandlers.get(purpose) ?? []), handler]);
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
    extra: { replacesInvoiceId?: string } = {},
  ): Promise<IssuedInvoice> {
    const totalCents = checkLines(input.lines);
    if (input.dueOn !== undefined) checkDate(input.dueOn, 'dueOn');
    return tx.transaction(async (t) => {
      const contact = await q.findContact(t, input.contactId);
      if (!contact) throw new AppError('not_found', 'Contact not found');
      const [settings, issuedOn] = [await q.settings(t), await this.today(t)];
      const dueOn = input.dueOn ?? addDays(issuedOn, settings.invoiceDueDays);
      if (dueOn < issuedOn) {
        throw new AppError('bad_request', 'The due date cannot be before the day of issue.');
      }
      const billTo = storedBillTo(input.billTo ?? billToOf(contact));
      if (!billTo.name && !billTo.business) {
        throw new AppError('bad_request', 'The invoice needs a name to bill.');
      }
      const year = Number(issuedOn.slice(0, 4));
      const sequence = await q.takeInvoiceSequence(t, year);
      const number = formatInvoiceNumber(year, sequence);
      const issued = await q.insertInvoice(
        t,
        {
          number,
          year,
          sequence,
          kind: 'invoice',
          status: 'open',
          purpose: input.purpose,
          purposeDetail: input.purposeDetail ?? {},
          contactId: contact.id,
          membershipId: input.membershipId ?? null,
          billTo,
          currency: settings.currency,
          totalCents,
          issuedOn,
          dueOn,
          replacesInvoiceId: extra.replacesInvoiceId ?? null,
        },
        input.lines.map((line, i) => ({
          position: i + 1,
          description: line.description.trim(),
          quantity: line.quantity ?? 1,
          unitCents: line.unitCents,
          amountCents: (line.quantity ?? 1) * line.unitCents,
        })),
      );
      await recordAudit(t, {
        ...auditActor(actor),
        action: 'invoice.issue',
        targetType: 'invoice',
        targetId: issued.invoice.id,
        targetLabel: number,
        after: {
          number,
          purpose: input.purpose,
          totalCents,
          currency: settings.currency,
          dueOn,
          contactId: contact.id,
          replacesInvoiceId: extra.replacesInvoiceId ?? null,
        },
      });
      return issued;
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
        throw new AppError(
          'invoice_void',
          `Invoice ${invoice.number} is void and cannot be paid. Record the payment on the invoice that replaced it.`,
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
      return { invoice: paid, payment, replay: false };
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
