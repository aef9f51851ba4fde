// Owner: modules/benefits. Promo codes and the uses of promo codes and plan benefits. The
// benefits themselves are data on the membership plan (memberships.ts, `ticket_benefits`).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { contacts } from './members.js';

/**
 * A promo code: a percentage or an amount off, for one event (maybe only some of its ticket
 * types) or for every event, valid in a window, maybe for members only, with a usage limit.
 * `uses` counts the orders that used it, raised under the row's lock; the check constraint
 * holds it to the limit, so two parallel orders never use a code past it. Codes are unique
 * whatever their case.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    /** `percent` (percentOff) or `amount` (amountOffCents, once per order). */
    kind: text('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** Null: every event. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** Empty: every type of the event. */
    ticketTypeIds: uuid('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    usageLimit: integer('usage_limit'),
    uses: integer('uses').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    membersOnly: boolean('members_only').notNull().default(false),
    /** Ended by staff: refused from then on (a used code is ended, not deleted). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`lower(${t.code})`),
    check(
      'promo_codes_kind_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.kind} = 'amount' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      'promo_codes_uses_check',
      sql`${t.uses} >= 0 and (${t.usageLimit} is null or ${t.uses} <= ${t.usageLimit})`,
    ),
    check(
      'promo_codes_window_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);

/** One order's use of a promo code: the registration it priced and what it took off. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_code_redemptions_code_idx').on(t.promoCodeId)],
);

/**
 * How much of a plan benefit a business used in one period (`2026-11` for a month, `2026` for
 * a year, in the chamber's zone). A row per business, benefit and period: the primary key and
 * the check constraint hold `used` to the allowance, so two parallel orders never take the
 * benefit past it.
 */
export const benefitUsage = pgTable(
  'benefit_usage',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    benefitId: uuid('benefit_id').notNull(),
    period: text('period').notNull(),
    used: integer('used').notNull(),
    allowance: integer('allowance').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.benefitId, t.period] }),
    check('benefit_usage_used_check', sql`${t.used} >= 0 and ${t.used} <= ${t.allowance}`),
  ],
);

/** Each use of a plan benefit: the registration it priced, how many tickets, what it took off. */
export const benefitRedemptions = pgTable(
  'benefit_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    benefitId: uuid('benefit_id').notNull(),
    period: text('period').notNull(),
    registrationId: uuid('registration_id').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('benefit_redemptions_contact_idx').on(t.contactId, t.benefitId, t.period)],
);
