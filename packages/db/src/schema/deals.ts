// Owner: modules/deals. Member deals published from elite listings.
import { date, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { dealAudiences } from '@chamber/contract/vocabulary';
import { timestamps } from './columns.js';
import { contacts } from './members.js';

export const dealAudienceEnum = pgEnum('deal_audience', dealAudiences);

/**
 * A member deal (/deals): an offer a member whose tier includes coupons publishes from their
 * listing. Kept when the tier is lost (hidden until it returns); gone with the contact.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    offer: text('offer').notNull(),
    code: text('code'),
    /** The offer's last day in the chamber's time zone; null: until withdrawn. */
    validUntil: date('valid_until'),
    terms: text('terms'),
    audience: dealAudienceEnum('audience').notNull().default('public'),
    ...timestamps,
  },
  (t) => [
    index('deals_contact_id_idx').on(t.contactId),
    index('deals_created_at_idx').on(t.createdAt),
  ],
);
