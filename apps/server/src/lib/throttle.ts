import { lte, sql } from 'drizzle-orm';
import { type Database, type Executor, rateLimits } from '@chamber/db';
import type { Clock } from './clock.js';
import { BatchLine, type Outcome } from './batch-line.js';
import { textArray } from './sql-lists.js';

export interface Window {
  key: string;
  limit: number;
  windowMs: number;
}

export interface ThrottleState {
  blocked: boolean;
  /** Seconds until the fullest window resets (only meaningful when blocked). */
  retryAfter: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** An attempt counted by `Throttle.take`; `at` is the instant its windows were chosen by. */
export interface Attempt extends ThrottleState {
  at: Date;
}

/** An attempt waiting for its counts: its windows and the instant they are chosen by. */
interface Counting {
  windows: Window[];
  at: Date;
}

/** At most this many attempts are counted in one statement. */
const COUNT_BATCH_LIMIT = 64;

/**
 * Fixed-window counters kept in Postgres, so every server process counts the same attempts.
 *
 * An attempt is counted before it is judged (`take`), and given back when it turns out not to
 * be a failure (`refund`). Checking first and counting after the slow password check would let
 * a burst of parallel guesses all pass the check before any of them was counted.
 */
export class Throttle {
  /**
   * Attempts that arrive while a count is at the database wait here and are counted together
   * in the next statement, in their order of arrival: every registration, order and sign-in
   * pays for a count, and under a rush the round trips, not the counting, were the cost.
   */
  private readonly line = new BatchLine<Counting, number[]>(
    (_, attempts) => this.count(attempts),
    COUNT_BATCH_LIMIT,
  );

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt in every window; a blocked attempt is given back at once. Between the
   * count and the give-back of a blocked attempt another attempt may find that window one
   * fuller than it will be; it was full already, so only an attempt sharing another, not yet
   * full window can be refused early.
   */
  async take(windows: Window[]): Promise<Attempt> {
    const at = this.clock.now();
    const counts = windows.length === 0 ? [] : await this.line.take('', { windows, at });
    let retryAfter = 0;
    windows.forEach((w, i) => {
      if (counts[i]! > w.limit) {
        const end = windowStart(at, w.windowMs).getTime() + w.windowMs;
        retryAfter = Math.max(retryAfter, Math.ceil((end - at.getTime()) / 1000));
      }
    });
    if (retryAfter > 0) await this.giveBack(windows, at);
    return { blocked: retryAfter > 0, retryAfter, at };
  }

  /** Gives back an attempt counted by `take`. */
  async refund(windows: Window[], attempt: Attempt): Promise<void> {
    await this.giveBack(windows, attempt.at);
  }

  /** Counts a batch of attempts, each answered its counts as if counted one after the other. */
  private async count(attempts: Counting[]): Promise<Outcome<number[]>[]> {
    const counts = await this.add(this.db, attempts);
    return counts.map((value) => ({ ok: true, value }));
  }

  /** Takes one off each window of an attempt (never below 0), in one statement. */
  private async giveBack(windows: Window[], at: Date): Promise<void> {
    if (windows.length === 0) return;
    /** A window given twice (one key for two limits) is taken off twice. */
    const rows = new Map<string, { key: string; start: string; change: number }>();
    for (const w of windows) {
      const start = windowStart(at, w.windowMs).toISOString();
      const id = `${w.key}\u0000${start}`;
      const row = rows.get(id) ?? { key: w.key, start, change: 0 };
      row.change += 1;
      rows.set(id, row);
    }
    const list = [...rows.values()];
    await this.db.execute(sql`
      update rate_limits set count = greatest(count - w.change, 0)
      from unnest(${textArray(list.map((r) => r.key))},
          ${textArray(list.map((r) => r.start))}::timestamptz[],
          ${textArray(list.map((r) => String(r.change)))}::int[]) as w(key, window_start, change)
      where rate_limits.key = w.key and rate_limits.window_start = w.window_start`);
  }

  /**
   * Adds one to every window of every attempt in one statement and answers each attempt's
   * counts in the order of its windows, as they were right after its own change: the attempts
   * are taken to come one after the other, in the order given. A window shared by several
   * (one address, one network) is written once with their sum. The rows are written, and so
   * locked, in the order of their keys, so concurrent statements (from any process) lock them
   * in one order and cannot deadlock.
   */
  private async add(db: Executor, attempts: Counting[]): Promise<number[][]> {
    /** Each window row (key and start) once, with the change it gets. */
    const rows = new Map<string, { key: string; start: Date; end: Date; change: number }>();
    const rowOf = (w: Window, at: Date) => {
      const start = windowStart(at, w.windowMs);
      const id = `${w.key}\u0000${start.getTime()}`;
      let row = rows.get(id);
      if (!row) {
        row = { key: w.key, start, end: new Date(start.getTime() + w.windowMs), change: 0 };
        rows.set(id, row);
      }
      row.change += 1;
      return id;
    };
    const ids = attempts.map(({ windows, at }) => windows.map((w) => rowOf(w, at)));
    const sorted = [...rows.values()].sort((a, b) =>
      a.key === b.key ? a.start.getTime() - b.start.getTime() : a.key < b.key ? -1 : 1,
    );
    const { rows: written } = await db.execute<{
      key: string;
      start_ms: string;
      count: number;
    }>(sql`
      insert into rate_limits (key, window_start, count, expires_at)
      select key, window_start, change, expires_at
      from unnest(${textArray(sorted.map((r) => r.key))},
          ${textArray(sorted.map((r) => r.start.toISOString()))}::timestamptz[],
          ${textArray(sorted.map((r) => r.end.toISOString()))}::timestamptz[],
          ${textArray(sorted.map((r) => String(r.change)))}::int[])
        with ordinality as w(key, window_start, expires_at, change, n)
      order by n
      on conflict (key, window_start) do update
        set count = rate_limits.count + excluded.count
      returning key, (extract(epoch from window_start) * 1000)::bigint as start_ms, count`);
    /** Each row's count before the batch, then as each attempt in turn leaves it. */
    const running = new Map<string, number>();
    for (const r of written) {
      const id = `${r.key}\u0000${Number(r.start_ms)}`;
      running.set(id, Number(r.count) - rows.get(id)!.change);
    }
    return ids.map((own) =>
      own.map((id) => {
        const count = running.get(id)! + 1;
        running.set(id, count);
        return count;
      }),
    );
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /**
   * Drops windows that have ended and says how many; run by the clean-up job
   * (background/delete-expired-rows.ts), never on the request path.
   */
  async prune(): Promise<number> {
    const deleted = await this.db
      .delete(rateLimits)
      .where(lte(rateLimits.expiresAt, this.clock.now()))
      .returning({ key: rateLimits.key });
    return deleted.length;
  }
}
