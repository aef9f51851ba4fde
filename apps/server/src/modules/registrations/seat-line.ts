import type { Executor } from '@chamber/db';
import { BatchLine, type Outcome } from '../../lib/batch-line.js';
import {
  calendarQueries as q,
  type NewParty,
  type SeatAttempt,
  type SeatKey,
} from '../calendars/index.js';

/** At most this many parties go to the database in one statement. */
export const BATCH_LIMIT = 64;

/**
 * New registrations for one occurrence, taken in the order they arrived, in batches: while one
 * statement for an occurrence is at the database, the parties that arrive for it wait here,
 * and go together in the next (`takeSeatsOrQueue`). A lone registration goes at once, as
 * before. In a rush, the occurrence's seat lock is taken once per batch instead of once per
 * party: each pass of the lock cost a commit and a wake-up of the next connection, and
 * PostgreSQL let the waiting connections have it in no particular order, so some waited for
 * many others (a registration's p99 was three times its median). Here they wait in arrival
 * order.
 *
 * Only this process's registrations line up here; another process's take the same lock in the
 * database, so the seats stay right with any number of processes.
 */
export class SeatLine {
  private readonly line: BatchLine<Party, SeatAttempt>;

  constructor(
    private readonly db: Executor,
    limit = BATCH_LIMIT,
  ) {
    this.line = new BatchLine((_, parties) => this.takeAll(parties), limit);
  }

  take(key: SeatKey, capacity: number | null, party: NewParty): Promise<SeatAttempt> {
    const line = `${key.eventId} ${key.occurrenceKey} ${capacity ?? ''}`;
    return this.line.take(line, { key, capacity, party });
  }

  /** One statement for the batch (if it fails, the line sends each party alone). */
  private async takeAll(parties: Party[]): Promise<Outcome<SeatAttempt>[]> {
    const { key, capacity } = parties[0]!;
    const attempts = await q.takeSeatsOrQueue(
      this.db,
      key,
      capacity,
      parties.map((p) => p.party),
    );
    return attempts.map((value) => ({ ok: true, value }));
  }
}

/** A party waiting in the line, with the occurrence it is for. */
interface Party {
  key: SeatKey;
  capacity: number | null;
  party: NewParty;
}
