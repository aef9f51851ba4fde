// Owner: modules/check-in. The keys the portal signs its own tokens with: the
// check-in code of a registration.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the portal signs its own tokens with (the check-in code of a registration), made at
 * first use. A leaked key lets someone forge codes; deleting the row retires every code.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
