// Owner: modules/billing. Invoices and credit notes, their numbering and lines, payments and
// refunds (and refunds Stripe has not answered yet), and the Stripe events handled. Money is
// integer cents in the chamber's one currency (membership_settings.currency).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  invoiceKinds,
  invoicePurposes,
  invoiceStatuses,
  paymentKinds,
  paymentMethods,
} from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { contacts } from './members.js';
import { memberships } from './memberships.js';

export const invoiceStatusEnum = pgEnum('invoice_status', invoiceStatuses);
export const invoiceKindEnum = pgEnum('invoice_kind', invoiceKinds);
export const invoicePurposeEnum = pgEnum('invoice_purpose', invoicePurposes);
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);
export const paymentKindEnum = pgEnum('payment_kind', paymentKinds);

/**
 * Invoices and credit notes. The number (`2026-0001`) comes from invoice_counters in the
 * transaction that issues the invoice, so numbers have no gaps. Lines, amounts, the
 * addressee and the number never change once issued (a trigger refuses it); only the status,
 * the paid and void stamps and the Stripe references move. Corrections: void and reissue
 * (`replacesInvoiceId`); refunds: a credit note (`creditsInvoiceId`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: invoiceKindEnum('kind').notNull().default('invoice'),
    status: invoiceStatusEnum('status').notNull().default('open'),
    purpose: invoicePurposeEnum('purpose').notNull(),
    /** What paying it fulfils, read by the purpose's owner (plan id, term dates, event...). */
    purposeDetail: jsonb('purpose_detail').$type<Record<string, unknown>>().notNull().default({}),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    membershipId: uuid('membership_id').references(() => memberships.id, {
      onDelete: 'set null',
    }),
    /** The addressee as printed: name, business, address lines, email. */
    billTo: jsonb('bill_to').$type<Record<string, string>>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    replacesInvoiceId: uuid('replaces_invoice_id'),
    creditsInvoiceId: uuid('credits_invoice_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    /**
     * When the invoice's mail, and the receipt's once paid, went out: each is mailed once,
     * however many clicks, retries or events ask for it (BillingDocuments).
     */
    invoiceMailedAt: timestamp('invoice_mailed_at', { withTimezone: true }),
    receiptMailedAt: timestamp('receipt_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('invoices_stripe_checkout_session_id_key').on(t.stripeCheckoutSessionId),
    uniqueIndex('invoices_stripe_invoice_id_key').on(t.stripeInvoiceId),
    index().on(t.contactId, t.issuedOn),
    index().on(t.membershipId),
    index().on(t.status, t.dueOn),
    check('invoices_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/** The last number used in each year's series; raised in the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [uniqueIndex().on(t.invoiceId, t.position)],
);

/**
 * Money that moved: a payment (online through Stripe, or recorded by staff with its method
 * and reference) or a refund of one. Never updated; a refund is its own row.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: paymentKindEnum('kind').notNull().default('payment'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** For a refund: the payment it gives back. */
    refundOfPaymentId: uuid('refund_of_payment_id'),
    /** For a refund: the credit note that records it. */
    creditNoteId: uuid('credit_note_id').references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    /** Check number, bank reference, or Stripe's payment intent / refund id. */
    reference: text('reference').notNull().default(''),
    receivedOn: date('received_on').notNull(),
    /** Staff who recorded it; null for online payments. */
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id'),
    /**
     * For staff's attention: a refund made at Stripe that gives back more than was left of
     * the payment (recorded all the same, since the money is gone).
     */
    flag: text('flag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.invoiceId),
    index().on(t.receivedOn),
    uniqueIndex('payments_stripe_refund_id_key').on(t.stripeRefundId),
    // A payment intent pays once: a replayed or duplicated webhook cannot record it twice.
    uniqueIndex('payments_stripe_payment_intent_id_key')
      .on(t.stripePaymentIntentId)
      .where(sql`kind = 'payment'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A refund to the card that staff asked for and Stripe has not answered yet: its amount is
 * held back from what is left of the payment (taken under the invoice's lock), so a refund
 * recorded meanwhile cannot give the same money back twice. The row goes when the refund is
 * recorded, or when Stripe refused it; one whose answer never came back is looked up at Stripe
 * by the pending-refunds job (created_at is the portal's clock) and recorded or freed.
 */
export const pendingRefunds = pgTable(
  'pending_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.paymentId),
    check('pending_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every Stripe event handled, by its id: a replay finds its row and does nothing. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** Stripe's `created`, to tell an event that arrives late from a newer one. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** What was done: 'applied', or why nothing was (unknown type, stale, no match). */
    outcome: text('outcome').notNull(),
    /** The Stripe object the event is about (sub_..., cs_...), to tell a stale update. */
    objectId: text('object_id'),
  },
  (t) => [index('stripe_events_object_id_created_at_idx').on(t.objectId, t.createdAt)],
);
