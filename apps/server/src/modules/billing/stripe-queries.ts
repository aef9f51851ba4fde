import { and, desc, eq, gt, like } from 'drizzle-orm';
import {
  contacts,
  type Executor,
  invoices,
  memberships,
  membershipPlans,
  payments,
  stripeEvents,
} from '@chamber/db';

/**
 * Claims an event id. The primary key holds it to one row: a second delivery, even one
 * arriving while the first is still being handled, waits for the first transaction and
 * then finds the row, so its effect happens once.
 */
export async function claimEvent(
  db: Executor,
  values: { id: string; type: string; createdAt: Date; receivedAt: Date; objectId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ ...values, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}

export async function setOutcome(db: Executor, id: string, outcome: string): Promise<void> {
  await db.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, id));
}

export async function findEvent(db: Executor, id: string) {
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

/** A subscription event applied after `createdAt`: an older one arriving now is stale. */
export async function newerSubscriptionEvent(
  db: Executor,
  objectId: string,
  createdAt: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(
      and(
        eq(stripeEvents.objectId, objectId),
        like(stripeEvents.type, 'customer.subscription.%'),
        eq(stripeEvents.outcome, 'applied'),
        gt(stripeEvents.createdAt, createdAt),
      ),
    )
    .orderBy(desc(stripeEvents.createdAt))
    .limit(1);
  return row !== undefined;
}

export async function lockInvoice(db: Executor, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function invoiceByStripeInvoice(db: Executor, stripeInvoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.stripeInvoiceId, stripeInvoiceId));
  return row;
}

export async function setInvoiceStripe(
  db: Executor,
  id: string,
  values: { stripeCheckoutSessionId?: string; stripeInvoiceId?: string },
): Promise<void> {
  await db.update(invoices).set(values).where(eq(invoices.id, id));
}

export async function paymentByIntent(db: Executor, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, paymentIntentId), eq(payments.kind, 'payment')));
  return row;
}

export async function paymentByRefund(db: Executor, refundId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.stripeRefundId, refundId));
  return row;
}

/** The membership of a contact with its plan, locked: one Stripe customer and subscription each. */
export async function lockMembershipOfContact(db: Executor, contactId: string) {
  const [row] = await db
    .select({ membership: memberships, plan: membershipPlans })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(eq(memberships.contactId, contactId))
    .for('update', { of: memberships });
  return row;
}

export async function membershipBySubscription(db: Executor, subscriptionId: string) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.stripeSubscriptionId, subscriptionId));
  return row;
}

export async function findMembership(db: Executor, id: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  return row;
}

/** The Stripe customer is a Stripe reference like the invoices' ones; the billing side keeps it. */
export async function setStripeCustomer(db: Executor, membershipId: string, customerId: string) {
  await db
    .update(memberships)
    .set({ stripeCustomerId: customerId })
    .where(eq(memberships.id, membershipId));
}

export async function findContact(db: Executor, id: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}
