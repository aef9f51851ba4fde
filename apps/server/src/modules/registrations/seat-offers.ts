import type { Database } from '@chamber/db';
import { calendarQueries as q, resolveTarget, shownRow } from '../calendars/index.js';
import { queueOffers } from './rules.js';
import { settleSeats } from './seats.js';

/**
 * The offer job's work: every occurrence with an offer past its time or a party waiting is
 * settled under its seat lock (lapsed offers, seats offered down the list), and each new
 * offer's mail is written to the outbox with it. Occurrences that have started are left alone: no seat is offered then.
 */
export async function settleAllSeats(input: {
  db: Database;
  now: Date;
}): Promise<{ occurrences: number; offers: number }> {
  const { db, now } = input;
  let offered = 0;
  const keys = await q.occurrencesToSettle(db, now);
  for (const key of keys) {
    const id = key.occurrenceKey ? `${key.eventId}_${key.occurrenceKey}` : key.eventId;
    const target = await resolveTarget(db, id).catch(() => null);
    if (!target || shownRow(target).startTime <= now) continue;
    const offers = await db.transaction(async (tx) => {
      await q.lockSeats(tx, key);
      const offers = await settleSeats(tx, key, shownRow(target).capacity, now);
      await queueOffers(tx, now, offers);
      return offers;
    });
    offered += offers.length;
  }
  return { occurrences: keys.length, offers: offered };
}
