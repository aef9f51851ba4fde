import type { Executor } from '@chamber/db';
import {
  calendarQueries as q,
  type NewParty,
  type SeatAttempt,
  type SeatKey,
} from '../calendars/index.js';

/** At most this many parties go to the database in one statement. */
export const BATCH_LIMIT = 64;

interface Waiting {
  party: NewParty;
  resolve(attempt: SeatAttempt): void;
  reject(err: unknown): void;
}

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
  /** The parties waiting per occurrence (and capacity); present while a batch is out. */
  private readonly lines = new Map<string, Waiting[]>();

  constructor(
    private readonly db: Executor,
    private readonly limit = BATCH_LIMIT,
  ) {}

  take(key: SeatKey, capacity: number | null, party: NewParty): Promise<SeatAttempt> {
    const line = `${key.eventId} ${key.occurrenceKey} ${capacity ?? ''}`;
    return new Promise((resolve, reject) => {
      const waiting = { party, resolve, reject };
      const queue = this.lines.get(line);
      if (queue) {
        queue.push(waiting);
        return;
      }
      this.lines.set(line, []);
      void this.run(line, key, capacity, [waiting]);
    });
  }

  private async run(line: string, key: SeatKey, capacity: number | null, batch: Waiting[]) {
    try {
      const attempts = await q.takeSeatsOrQueue(
        this.db,
        key,
        capacity,
        batch.map((w) => w.party),
      );
      batch.forEach((w, i) => w.resolve(attempts[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
      } else {
        // One party's fault is its own: the others are taken one by one, each with its answer.
        for (const w of batch) {
          await q.takeSeatsOrQueue(this.db, key, capacity, [w.party]).then(
            ([attempt]) => w.resolve(attempt!),
            (one: unknown) => w.reject(one),
          );
        }
      }
    }
    const queue = this.lines.get(line)!;
    if (queue.length === 0) {
      this.lines.delete(line);
      return;
    }
    void this.run(line, key, capacity, queue.splice(0, this.limit));
  }
}
