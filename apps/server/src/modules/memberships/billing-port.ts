import type { InvoicePurpose } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import type { InvoiceRow } from './queries.js';

/** A payment as the billing module hands it to a fulfilment hook. */
export interface PaidWith {
  id: string;
  amountCents: number;
  receivedOn: string;
  recordedByUserId?: string | null;
}

/**
 * What memberships need of billing: invoices issued and voided in the caller's transaction,
 * a hook called, in the transaction that records the payment, when an invoice of a purpose
 * is paid, and a check that one may still be paid. The billing module's BillingService is handed in as this.
 */
export interface MembershipBilling {
  issueInvoice(
    tx: Executor,
    input: {
      contactId: string;
      membershipId?: string;
      purpose: InvoicePurpose;
      purposeDetail: Record<string, unknown>;
      lines: { description: string; quantity: number; unitCents: number }[];
      billTo?: { name: string; business?: string; address?: string; email?: string };
      dueOn?: string;
    },
  ): Promise<InvoiceRow>;
  voidInvoice(tx: Executor, invoiceId: string, reason: string): Promise<unknown>;
  onPaid(
    purpose: InvoicePurpose,
    handler: (tx: Executor, invoice: InvoiceRow, payment: PaidWith) => Promise<void>,
  ): void;
  /** A check run before an invoice of `purpose` is paid: why not, or null. */
  onPaying(
    purpose: InvoicePurpose,
    check: (tx: Executor, invoice: InvoiceRow, receivedOn: string) => Promise<string | null>,
  ): void;
}
