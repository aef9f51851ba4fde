import { z } from 'zod';
import { PROMO_CODE_MAX } from './benefits.js';
import { eventRegistrationSchema } from './calendar-registrations.js';
import { ticketStateSchema } from './event-tickets.js';

/**
 * Orders of an event's ticket types: so many tickets of each type, the attendees they seat
 * (named now or later from the manage link), priced once on the server. One order is one
 * registration of as many seats as its tickets take, so its manage link, mails and counts
 * are a registration's.
 */

/** Most tickets of all types in one order; each type's own per-order limit applies first. */
export const MAX_ORDER_TICKETS = 100;
export const ATTENDEE_NAME_MAX = 120;
export const ATTENDEE_NOTE_MAX = 300;

const uuid = (what: string) => z.string().uuid(`${what} is a UUID`);

export const orderItemSchema = z.object({
  typeId: uuid('A ticket type id').describe('The ticket type'),
  quantity: z
    .number({ message: 'A quantity is a whole number from 1 to 100' })
    .int('A quantity is a whole number from 1 to 100')
    .min(1, 'A quantity is a whole number from 1 to 100')
    .max(MAX_ORDER_TICKETS, 'A quantity is a whole number from 1 to 100')
    .describe('How many tickets of the type'),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const orderItemsSchema = z
  .array(orderItemSchema)
  .min(1, 'Choose at least one ticket')
  .max(20, 'An order has at most 20 lines')
  .refine((items) => new Set(items.map((i) => i.typeId)).size === items.length, {
    message: 'Each ticket type appears once in an order',
  });

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An attendee's details: all optional (a table's names may come later). */
export const attendeeDetailsSchema = z.object({
  name: optionalText(ATTENDEE_NAME_MAX, 'A name'),
  email: z
    .string()
    .trim()
    .max(254, 'An email address is at most 254 characters')
    .email('Enter a valid email address')
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  dietaryNote: optionalText(ATTENDEE_NOTE_MAX, 'A dietary note'),
});
export type AttendeeDetails = z.input<typeof attendeeDetailsSchema>;

export const orderAttendeeInputSchema = attendeeDetailsSchema.extend({
  typeId: uuid('A ticket type id').describe('The type whose seat this attendee takes'),
});

/** A promo code typed at checkout: blank is none. */
const promoCodeField = z
  .string()
  .trim()
  .max(PROMO_CODE_MAX, 'No code is that long')
  .optional()
  .transform((v) => (v ? v : undefined))
  .describe('A promo code; checked on the server, refused with its reason');

/** POST /events/{id}/orders/quote. */
export const orderQuoteInputSchema = z.object({
  items: orderItemsSchema,
  promoCode: promoCodeField,
});
export type OrderQuoteInput = z.input<typeof orderQuoteInputSchema>;

/** POST /events/{id}/orders. */
export const placeOrderSchema = z.object({
  items: orderItemsSchema,
  promoCode: promoCodeField,
  attendees: z
    .array(orderAttendeeInputSchema)
    .max(1000, 'Too many attendees')
    .default([])
    .describe('Named attendees, each of a type ordered; at most its seats'),
  joinWaitingList: z
    .boolean()
    .default(false)
    .describe('Not left: true waits on the list, false (default) is refused (409)'),
  buyer: z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name')
      .max(ATTENDEE_NAME_MAX, `A name is at most ${ATTENDEE_NAME_MAX} characters`),
    email: z
      .string()
      .trim()
      .min(1, 'Enter your email address')
      .max(254, 'An email address is at most 254 characters')
      .email('Enter a valid email address'),
    phone: optionalText(40, 'A phone number'),
  }),
});
export type PlaceOrder = z.input<typeof placeOrderSchema>;

export const orderLineSchema = z.object({
  typeId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  seats: z.number().int().describe('Seats the line takes (quantity × seats per ticket)'),
  unitCents: z.number().int(),
  discountCents: z.number().int(),
  lineCents: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderDiscountSchema = z.object({
  kind: z.string(),
  label: z.string(),
  amountCents: z.number().int(),
});

/** The priced order: what the form shows before paying, and what the order charges. */
export const orderQuoteSchema = z.object({
  lines: z.array(orderLineSchema),
  discounts: z.array(orderDiscountSchema),
  totalCents: z.number().int(),
  currency: z.string(),
  seats: z.number().int().describe('Seats of the whole order'),
  viewerIsMember: z.boolean(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderAttendeeSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  position: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  dietaryNote: z.string().nullable(),
  qrToken: z.string().describe('What the attendee’s own QR code carries'),
  checkedInAt: z.string().nullable(),
});
export type OrderAttendee = z.infer<typeof orderAttendeeSchema>;

/** An order's tickets and attendees, as its buyer (manage link) and staff see them. */
export const orderDetailsSchema = z.object({
  lines: z.array(orderLineSchema),
  totalCents: z.number().int(),
  attendees: z.array(orderAttendeeSchema),
  namesUntil: z.string().describe('The buyer may change names until then (the event’s start)'),
  canEditNames: z.boolean(),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const orderStatuses = ['confirmed', 'awaiting_payment', 'waitlisted'] as const;

/** The answer to POST /events/{id}/orders. */
export const placedOrderSchema = orderDetailsSchema.extend({
  status: z.enum(orderStatuses),
  registration: eventRegistrationSchema,
  currency: z.string(),
  manageUrl: z.string().describe('The manage link (also mailed)'),
  ticket: ticketStateSchema.nullable().describe('A paid order: its invoice and Checkout page'),
  message: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** PUT of one attendee (manage link or staff). */
export const updateAttendeeSchema = attendeeDetailsSchema;
export type UpdateAttendee = z.input<typeof updateAttendeeSchema>;

/** An event's orders with their attendees, for staff. */
export const eventOrdersSchema = z.object({
  orders: z.array(
    orderDetailsSchema.extend({
      registrationId: z.string(),
      buyerName: z.string(),
      buyerEmail: z.string(),
      seatStatus: z.string(),
    }),
  ),
});
export type EventOrders = z.infer<typeof eventOrdersSchema>;
