// Owner: modules/site. Messages of the native contact form and nominations.
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { submissionKinds } from '@chamber/contract/vocabulary';

export const submissionKindEnum = pgEnum('submission_kind', submissionKinds);

/** A message from the native contact form or a nomination from the nominations page. */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: submissionKindEnum('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The nominee (business or person) for nominations. */
    nominee: text('nominee'),
    /** The nominee's business, for customer-service nominations. */
    nomineeBusiness: text('nominee_business'),
    message: text('message').notNull(),
    /** Whether the mail to the chamber's office went out. */
    mailed: boolean('mailed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submissions_created_at_idx').on(t.createdAt.desc(), t.id)],
);
