import { type OrderItem, ticketPriceFor } from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { isMember } from './service.js';
import type { TicketTypeRow } from './type-queries.js';

/** One priced line of an order: a type, how many, the seats they take and what they cost. */
export interface PricedLine {
  typeId: string;
  name: string;
  quantity: number;
  seats: number;
  unitCents: number;
  discountCents: number;
  lineCents: number;
}

/** A reduction of the order's total (promo codes and plan benefits come here). */
export interface OrderDiscount {
  kind: string;
  label: string;
  amountCents: number;
}

/** What discounts take off an order: per line, and named for the buyer. */
export interface Discounted {
  lines: readonly { typeId: string; discountCents: number }[];
  discounts: OrderDiscount[];
}

export interface PricedOrder {
  lines: PricedLine[];
  discounts: OrderDiscount[];
  totalCents: number;
  /** The seats of the whole order. */
  seats: number;
  viewerIsMember: boolean;
}

/**
 * The one place an order is priced: the quote the form shows and the order that is charged
 * both call it, so the total the buyer saw is the total invoiced. Each type's price for the
 * viewer is the tickets' price rule (`ticketPriceFor`: the member price for a signed-in person
 * of a business whose membership is current, else the visitor price; null is free). Items
 * name types of `types` (the event's), each at most once; anything else is a 400.
 *
 * `discounted` is what promo codes and plan benefits take off (the benefits module works it
 * out from the undiscounted lines): each line's `discountCents`, never more than the line,
 * and the discounts named for the buyer. The total is the lines' sum after their discounts.
 */
export function priceOrder(
  types: readonly TicketTypeRow[],
  items: readonly OrderItem[],
  viewer: Session | null,
  discounted?: Discounted,
): PricedOrder {
  const member = isMember(viewer);
  const byId = new Map(types.map((t) => [t.id, t]));
  const lines = items.map((item): PricedLine => {
    const type = byId.get(item.typeId);
    if (!type)
      throw new AppError('bad_request', 'A ticket type of this order is not sold for this event.');
    const unitCents = ticketPriceFor(type, member) ?? 0;
    const off = discounted?.lines.find((l) => l.typeId === type.id)?.discountCents ?? 0;
    const discountCents = Math.min(Math.max(0, off), unitCents * item.quantity);
    return {
      typeId: type.id,
      name: type.name,
      quantity: item.quantity,
      seats: item.quantity * type.seatsPerTicket,
      unitCents,
      discountCents,
      lineCents: unitCents * item.quantity - discountCents,
    };
  });
  const discounts: OrderDiscount[] = discounted?.discounts ?? [];
  const totalCents = lines.reduce((sum, l) => sum + l.lineCents, 0);
  return {
    lines,
    discounts,
    totalCents: Math.max(0, totalCents),
    seats: lines.reduce((sum, l) => sum + l.seats, 0),
    viewerIsMember: member,
  };
}
