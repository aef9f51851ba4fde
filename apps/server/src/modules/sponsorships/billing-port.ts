import type { Executor } from '@chamber/db';

/** A sponsorship's invoice as the sponsorships module reads it. */
export interface SponsorshipInvoice {
  id: string;
  number: string;
  status: 'open' | 'paid' | 'void';
  totalCents: number;
  currency: string;
}

/**
 * What sponsorships need of billing: the currency and today in the chamber's zone, an
 * invoice (purpose 'sponsorship') mailed to the business or paid through Checkout, a hook in
 * the transaction that records a payment, and a check that refuses a payment once the online
 * hold ran out. Handed in as `sponsorshipBilling` (modules/sponsorship-billing.ts), as tickets
 * get theirs.
 */
export interface SponsorshipBilling {
  currency(db: Executor): Promise<string>;
  today(db: Executor): Promise<string>;
  issue(
    tx: Executor,
    input: {
      contactId: string;
      description: string;
      unitCents: number;
      detail: { packageId: string; sponsorshipId: string };
      /** Paid online: due today; by invoice: the chamber's usual terms. */
      dueToday: boolean;
    },
  ): Promise<SponsorshipInvoice>;
  /** Queues the invoice's mail with its PDF, in the caller's transaction. */
  mailInvoice(tx: Executor, invoiceId: string): Promise<void>;
  invoices(db: Executor, ids: string[]): Promise<Map<string, SponsorshipInvoice>>;
  /** Each invoice's status and due date (the placements hold a sponsor unpaid after it). */
  standings(
    db: Executor,
    ids: string[],
  ): Promise<Map<string, { status: SponsorshipInvoice['status']; dueOn: string }>>;
  /** Whether card payment through Stripe is set up. */
  readonly online: boolean;
  checkout(invoiceId: string, returnPath: string, expiresAt: Date): Promise<string>;
  voidIfOpen(tx: Executor, invoiceIds: string[], reason: string): Promise<void>;
  onPaid(handler: (tx: Executor, invoiceId: string) => Promise<void>): void;
  /** A reason an open invoice may no longer be paid, or null. */
  onPaying(check: (tx: Executor, invoiceId: string) => Promise<string | null>): void;
}
