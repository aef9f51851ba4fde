import type {
  Invoice,
  Membership,
  MembershipEventKind,
  MembershipStatus,
  Payment,
} from '@chamber/contract';
import { formatMoney } from '@chamber/contract';
import { parsePriceCents } from './plan-form';

/** The lists of Admin → Memberships, in the words, with what each holds. */
export const membershipLists = [
  { value: 'due', label: 'Due this month' },
  { value: 'due30', label: 'Due in the next 30 days' },
  { value: 'due60', label: 'Due in the next 60 days' },
  { value: 'due90', label: 'Due in the next 90 days' },
  { value: 'grace', label: 'In grace' },
  { value: 'lapsed', label: 'Lapsed' },
  { value: 'paid', label: 'Paid this year' },
  { value: 'pending', label: 'Pending' },
  { value: 'all', label: 'All' },
] as const;

export const statusLabels: Record<MembershipStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  grace: 'In grace',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};

export const statusTone: Record<
  MembershipStatus,
  'default' | 'secondary' | 'destructive' | 'outline'
> = {
  pending: 'outline',
  active: 'default',
  grace: 'secondary',
  lapsed: 'destructive',
  cancelled: 'outline',
};

export const eventLabels: Record<MembershipEventKind, string> = {
  joined: 'Joined',
  approved: 'Approved',
  term_paid: 'Term paid',
  upgraded: 'Upgraded',
  downgrade_scheduled: 'Downgrade asked for',
  downgraded: 'Downgraded',
  plan_changed: 'Plan changed by staff',
  auto_renew_on: 'Automatic renewal on',
  auto_renew_off: 'Automatic renewal off',
  charge_failed: 'Card charge failed',
  grace: 'Entered grace',
  lapsed: 'Lapsed',
  restored: 'Restored',
  cancelled: 'Cancelled',
};

export const purposeLabels: Record<Invoice['purpose'], string> = {
  membership_join: 'Joining',
  membership_renewal: 'Renewal',
  membership_upgrade: 'Upgrade',
  event_ticket: 'Event ticket',
  other: 'Other',
  sponsorship: 'Sponsorship',
};

export const methodLabels: Record<Payment['method'], string> = {
  card: 'Card',
  check: 'Check',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** Ways staff record money received by hand; a card payment comes through Stripe only. */
export const offlineMethods = ['check', 'cash', 'bank_transfer', 'other'] as const;

/** What the member is called in lists and dialog titles: the business, else the person. */
export const memberName = (m: Pick<Membership, 'businessName' | 'contactName'>) =>
  m.businessName || m.contactName;

/** What staff may do with an invoice: an issued one never changes, only its status moves. */
export function invoiceActions(invoice: Invoice) {
  const open = invoice.kind === 'invoice' && invoice.status === 'open';
  return { recordPayment: open, void: open, reissue: open };
}

/** What is left of a payment after its refunds (they are rows of the same invoice). */
export function refundableCents(invoice: Invoice, payment: Payment): number {
  if (payment.kind !== 'payment') return 0;
  const refunded = invoice.payments
    .filter((p) => p.kind === 'refund' && p.refundOfPaymentId === payment.id)
    .reduce((sum, p) => sum + p.amountCents, 0);
  return Math.max(0, payment.amountCents - refunded);
}

/** '550.00' for 55000: an amount field's starting text. */
export const amountText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * An amount as typed, in cents, when it is one greater than zero and at most `max`; else the
 * sentence to show under the field.
 */
export function readAmount(
  text: string,
  max: number,
  currency: string,
): { cents: number } | { error: string } {
  const cents = parsePriceCents(text);
  if (cents === null || cents === 0) return { error: 'Enter an amount, e.g. 550 or 550.00' };
  if (cents > max) return { error: `At most ${formatMoney(max, currency)}` };
  return { cents };
}

/** '30, 14, 1' ⇄ [30, 14, 1]: the reminder days as one field; null when not whole days. */
export function parseDays(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}
