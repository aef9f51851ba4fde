import type { Executor } from '@chamber/db';

/** A ticket's invoice as the calendar reads it. */
export interface TicketInvoice {
  id: string;
  number: string;
  status: 'open' | 'paid' | 'void';
  totalCents: number;
  currency: string;
  /** Cents given back of its payment so far. */
  refundedCents: number;
  /** Its payment, when paid: online (a card through Stripe) or recorded by staff. */
  payment: { id: string; online: boolean } | null;
  /** Each registration the invoice pays for and its share, in cents. */
  shares: Record<string, number>;
}

/**
 * What tickets need of billing: an invoice per party (or per series registered in one step),
 * Checkout for it, a payment recorded at the door, a refund on cancelling, the receipt, and a
 * hook run in the transaction that records a payment. The billing module's services are
 * handed in as this (`ticketBilling`, modules/index.ts), as memberships get theirs.
 */
export interface TicketBilling {
  currency(db: Executor): Promise<string>;
  issue(
    tx: Executor,
    input: {
      contactId: string | null;
      billTo: { name: string; email: string };
      lines: { description: string; quantity: number; unitCents: number }[];
      shares: Record<string, number>;
      eventId: string;
    },
  ): Promise<TicketInvoice>;
  invoices(db: Executor, ids: string[]): Promise<Map<string, TicketInvoice>>;
  /**
   * The number the next invoice will get, without taking it: what an answer that must read
   * like a new ticket's shows when no invoice is issued.
   */
  nextNumber(db: Executor): Promise<string>;
  /** Whether card payment through Stripe is set up; without it every ticket is paid at the door. */
  readonly online: boolean;
  /** A Checkout page for the open invoice that ends when the seats' hold does. */
  checkout(invoiceId: string, returnPath: string, expiresAt: Date): Promise<string>;
  /**
   * A Checkout page that reads like a new ticket's, with no invoice behind it: the answer to
   * a repeated registration. A payment made on it is given back.
   */
  repeatCheckout(input: {
    invoiceNumber: string;
    amountCents: number;
    currency: string;
    returnPath: string;
    expiresAt: Date;
  }): Promise<string>;
  recordPayment(
    invoiceId: string,
    input: { method: 'cash' | 'check' | 'card' | 'other'; reference: string },
    by: { userId: string; label: string },
  ): Promise<void>;
  /** Gives back `amountCents` of the invoice's card payment through Stripe. */
  refundOnline(invoiceId: string, amountCents: number, reason: string): Promise<void>;
  /** Voids those of the invoices still open (a cancelled unpaid ticket), in the audit log. */
  voidIfOpen(tx: Executor, invoiceIds: string[], reason: string): Promise<void>;
  onPaid(handler: (tx: Executor, invoiceId: string) => Promise<void>): void;
}
