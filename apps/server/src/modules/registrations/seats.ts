import { chambers, type Executor } from '@chamber/db';
import { asc } from 'drizzle-orm';
import { AppError } from '../../lib/errors.js';
import { issueManageToken } from './manage-links.js';
import * as oq from './order-queries.js';
import { voidOpenInvoices } from '../billing/index.js';
import { calendarQueries as q, type RegistrationRow, type SeatKey } from '../calendars/index.js';
import type { typeQueries as tt } from '../tickets/index.js';

const HOUR = 3_600_000;

/** A waiting party offered seats, with the fresh manage link its offer mail carries. */
export interface Offer {
  row: RegistrationRow;
  token: string;
}

/** How long a waiting party has to take offered seats: the chamber's setting, 24 h unless set. */
export async function seatOfferHours(db: Executor): Promise<number> {
  const [row] = await db
    .select({ hours: chambers.seatOfferHours })
    .from(chambers)
    .orderBy(asc(chambers.createdAt))
    .limit(1);
  return row?.hours ?? 24;
}

/**
 * Brings an occurrence's seats up to date, under its seat lock: offers and unpaid ticket
 * holds whose time ran out lapse (a hold's invoice is voided), and free seats are offered down the waiting list, to each waiting party that fits
 * in turn (a party of 4 waits while a party of 2 behind it takes the 2 seats left). Offered
 * seats are kept for the party until the offer expires. Safe to repeat.
 */
export async function settleSeats(
  tx: Executor,
  key: SeatKey,
  capacity: number | null,
  now: Date,
): Promise<Offer[]> {
  return (await settleAndCount(tx, key, capacity, now)).offers;
}

/**
 * `settleSeats`, also answering the seats taken once the offers are made, and the event's
 * ticket types as recounted, under their row locks.
 */
export async function settleAndCount(
  tx: Executor,
  key: SeatKey,
  capacity: number | null,
  now: Date,
): Promise<{ offers: Offer[]; taken: number; types: tt.TicketTypeRow[] }> {
  const { taken, anyoneWaiting, unpaidInvoiceIds } = await q.lapseAndCount(tx, key, now);
  await voidOpenInvoices(tx, {
    invoiceIds: unpaidInvoiceIds,
    reason: 'The seats were not paid for in time.',
    now,
  });
  let free = capacity === null ? Number.POSITIVE_INFINITY : capacity - taken;
  // A sold-out occurrence's waiting list (thousands, under a rush) is not read. A hold or
  // offer that lapsed gave its tickets back: the types' `sold` is recounted either way.
  if (!anyoneWaiting || free <= 0) {
    return { offers: [], taken, types: await oq.recountSold(tx, key.eventId, now) };
  }
  const waiting = await q.waitingParties(tx, key);
  const holdUntil = new Date(now.getTime() + (await seatOfferHours(tx)) * HOUR);
  const offers: Offer[] = [];
  let offered = 0;
  // A waiting order also needs its tickets left of each of its types (orders.ts).
  const lines = await oq.linesOf(
    tx,
    waiting.map((p) => p.id),
  );
  const room = lines.length > 0 ? await oq.typeRoom(tx, key.eventId, now) : null;
  for (const party of waiting) {
    if (party.guests > free) continue;
    if (room) {
      const own = lines.filter((l) => l.registrationId === party.id);
      if (
        own.some((l) => (room.get(l.typeId) ?? null) !== null && l.quantity > room.get(l.typeId)!)
      ) {
        continue;
      }
      for (const l of own) {
        const left = room.get(l.typeId);
        if (left !== null && left !== undefined) room.set(l.typeId, left - l.quantity);
      }
    }
    const { token, hash } = issueManageToken();
    const row = await q.updateRegistration(tx, party.id, {
      seatStatus: 'offered',
      holdUntil,
      manageTokenHash: hash,
      updatedAt: now,
    });
    offers.push({ row, token });
    free -= party.guests;
    offered += party.guests;
    if (free <= 0) break;
  }
  // Tickets offered to waiting orders, and those of lapsed holds and offers, count on their
  // types' rows.
  const types = await oq.recountSold(tx, key.eventId, now);
  return { offers, taken: taken + offered, types };
}

/**
 * Whether a party of `guests` fits, and the largest that does, counting every seat-holder
 * but the registration `except` (one changing its size).
 */
export async function seatsFor(
  tx: Executor,
  key: SeatKey,
  capacity: number | null,
  now: Date,
  except?: string,
): Promise<{ fits: (guests: number) => boolean; left: number | null }> {
  if (capacity === null) return { fits: () => true, left: null };
  const left = Math.max(0, capacity - (await q.seatsTaken(tx, key, now, except)));
  return { fits: (guests) => guests <= left, left };
}

/** A party size the seats cannot take; `most` is the largest that fits. */
export function notEnoughSeats(most: number): AppError {
  return new AppError(
    'conflict',
    most === 0
      ? 'There are no seats left for your party.'
      : `Not enough seats left: your party can be at most ${most}.`,
  );
}
