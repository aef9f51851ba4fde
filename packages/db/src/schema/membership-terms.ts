// Owner: modules/memberships. Each paid term of a membership. Apart from memberships.ts
// because a term points at the invoice that paid it while an invoice points at its
// membership: in one file with the memberships the two files would import each other.
import { date, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
import { membershipPlans, memberships } from './memberships.js';

/** Each paid term of a membership (a join, a renewal, an upgrade's remainder). */
export const membershipTerms = pgTable(
  'membership_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    /** The invoice that paid for it (null for terms staff granted without one). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.membershipId, t.startsOn), uniqueIndex().on(t.invoiceId)],
);
