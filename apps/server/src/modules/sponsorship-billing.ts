import type { Executor } from '@chamber/db';
import type { Clock } from '../lib/clock.js';
import {
  type BillingDocuments,
  type BillingService,
  invoiceStandings,
  type OnlinePayments,
} from './billing/index.js';
import type { SponsorshipBilling, SponsorshipInvoice } from './sponsorships/index.js';
import { ticketQueries as tq } from './tickets/index.js';

/**
 * The billing module's services as sponsorships use them (see SponsorshipBilling): invoices
 * of purpose 'sponsorship', numbered and mailed as any other. Wiring between two modules,
 * kept beside modules/index.ts as ticket-billing.ts is.
 */
export function sponsorshipBilling(
  billing: BillingService,
  /** Null where no mail is sent (the demo seed). */
  documents: BillingDocuments | null,
  online: OnlinePayments | null,
  clock: Clock,
): SponsorshipBilling {
  const invoices = async (db: Executor, ids: string[]) => {
    // The same invoice read as tickets'; a sponsorship's has no shares.
    const rows = await tq.ticketInvoices(db, ids);
    return new Map(
      rows.map((r): [string, SponsorshipInvoice] => [
        r.id,
        {
          id: r.id,
          number: r.number,
          status: r.status,
          totalCents: r.totalCents,
          currency: r.currency,
        },
      ]),
    );
  };
  return {
    currency: (db) => tq.currency(db),
    today: (db) => billing.today(db),
    async issue(tx, input) {
      const { invoice } = await billing.issueInvoice(tx, {
        contactId: input.contactId,
        purpose: 'sponsorship',
        purposeDetail: input.detail,
        lines: [{ description: input.description, quantity: 1, unitCents: input.unitCents }],
        ...(input.dueToday ? { dueOn: await billing.today(tx) } : {}),
      });
      return (await invoices(tx, [invoice.id])).get(invoice.id)!;
    },
    mailInvoice: async (tx, invoiceId) => {
      await documents?.queueMail(tx, clock.now(), invoiceId, 'invoice');
    },
    invoices,
    standings: (db, ids) => invoiceStandings(db, ids),
    online: online !== null,
    async checkout(invoiceId, returnPath, expiresAt) {
      if (!online) throw new Error('card payment is not set up');
      return (await online.checkoutFor(invoiceId, { returnPath, expiresAt })).url;
    },
    voidIfOpen: async (tx, invoiceIds, reason) => {
      await billing.voidIfOpen(tx, { invoiceIds, reason });
    },
    onPaid: (handler) => billing.onPaid('sponsorship', (tx, invoice) => handler(tx, invoice.id)),
    onPaying: (check) => billing.onPaying('sponsorship', (tx, invoice) => check(tx, invoice.id)),
  };
}
