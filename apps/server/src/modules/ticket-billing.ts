import type { Executor } from '@chamber/db';
import { type BillingService, formatInvoiceNumber, type OnlinePayments } from './billing/index.js';
import { type TicketBilling, type TicketInvoice, ticketQueries as tq } from './tickets/index.js';

/**
 * The billing module's services as tickets use them (see TicketBilling). Wiring between two
 * modules, kept beside modules/index.ts: the tickets module itself does not import billing,
 * which (through accounts and check-in) builds on it.
 */
export function ticketBilling(
  billing: BillingService,
  online: OnlinePayments | null,
): TicketBilling {
  const invoices = async (db: Executor, ids: string[]) => {
    const rows = await tq.ticketInvoices(db, ids);
    return new Map(rows.map((r): [string, TicketInvoice] => [r.id, r]));
  };
  return {
    currency: (db) => tq.currency(db),
    async issue(tx, input) {
      const { invoice } = await billing.issueInvoice(tx, {
        contactId: input.contactId,
        purpose: 'event_ticket',
        purposeDetail: { eventId: input.eventId, shares: input.shares },
        lines: input.lines,
        billTo: input.billTo,
        // A ticket is due by the event; the hold or the door decides when it is paid.
        dueOn: await billing.today(tx),
      });
      return (await invoices(tx, [invoice.id])).get(invoice.id)!;
    },
    invoices,
    async nextNumber(db) {
      const year = Number((await billing.today(db)).slice(0, 4));
      return formatInvoiceNumber(year, (await tq.lastInvoiceSequence(db, year)) + 1);
    },
    online: online !== null,
    async checkout(invoiceId, returnPath, expiresAt) {
      if (!online) throw new Error('card payment is not set up');
      return (await online.checkoutFor(invoiceId, { returnPath, expiresAt })).url;
    },
    async repeatCheckout(input) {
      if (!online) throw new Error('card payment is not set up');
      return (await online.repeatCheckout(input)).url;
    },
    async recordPayment(invoiceId, input, by) {
      await billing.recordPayment(
        billing.database,
        {
          invoiceId,
          amountCents: (await invoices(billing.database, [invoiceId])).get(invoiceId)!.totalCents,
          method: input.method,
          reference: input.reference,
          recordedByUserId: by.userId,
        },
        { id: by.userId, label: by.label },
      );
    },
    async refundOnline(invoiceId, amountCents, reason) {
      const invoice = (await invoices(billing.database, [invoiceId])).get(invoiceId);
      if (!invoice?.payment) return;
      await billing.refundPayment(
        { paymentId: invoice.payment.id, amountCents, reason, online: true },
        { id: null, label: 'portal' },
      );
    },
    async voidIfOpen(tx, invoiceIds, reason) {
      await billing.voidIfOpen(tx, { invoiceIds, reason });
    },
    onPaid: (handler) => billing.onPaid('event_ticket', (tx, invoice) => handler(tx, invoice.id)),
  };
}
