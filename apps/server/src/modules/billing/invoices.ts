import { addDays, dateKeyIn, type InvoicePurpose } from '@chamber/contract';
import type { Database, Executor, invoices } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { billingRecipients } from '../members/index.js';
import type { BillingDocuments } from './documents.js';
import {
  assertVoidable,
  auditActor,
  billToOf,
  checkDate,
  checkLines,
  checkReason,
  DEFAULT_TIMEZONE,
  formatInvoiceNumber,
  invoiceNotFound,
  storedBillTo,
  voidOpenInvoices,
} from './invoice-rules.js';
import * as q from './queries.js';
import {
  type IssuedInvoice,
  type IssueInvoiceInput,
  type InvoiceLineInput,
  type PaidHandler,
  type PayableCheck,
  type PaymentProvider,
  PORTAL_ACTOR,
  type RefundedHandler,
  type ReissueInput,
  type VoidInvoiceInput,
} from './types.js';

/**
 * Issuing, numbering, voiding and reissuing invoices, and the hooks of the modules whose
 * purposes billing bills. Payments (payments.ts) and refunds (refunds.ts) build on this;
 * BillingService (service.ts) is all of them.
 */
export class Invoices {
  protected readonly paidHandlers = new Map<InvoicePurpose, PaidHandler[]>();
  protected readonly refundedHandlers = new Map<InvoicePurpose, RefundedHandler[]>();
  protected readonly payableChecks = new Map<InvoicePurpose, PayableCheck[]>();
  protected provider: PaymentProvider | null = null;

  constructor(
    protected readonly db: Database,
    protected readonly clock: Clock,
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

  protected async issueIn(
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
    const addressee =
      contact && !input.billTo ? (await billingRecipients(t, contact.id, 'invoice'))[0] : undefined;
    const billTo = storedBillTo(input.billTo ?? billToOf(contact!, addressee));
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
  protected async write(
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

  /** An invoice with its lines and payments, or null. */
  async invoiceDetail(id: string, tx: Executor = this.db) {
    const invoice = await q.findInvoice(tx, id);
    if (!invoice) return null;
    const [lines, payments] = await Promise.all([q.linesOf(tx, [id]), q.paymentsOf(tx, [id])]);
    return { invoice, lines, payments };
  }
}
