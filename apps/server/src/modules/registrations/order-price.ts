import type { OrderItem } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { discountsFor, type Redemption, viewerOf } from '../benefits/index.js';
import type { EventRow } from '../calendars/index.js';
import { type PricedOrder, priceOrder, typeQueries as tt } from '../tickets/index.js';

/**
 * Whether an order's price is its types' prices for the viewer, with nothing to read or
 * record: without a code, only a current member's plan can take anything off.
 */
export function pricedAlone(viewer: Session | null, promoCode: string | undefined): boolean {
  return !promoCode && !viewerOf(viewer).isMember;
}

/**
 * The order priced for the viewer with what a promo code and the plan's benefits take off
 * (the benefits module decides that from the undiscounted lines); a code that does not
 * apply is refused with its reason. Answers too the uses to record with the order.
 */
export async function priceWithDiscounts(
  db: Executor,
  event: EventRow,
  types: tt.TicketTypeRow[],
  items: OrderItem[],
  viewer: Session | null,
  promoCode: string | undefined,
  now: Date,
): Promise<{ priced: PricedOrder; redemptions: Redemption[] }> {
  const base = priceOrder(types, items, viewer);
  const buyer = viewerOf(viewer);
  if (pricedAlone(viewer, promoCode)) return { priced: base, redemptions: [] };
  const seatsOf = new Map(types.map((t) => [t.id, t.seatsPerTicket]));
  const answer = await discountsFor(db, {
    // Orders are for one event, not a series' date: its row is all that names it.
    event: { ids: [event.id], title: event.title },
    lines: base.lines.map((l) => ({
      typeId: l.typeId,
      name: l.name,
      quantity: l.quantity,
      seatsPerTicket: seatsOf.get(l.typeId) ?? 1,
      unitCents: l.unitCents,
    })),
    viewer: buyer,
    promoCode,
    at: now,
  });
  if ('error' in answer) throw new AppError('bad_request', answer.error.message);
  return {
    priced: priceOrder(types, items, viewer, answer),
    redemptions: answer.redemptions,
  };
}
