import { and, eq } from 'drizzle-orm';
import { type Executor, invoices } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import type { BillingService } from '../billing/index.js';
import type { MembershipBilling } from './billing-port.js';

/**
 * The billing module's service as memberships use it. Voiding a membership's superseded open
 * invoice (a join for another plan, a renewal at the old price) is a status change the
 * invoices' trigger allows; it moves to BillingService.voidInvoice once that is on main.
 */
export function membershipBilling(billing: BillingService, clock: Clock): MembershipBilling {
  return {
    issueInvoice: async (tx, input) => (await billing.issueInvoice(tx, input)).invoice,
    voidInvoice: async (tx: Executor, invoiceId: string, reason: string) => {
      await tx
        .update(invoices)
        .set({ status: 'void', voidedAt: clock.now(), voidReason: reason })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')));
    },
    onPaid: (purpose, handler) => billing.onPaid(purpose, handler),
  };
}
