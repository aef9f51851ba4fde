import type { BillingService } from '../billing/index.js';
import type { MembershipBilling } from './billing-port.js';

/**
 * The billing module's service as memberships use it. A membership's superseded open invoice
 * (a join for another plan, a renewal at the old price) is voided if it is still open, with
 * the reason in the audit log, as every void is.
 */
export function membershipBilling(billing: BillingService): MembershipBilling {
  return {
    issueInvoice: async (tx, input) => (await billing.issueInvoice(tx, input)).invoice,
    voidInvoice: (tx, invoiceId, reason) =>
      billing.voidIfOpen(tx, { invoiceIds: [invoiceId], reason }),
    onPaid: (purpose, handler) => billing.onPaid(purpose, handler),
    onPaying: (purpose, check) => billing.onPaying(purpose, check),
  };
}
