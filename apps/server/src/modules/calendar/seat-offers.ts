import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import { EventMail } from './event-mail.js';
import * as q from './queries.js';
import { mailOffers } from './registrations.js';
import { settleSeats } from './seats.js';
import { resolveTarget, shownRow } from './targets.js';

/**
 * The offer job's work: every occurrence with an offer past its time or a party waiting is
 * settled under its seat lock (lapsed offers, seats offered down the list), and each new
 * offer is mailed. Occurrences that have started are left alone: no seat is offered then.
 */
export async function settleAllSeats(input: {
  db: Database;
  now: Date;
  config: Config;
  delivery: MailDelivery;
}): Promise<{ occurrences: number; offers: number; mailFailures: number }> {
  const { db, now, config, delivery } = input;
  const mail = new EventMail(db, config, { now: () => now }, delivery);
  let offered = 0;
  let failures = 0;
  const keys = await q.occurrencesToSettle(db, now);
  for (const key of keys) {
    const id = key.occurrenceKey ? `${key.eventId}_${key.occurrenceKey}` : key.eventId;
    const target = await resolveTarget(db, id).catch(() => null);
    if (!target || shownRow(target).startTime <= now) continue;
    const offers = await db.transaction(async (tx) => {
      await q.lockSeats(tx, key);
      return settleSeats(tx, key, shownRow(target).capacity, now);
    });
    offered += offers.length;
    failures += (await mailOffers(mail, config.publicUrl, target, offers)).length;
  }
  return { occurrences: keys.length, offers: offered, mailFailures: failures };
}
