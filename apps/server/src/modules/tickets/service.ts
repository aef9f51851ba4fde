import { randomUUID } from 'node:crypto';
import {
  type EventTicket,
  formatMoney,
  TICKET_HOLD_MINUTES,
  type TicketPayment,
  ticketPriceFor,
  type TicketState,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { queueMail } from '../../lib/mail/outbox.js';
import { AppError } from '../../lib/errors.js';
import { isActiveAccount, isStaff, type Session } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import {
  calendarQueries as q,
  type EventRow,
  type RegistrationRow,
  resolveTarget,
  shownRow,
  type Target,
  TICKET_PAID_MAIL,
  type TicketPaidMailParams,
} from '../calendars/index.js';
import type { TicketBilling, TicketInvoice } from './billing-port.js';
import * as tq from './queries.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A member pays the member price: signed in with a confirmed account and a paid-up membership. */
export const isMember = (session: Session | null): boolean =>
  isActiveAccount(session) && session.contact?.paymentStatus === 'paid';

/** Whether an event sells tickets at all. */
export const sellsTickets = (row: EventRow) => ticketPriceFor(row, false) !== null;

export const ticketStatusOf = (invoice: TicketInvoice): TicketState['status'] =>
  invoice.status === 'open'
    ? 'unpaid'
    : invoice.status === 'void'
      ? 'void'
      : invoice.refundedCents > 0 && invoice.refundedCents >= invoice.totalCents
        ? 'refunded'
        : 'paid';

/** What a new ticket is: its price for the party and how it is paid. */
export interface TicketTerms {
  unitCents: number;
  payment: TicketPayment;
}

/**
 * Tickets for events: prices for members and everyone else, an invoice through billing for
 * each party (party size × price), Checkout with the seats held 30 minutes or payment at the
 * door, confirmation and receipt once paid, and refunds on cancelling before the cut-off.
 */
export class Tickets {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly billing: TicketBilling,
  ) {
    billing.onPaid((tx, invoiceId) => this.applyPayment(tx, invoiceId));
  }

  /** The event's ticket as a viewer sees it; null for a free event. */
  async ticketOf(row: EventRow, session: Session | null, db: Executor = this.db) {
    return this.ticketView(row, session, await this.billing.currency(db));
  }

  ticketView(row: EventRow, session: Session | null, currency: string): EventTicket | null {
    if (!sellsTickets(row)) return null;
    const member = isMember(session);
    return {
      memberPriceCents: row.memberPriceCents,
      priceCents: row.priceCents,
      currency,
      payment: this.paymentOf(row),
      refundOnCancel: row.refundOnCancel,
      refundCutoffHours: row.refundCutoffHours,
      viewerPriceCents: ticketPriceFor(row, member),
      viewerIsMember: member,
    };
  }

  currency(db: Executor = this.db) {
    return this.billing.currency(db);
  }

  /** Online only when card payment is set up; otherwise the door takes the money. */
  private paymentOf(row: EventRow): TicketPayment {
    return row.ticketPayment === 'online' && this.billing.online ? 'online' : 'door';
  }

  /** The price and payment of a new registration, or null when it is free for this viewer. */
  termsFor(row: EventRow, member: boolean): TicketTerms | null {
    const unitCents = ticketPriceFor(row, member);
    return unitCents === null ? null : { unitCents, payment: this.paymentOf(row) };
  }

  /** How long unpaid online seats are kept. */
  holdUntil(now: Date): Date {
    return new Date(now.getTime() + TICKET_HOLD_MINUTES * MINUTE);
  }

  /**
   * Issues the invoice for registrations just made (one line per date), in their transaction,
   * and links each registration to it.
   */
  async invoiceFor(
    tx: Executor,
    input: {
      rows: { row: RegistrationRow; title: string; when: string }[];
      terms: TicketTerms;
      session: Session | null;
      eventId: string;
    },
  ): Promise<TicketInvoice> {
    const { rows, terms } = input;
    const first = rows[0]!.row;
    const shares = Object.fromEntries(rows.map((r) => [r.row.id, r.row.guests * terms.unitCents]));
    const invoice = await this.billing.issue(tx, {
      contactId: input.session?.contact?.id ?? null,
      billTo: { name: first.name, email: first.email },
      lines: rows.map((r) => ({
        description: `Ticket: ${r.title}, ${r.when}`,
        quantity: r.row.guests,
        unitCents: terms.unitCents,
      })),
      shares,
      eventId: input.eventId,
    });
    for (const r of rows) await q.updateRegistration(tx, r.row.id, { invoiceId: invoice.id });
    return invoice;
  }

  /**
   * Issues the invoice of an order (one line per ticket type, as priced by `priceOrder`), in
   * its transaction, and links the order's registration to it.
   */
  async invoiceOrder(
    tx: Executor,
    input: {
      row: RegistrationRow;
      title: string;
      when: string;
      lines: { name: string; quantity: number; unitCents: number; lineCents: number }[];
      contactId: string | null;
    },
  ): Promise<TicketInvoice> {
    const { row } = input;
    const total = input.lines.reduce((sum, l) => sum + l.lineCents, 0);
    const invoice = await this.billing.issue(tx, {
      contactId: input.contactId,
      billTo: { name: row.name, email: row.email },
      lines: input.lines.map((l) => ({
        description: `${l.name}: ${input.title}, ${input.when}`,
        quantity: l.quantity,
        unitCents: l.unitCents,
      })),
      shares: { [row.id]: total },
      eventId: row.eventId,
    });
    await q.updateRegistration(tx, row.id, { invoiceId: invoice.id });
    return invoice;
  }

  /** How an event's tickets are paid: online when card payment is set up and chosen. */
  paymentFor(row: EventRow): TicketPayment {
    return this.paymentOf(row);
  }

  /** Where a registration's ticket stands, with a Checkout page while it is unpaid online. */
  async stateOf(
    row: RegistrationRow,
    event: EventRow,
    options: { checkout: boolean; returnPath?: string } = { checkout: false },
  ): Promise<TicketState | null> {
    if (!row.invoiceId) return null;
    const invoice = (await this.billing.invoices(this.db, [row.invoiceId])).get(row.invoiceId);
    if (!invoice) return null;
    const payment = this.paymentOf(event);
    const status = ticketStatusOf(invoice);
    let checkoutUrl: string | null = null;
    const now = this.clock.now();
    if (
      options.checkout &&
      status === 'unpaid' &&
      row.seatStatus === 'held' &&
      row.holdUntil &&
      row.holdUntil > now
    ) {
      // Stripe keeps a page open at least 30 minutes: a minute past the hold. A payment made
      // after the hold ran out finds the invoice void and is refunded by the webhook.
      checkoutUrl = await this.billing
        .checkout(
          invoice.id,
          options.returnPath ?? '/',
          new Date(Math.max(row.holdUntil.getTime(), now.getTime() + 30 * MINUTE) + MINUTE),
        )
        .catch(() => null);
    }
    return {
      amountCents: invoice.shares[row.id] ?? invoice.totalCents,
      currency: invoice.currency,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      status,
      payment,
      checkoutUrl,
    };
  }

  /**
   * What a new party's ticket would read, with nothing issued: the answer to a repeat of an
   * address already registered, which must not tell it apart from a new registration. Its
   * invoice id is fresh and random, its number the next one. Paid online and `hold` given (the
   * new party's seats would be held from `hold.now`), it opens a payment page as a new
   * ticket's answer does, one that pays for nothing and gives back what is paid on it.
   */
  async unissued(
    terms: TicketTerms,
    guests: number,
    hold?: { now: Date; returnPath: string },
  ): Promise<TicketState> {
    const ticket: TicketState = {
      amountCents: terms.unitCents * guests,
      currency: await this.billing.currency(this.db),
      invoiceId: randomUUID(),
      invoiceNumber: await this.billing.nextNumber(this.db),
      status: 'unpaid',
      payment: terms.payment,
      checkoutUrl: null,
    };
    if (hold && terms.payment === 'online' && this.billing.online) {
      const { now, returnPath } = hold;
      // The same page life as a new ticket's (stateOf): a minute past the hold, 30 at least.
      const expiresAt = new Date(
        Math.max(this.holdUntil(now).getTime(), now.getTime() + 30 * MINUTE) + MINUTE,
      );
      ticket.checkoutUrl = await this.billing
        .repeatCheckout({
          invoiceNumber: ticket.invoiceNumber,
          amountCents: ticket.amountCents,
          currency: ticket.currency,
          returnPath,
          expiresAt,
        })
        .catch(() => null);
    }
    return ticket;
  }

  /** Ticket states of many registrations (the check-in list, the CSV). */
  async statesOf(rows: RegistrationRow[]): Promise<Map<string, TicketState['status']>> {
    const ids = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is string => !!id))];
    const invoices = await this.billing.invoices(this.db, ids);
    const states = new Map<string, TicketState['status']>();
    for (const r of rows) {
      const invoice = r.invoiceId ? invoices.get(r.invoiceId) : undefined;
      if (invoice) states.set(r.id, ticketStatusOf(invoice));
    }
    return states;
  }

  async invoicesOf(rows: RegistrationRow[]): Promise<Map<string, TicketInvoice>> {
    const ids = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is string => !!id))];
    return this.billing.invoices(this.db, ids);
  }

  /**
   * In the transaction that records a payment: the registrations it pays for hold their
   * seats for good (an unpaid hold becomes confirmed), and each such party's confirmation
   * (manage link, check-in code, the paid ticket's line) is written to the outbox with the
   * payment: a payment rolled back queues none, one committed is mailed even if the process
   * dies right after. The receipt is the payment's own mail, queued by billing.
   */
  private async applyPayment(tx: Executor, invoiceId: string): Promise<void> {
    const rows = await tq.lockRegistrationsOfInvoice(tx, invoiceId);
    const now = this.clock.now();
    for (const row of rows) {
      if (row.seatStatus !== 'held') continue;
      await q.updateRegistration(tx, row.id, {
        seatStatus: 'confirmed',
        holdUntil: null,
        updatedAt: now,
      });
      if (row.walkIn) continue;
      const params: TicketPaidMailParams = { registrationId: row.id, invoiceId };
      await queueMail(tx, now, TICKET_PAID_MAIL, { ...params });
    }
  }

  /** The paid ticket's line of a confirmation, or null while its invoice is not paid. */
  async paidLine(row: RegistrationRow, invoiceId: string): Promise<string | null> {
    const invoice = (await this.billing.invoices(this.db, [invoiceId])).get(invoiceId);
    if (invoice?.status !== 'paid') return null;
    return `Ticket: ${formatMoney(invoice.shares[row.id] ?? invoice.totalCents, invoice.currency)}, paid (invoice ${invoice.number}; the receipt follows in a separate email).`;
  }

  /**
   * Staff record a ticket paid at the door (cash, check, card on the chamber's reader). The
   * receipt is mailed to the party when it gave an address.
   */
  async recordDoorPayment(
    target: Target,
    registrationId: string,
    input: { method: 'cash' | 'check' | 'card' | 'other'; reference: string },
    session: Session,
  ): Promise<RegistrationRow> {
    if (!isStaff(session)) {
      throw new AppError('forbidden', 'Only the chamber’s staff record payments.');
    }
    const row = await q.findRegistration(this.db, registrationId);
    const key = target.kind === 'occurrence' ? target.series.id : target.row.id;
    if (!row || row.eventId !== key) throw new AppError('not_found', 'Registration not found');
    if (!row.invoiceId) throw new AppError('conflict', `${row.name} has no ticket to pay.`);
    const invoice = (await this.billing.invoices(this.db, [row.invoiceId])).get(row.invoiceId)!;
    if (invoice.status === 'paid') {
      throw new AppError('invoice_paid', `${row.name}'s ticket is already paid.`);
    }
    if (invoice.status === 'void') {
      throw new AppError('invoice_void', `${row.name}'s ticket invoice ${invoice.number} is void.`);
    }
    if (input.method === 'check' && !input.reference.trim()) {
      throw new AppError('bad_request', 'Give the check number as the reference.');
    }
    await this.billing.recordPayment(
      row.invoiceId,
      { method: input.method, reference: input.reference.trim() },
      { userId: session.user.id, label: session.user.email },
    );
    return (await q.findRegistration(this.db, row.id))!;
  }

  /**
   * What cancelling does to a registration's ticket, after the registration is gone: an
   * unpaid invoice is voided; a card payment is refunded (this party's share) when the event
   * refunds and the cut-off has not passed; anything else is left to staff. Returns the
   * sentence for the registrant.
   */
  async cancelled(row: RegistrationRow, event: EventRow): Promise<string | null> {
    if (!row.invoiceId) return null;
    const invoice = (await this.billing.invoices(this.db, [row.invoiceId])).get(row.invoiceId);
    if (!invoice) return null;
    const now = this.clock.now();
    if (invoice.status === 'open') {
      const others = Object.keys(invoice.shares).filter((id) => id !== row.id);
      // An invoice that also pays for other dates stays open for them.
      if (others.length === 0) {
        await this.billing.voidIfOpen(this.db, [invoice.id], 'The registration was cancelled.');
      }
      return null;
    }
    if (invoice.status !== 'paid') return null;
    const share = invoice.shares[row.id] ?? invoice.totalCents;
    const amount = formatMoney(share, invoice.currency);
    const cutoff = new Date(event.startTime.getTime() - event.refundCutoffHours * HOUR);
    if (!event.refundOnCancel || now > cutoff || !invoice.payment?.online) {
      return `Your ticket (${amount}) is not refunded automatically; the chamber’s staff decide on refunds.`;
    }
    try {
      await this.billing.refundOnline(
        invoice.id,
        share,
        'Registration cancelled before the cut-off',
      );
      return `Your ticket (${amount}) is refunded to your card.`;
    } catch {
      return `We could not refund your ticket (${amount}) just now; the chamber’s staff will.`;
    }
  }
}

const targetId = (row: RegistrationRow) =>
  row.occurrenceKey ? `${row.eventId}_${row.occurrenceKey}` : row.eventId;

/** The event a registration is for, shown at its date. */
export async function eventOfRegistration(db: Executor, row: RegistrationRow) {
  return shownRow(await resolveTarget(db, targetId(row)));
}

/** The portal's tickets: billing's services as TicketBilling. */
export function ticketsFor(deps: ModuleDeps, billing: TicketBilling): Tickets {
  return new Tickets(deps.db, deps.clock, billing);
}
