import { z } from 'zod';
import { TICKET_HOLD_MINUTES } from './calendar-limits.js';

/**
 * Tickets for events. Free unless the event sets a price; members (signed in, with an active
 * membership) may pay less than everyone else. A party pays party size × its price, on one
 * invoice through billing, as dues are paid.
 */

/** How an event's tickets are paid: online through Checkout, or at the door. */
export const ticketPayments = ['online', 'door'] as const;
export const ticketPaymentSchema = z.enum(ticketPayments);
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;

const priceMessage = 'A ticket price is a whole number of cents from 0 to 100000000';
export const ticketPriceCentsSchema = z
  .number({ message: priceMessage })
  .int(priceMessage)
  .min(0, priceMessage)
  .max(100_000_000, priceMessage);

export const refundCutoffHoursSchema = z
  .number()
  .int('The refund cut-off is a whole number of hours from 0 to 720')
  .min(0, 'The refund cut-off is a whole number of hours from 0 to 720')
  .max(720, 'The refund cut-off is a whole number of hours from 0 to 720');

/** What an event charges, as its page and dialog show it; null on a free event. */
export const eventTicketSchema = z.object({
  memberPriceCents: z.number().int().nullable().describe('Per seat, for members'),
  priceCents: z.number().int().nullable().describe('Per seat, for everyone else'),
  currency: z.string().describe("The chamber's currency (ISO 4217)"),
  payment: ticketPaymentSchema.describe("'online' (Checkout) or 'door' (pay at the door)"),
  refundOnCancel: z.boolean().describe('Cancelling before the cut-off refunds a paid ticket'),
  refundCutoffHours: z.number().int().describe('Hours before the start the cut-off falls'),
  viewerPriceCents: z
    .number()
    .int()
    .nullable()
    .describe('The price per seat that applies to this viewer (member or not); null: free'),
  viewerIsMember: z.boolean().describe('The viewer is signed in with an active membership'),
});
export type EventTicket = z.infer<typeof eventTicketSchema>;

/** Where a registration's ticket stands: its invoice, and how to pay it. */
export const ticketStateSchema = z.object({
  amountCents: z.number().int().describe('Party size × the price per seat'),
  currency: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  status: z
    .enum(['unpaid', 'paid', 'refunded', 'void'])
    .describe('void: the hold ran out (or it was cancelled) before it was paid'),
  payment: ticketPaymentSchema,
  checkoutUrl: z
    .string()
    .nullable()
    .describe('The Stripe Checkout page to pay an unpaid online ticket; null otherwise'),
});
export type TicketState = z.infer<typeof ticketStateSchema>;

/** Staff record a ticket paid at the door, from the check-in page. */
export const doorPaymentRequestSchema = z.object({
  registrationId: z.string().uuid('registrationId must be a registration id'),
  method: z.enum(['cash', 'check', 'card', 'other']),
  reference: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe('The check number; required for a check'),
});
export type DoorPaymentRequest = z.input<typeof doorPaymentRequestSchema>;

export const ticketMessages = {
  paidOnline: 'Complete your payment to confirm your registration.',
  payAtDoor: "You're registered. Please pay at the door.",
  heldSeats: `Your seats are held for ${TICKET_HOLD_MINUTES} minutes while you pay.`,
} as const;
