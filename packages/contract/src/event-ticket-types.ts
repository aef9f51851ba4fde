import { z } from 'zod';
import { ticketPriceCentsSchema } from './event-tickets.js';

/**
 * Ticket types of an event: what it sells when one price pair is not enough (an annual dinner
 * sold by the table of 8 and by the single seat, a golf day by the foursome, an expo by the
 * booth with 2 badges). Each type has its own prices (integer cents; null: free, a member
 * price left out is the visitor's), how many may be sold, a sale window, a per-order limit,
 * and the seats one ticket takes of the event's capacity. An event with no types sells as
 * before.
 */

const intIn = (what: string, min: number, max: number) => {
  const message = `${what} is a whole number from ${min} to ${max}`;
  return z.number({ message }).int(message).min(min, message).max(max, message);
};

export const TICKET_TYPE_NAME_MAX = 80;
/** An event sells at most this many types. */
export const MAX_TICKET_TYPES = 20;

/** A moment of the sale window (ISO 8601 with its offset); the staff form enters it in the chamber's zone. */
const saleMoment = z
  .string()
  .datetime({ offset: true, message: 'A sale date is a date and time (ISO 8601)' })
  .nullable();

const ticketTypeFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A ticket type needs a name')
    .max(TICKET_TYPE_NAME_MAX, `A ticket type's name is at most ${TICKET_TYPE_NAME_MAX} characters`)
    .describe("What it is called on the event page: 'Table of 8', 'Single seat'"),
  memberPriceCents: ticketPriceCentsSchema
    .nullable()
    .describe('Per ticket for members, in cents; null: the visitor price (both null: free)'),
  priceCents: ticketPriceCentsSchema
    .nullable()
    .describe('Per ticket for everyone else, in cents; null: the member price (both null: free)'),
  quantity: intIn('The quantity', 1, 100_000)
    .nullable()
    .describe('How many tickets of this type may be sold; null: only the event capacity limits it'),
  salesOpenAt: saleMoment.describe('When its sale opens; null: open now'),
  salesCloseAt: saleMoment.describe('When its sale closes; null: until the event starts'),
  perOrderLimit: intIn('The per-order limit', 1, 100).describe('Most tickets of it in one order'),
  seatsPerTicket: intIn('Seats per ticket', 1, 100).describe(
    'Seats one ticket takes of the capacity: 1 a single seat, 8 a table of 8, 4 a foursome',
  ),
  sortOrder: intIn('The sort order', 0, 1000).describe('Lower first on the event page'),
});

const windowInOrder = (t: { salesOpenAt: string | null; salesCloseAt: string | null }) =>
  t.salesOpenAt === null ||
  t.salesCloseAt === null ||
  Date.parse(t.salesOpenAt) < Date.parse(t.salesCloseAt);
const windowMessage = { message: 'The sale must open before it closes', path: ['salesCloseAt'] };

/** What staff send to add or change a type (PUT replaces every field). */
export const ticketTypeInputSchema = ticketTypeFields.refine(windowInOrder, windowMessage);
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

/** Why a type is not on sale now, or null while it is. */
export const ticketTypeClosedReasons = [
  'not_yet_open',
  'sale_ended',
  'sold_out',
  'registration_closed',
] as const;

/** A ticket type as the event page (and the staff screen) sees it. */
export const ticketTypeSchema = ticketTypeFields.extend({
  id: z.string().uuid(),
  eventId: z.string().uuid(),
  sold: z.number().int().describe('Tickets of this type sold (held, paid or free)'),
  viewerPriceCents: z
    .number()
    .int()
    .nullable()
    .describe('The price per ticket for this viewer (member or not); null: free'),
  ticketsLeft: z
    .number()
    .int()
    .nullable()
    .describe(
      "Tickets of this type that can still be sold: its own quantity left and the event's seats left, whichever is fewer; null: no limit",
    ),
  onSale: z.boolean(),
  closedReason: z.enum(ticketTypeClosedReasons).nullable().describe('Why it is not on sale'),
  closedMessage: z.string().nullable().describe('The same, in words for the page'),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const ticketTypeListSchema = z.object({
  currency: z.string().describe("The chamber's currency (ISO 4217)"),
  viewerIsMember: z.boolean().describe('The viewer pays the member price'),
  seatsLeft: z.number().int().nullable().describe("The event's seats left; null: no capacity"),
  types: z.array(ticketTypeSchema),
});
export type TicketTypeList = z.infer<typeof ticketTypeListSchema>;
