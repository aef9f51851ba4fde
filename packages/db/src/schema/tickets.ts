// Owner: modules/tickets. The ticket types an event sells (a single seat, a table of 8, a
// foursome, a booth with 2 badges), each with its own prices, quantity and sale window.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { events } from './events.js';

/**
 * A ticket type of an event. An event with none sells as before (its own price pair, a party
 * of anonymous guests). Prices are integer cents of the chamber's currency, null for free (a
 * member price left out is the visitor's, as an event's). `quantity` is how many tickets of
 * the type may be sold (null: only the event's capacity limits it); `sold` is how many are,
 * kept by orders under the type's row lock, so a quantity never goes below it. Each ticket
 * takes `seatsPerTicket` of the event's seats.
 */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    memberPriceCents: integer('member_price_cents'),
    priceCents: integer('price_cents'),
    quantity: integer('quantity'),
    sold: integer('sold').notNull().default(0),
    /** The sale window; either end may be open. */
    salesOpenAt: timestamp('sales_open_at', { withTimezone: true }),
    salesCloseAt: timestamp('sales_close_at', { withTimezone: true }),
    perOrderLimit: integer('per_order_limit').notNull().default(10),
    seatsPerTicket: integer('seats_per_ticket').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('event_ticket_types_event_idx').on(t.eventId, t.sortOrder),
    check('event_ticket_types_seats_check', sql`${t.seatsPerTicket} between 1 and 100`),
    check('event_ticket_types_limit_check', sql`${t.perOrderLimit} between 1 and 100`),
    check(
      'event_ticket_types_sold_check',
      sql`${t.sold} >= 0 and (${t.quantity} is null or ${t.sold} <= ${t.quantity})`,
    ),
    check(
      'event_ticket_types_window_check',
      sql`${t.salesOpenAt} is null or ${t.salesCloseAt} is null or ${t.salesOpenAt} < ${t.salesCloseAt}`,
    ),
  ],
);
