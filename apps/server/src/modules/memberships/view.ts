import {
  addDays,
  hasPlanFeatures,
  type Membership,
  type MembershipInvoiceRef,
  type MembershipPlanRef,
  type MembershipStatus,
  type MembershipTier,
  type PaymentStatus,
  paymentStatusOf,
} from '@chamber/contract';
import type { ListedView } from './list-queries.js';
import type { InvoiceRow, MembershipRow, PlanRow, SettingsRow } from './queries.js';

export const planRef = (
  plan: Pick<PlanRow, 'id' | 'level' | 'name' | 'slug' | 'priceCents'>,
): MembershipPlanRef => ({
  id: plan.id,
  level: plan.level,
  name: plan.name,
  slug: plan.slug,
  priceCents: plan.priceCents,
});

export const invoiceRef = (invoice: InvoiceRow): MembershipInvoiceRef => ({
  id: invoice.id,
  number: invoice.number,
  purpose: invoice.purpose,
  status: invoice.status,
  totalCents: invoice.totalCents,
  currency: invoice.currency,
  issuedOn: invoice.issuedOn,
  dueOn: invoice.dueOn,
});

/** Paid (it has a paid-through date) but still pending: held for staff approval. */
export const awaitingApproval = (m: Pick<MembershipRow, 'status' | 'paidThrough'>) =>
  m.status === 'pending' && m.paidThrough !== null;

/** A membership as the API shows it, from a whole view or a staff list's narrower row. */
export function toMembership(
  view: ListedView,
  settings: Pick<SettingsRow, 'graceDays'>,
): Membership {
  const { membership: m, plan, nextPlan, contact } = view;
  return {
    id: m.id,
    contactId: contact.id,
    businessName: contact.businessName,
    contactName: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    plan: planRef(plan),
    nextPlan: nextPlan ? planRef(nextPlan) : null,
    status: m.status,
    paymentStatus: paymentStatusOf(m.status),
    startedOn: m.startedOn,
    paidThrough: m.paidThrough,
    graceEndsOn: m.paidThrough ? addDays(m.paidThrough, settings.graceDays) : null,
    autoRenew: m.autoRenew,
    card: m.cardLast4 ? { brand: m.cardBrand, last4: m.cardLast4 } : null,
    awaitingApproval: awaitingApproval(m),
  };
}

/**
 * What the contact carries of its membership (docs/decisions/0066-membership-dues-one-membership-per-contact.md): the
 * plan's level while the membership is pending, active or in grace, 'standard' once it has
 * lapsed or ended (the listing's paid fields are hidden, not deleted); the spec's payment
 * status; and whether the directory lists it, from the membership alone: while it is active
 * or in grace, not while pending (unpaid, or held for staff's approval), and once lapsed or
 * ended as the chamber's setting says.
 */
export function contactStanding(
  status: MembershipStatus,
  level: MembershipTier,
  settings: Pick<SettingsRow, 'lapsedListing'>,
): { membershipTier: MembershipTier; paymentStatus: PaymentStatus; listed: boolean } {
  const ended = status === 'lapsed' || status === 'cancelled';
  return {
    membershipTier: ended ? 'standard' : level,
    paymentStatus: paymentStatusOf(status),
    listed: hasPlanFeatures(status) || (ended && settings.lapsedListing === 'basic'),
  };
}
