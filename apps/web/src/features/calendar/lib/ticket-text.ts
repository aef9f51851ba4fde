import {
  type EventTicket,
  formatMoney,
  type RegistrationResult,
  TICKET_HOLD_MINUTES,
  type TicketState,
  type TicketType,
  ticketPriceFor,
} from '@chamber/contract';
import { readItem, removeItem, writeItem } from '@/lib/storage';

/**
 * Whether an event sold by ticket types has nothing left to order: every type sold out (its
 * own quantity, or the event's seats). A type not on sale yet, or no longer, is not sold out.
 * Then its page offers the waiting list, as for an event without types whose seats are gone.
 */
export const typesSoldOut = (types: readonly TicketType[]): boolean =>
  types.length > 0 && types.every((t) => t.closedReason === 'sold_out' || t.ticketsLeft === 0);

/** '$25.00', or 'Free' for no price. */
export const priceLabel = (cents: number | null, currency: string) =>
  cents === null ? 'Free' : formatMoney(cents, currency);

/** What the event page says an event costs: the viewer's price first, then both prices. */
export function ticketLines(ticket: EventTicket | null) {
  if (!ticket) return { yours: 'Free', both: null, payment: null, refund: null };
  const member = ticketPriceFor(ticket, true);
  const others = ticketPriceFor(ticket, false);
  return {
    yours: `${priceLabel(ticket.viewerPriceCents, ticket.currency)}${
      ticket.viewerPriceCents === null ? '' : ' per seat'
    }${ticket.viewerIsMember ? ' (member price)' : ''}`,
    both: `Members ${priceLabel(member, ticket.currency)} · Non-members ${priceLabel(others, ticket.currency)}`,
    payment:
      ticket.payment === 'online'
        ? `Paid online when you register; your seats are held ${TICKET_HOLD_MINUTES} minutes while you pay.`
        : 'Paid at the door.',
    refund: ticket.refundOnCancel
      ? `Cancelling at least ${ticket.refundCutoffHours} hours before the start refunds a ticket paid online.`
      : null,
  };
}

/** A ticket being paid through Checkout, remembered in this browser for the way back. */
export interface PendingTicket {
  amountCents: number;
  currency: string;
  invoiceNumber: string;
  holdUntil: string;
  checkoutUrl: string;
}

const pendingKey = (eventId: string) => `event-ticket:${eventId}`;

export function rememberPendingTicket(eventId: string, ticket: TicketState, holdUntil: string) {
  if (!ticket.checkoutUrl) return;
  const pending: PendingTicket = {
    amountCents: ticket.amountCents,
    currency: ticket.currency,
    invoiceNumber: ticket.invoiceNumber,
    holdUntil,
    checkoutUrl: ticket.checkoutUrl,
  };
  writeItem('local', pendingKey(eventId), JSON.stringify(pending));
}

export function readPendingTicket(eventId: string): PendingTicket | null {
  try {
    const value = JSON.parse(readItem('local', pendingKey(eventId)) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return null;
    const t = value as Partial<PendingTicket>;
    return typeof t.amountCents === 'number' &&
      typeof t.currency === 'string' &&
      typeof t.invoiceNumber === 'string' &&
      typeof t.holdUntil === 'string' &&
      typeof t.checkoutUrl === 'string'
      ? (t as PendingTicket)
      : null;
  } catch {
    return null;
  }
}

export const forgetPendingTicket = (eventId: string) => removeItem('local', pendingKey(eventId));

/** 'held until 7:42 PM (12 minutes left)' or null once the hold has run out. */
export function holdText(holdUntil: string, now: Date): string | null {
  const left = Math.ceil((new Date(holdUntil).getTime() - now.getTime()) / 60_000);
  if (left <= 0) return null;
  const at = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(
    new Date(holdUntil),
  );
  return `Your seats are held until ${at} (${left} ${left === 1 ? 'minute' : 'minutes'} left) while you pay.`;
}

/** The side card's heading while seats are held for a ticket not yet paid. */
export const HELD_HEADING = 'Not paid yet — pay to keep your seat';

/** Where this browser's ticket stands: paid, due (at the door or online), or released. */
export interface TicketNotice {
  tone: 'paid' | 'due' | 'released';
  text: string;
  /** Seats held until an online payment: not registered yet (HELD_HEADING). */
  held?: boolean;
  /** The Checkout page, while the seats are held. */
  payUrl?: string;
}

/** A ticket to pay at the door: the amount due there. */
export function doorNotice(result: RegistrationResult): TicketNotice | null {
  const ticket = result.ticket;
  if (!ticket || ticket.status !== 'unpaid' || ticket.payment !== 'door') return null;
  return {
    tone: 'due',
    text: `${formatMoney(ticket.amountCents, ticket.currency)} is due at the door (invoice ${ticket.invoiceNumber}).`,
  };
}

export interface CheckoutReturn {
  notice: TicketNotice | null;
  settled: boolean;
  released: boolean;
}

/**
 * What the page says on the way back from Checkout, from what this browser remembered when it
 * left: paid, still held (with the way back to the payment page), or released.
 */
export function checkoutReturn(eventId: string, paid: boolean, now: Date): CheckoutReturn {
  const pending = readPendingTicket(eventId);
  if (!pending) return { notice: null, settled: false, released: false };
  const amount = formatMoney(pending.amountCents, pending.currency);
  if (paid) {
    return {
      notice: {
        tone: 'paid',
        text: `Paid: ${amount} (invoice ${pending.invoiceNumber}). Your confirmation and receipt are on their way to your email.`,
      },
      settled: true,
      released: false,
    };
  }
  const held = holdText(pending.holdUntil, now);
  if (held) {
    return {
      notice: {
        tone: 'due',
        text: `Not paid yet: ${amount} (invoice ${pending.invoiceNumber}). ${held}`,
        payUrl: pending.checkoutUrl,
        held: true,
      },
      settled: false,
      released: false,
    };
  }
  return {
    notice: {
      tone: 'released',
      text: `The 30 minutes to pay ${amount} ran out and your seats were released. You can register again.`,
    },
    settled: true,
    released: true,
  };
}
