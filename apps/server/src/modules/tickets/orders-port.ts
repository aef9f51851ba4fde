import type {
  EventOrders,
  OrderAttendee,
  OrderItem,
  OrderQuote,
  PlacedOrder,
  placeOrderSchema,
  updateAttendeeSchema,
} from '@chamber/contract';
import type { z } from 'zod';
import type { Session } from '../../plugins/auth.js';

/**
 * What the orders routes of this module need of the registrations module, which keeps an
 * order as one registration with its lines and attendees (its seat lock, waiting list, manage
 * link and mail). Handed in as this (modules/index.ts), so tickets does not import
 * registrations, which builds on it.
 */
export interface OrderDesk {
  quote(
    eventId: string,
    items: OrderItem[],
    viewer: Session | null,
    promoCode?: string,
  ): Promise<OrderQuote>;
  place(
    eventId: string,
    body: z.output<typeof placeOrderSchema>,
    viewer: Session | null,
    ip: string,
  ): Promise<PlacedOrder>;
  ordersOf(eventId: string): Promise<EventOrders>;
  updateAttendee(
    eventId: string,
    attendeeId: string,
    details: z.output<typeof updateAttendeeSchema>,
  ): Promise<OrderAttendee>;
}
