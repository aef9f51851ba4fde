import { lte, sql } from 'drizzle-orm';
import { type Database, type Executor, rateLimits } from '@chamber/db';
import type { Clock } from './clock.js';
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

/**
 * Fixed-window counters kept in Postgres, so every server process counts the same attempts.
 *
 * An attempt is counted before it is judged (`take`), and given back when it turns out not to
 * be a failure (`refund`). Checking first and counting after the slow password check would let
 * a burst of parallel guesses all pass the check before any of them was counted.
 */
export class Throttle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt in every window; a blocked attempt is given back at once. One
   * statement, not a transaction around one per window: every registration and sign-in
   * pays for this, and each round trip (begin, each window, commit) cost the server and
   * the database more than the counting. Between the count and the give-back of a blocked
   * attempt another attempt may find that window one fuller than it will be; it was full
   * already, so only an attempt sharing another, not yet full window can be refused early.
   */
  async take(windows: Window[]): Promise<Attempt> {
    const at = this.clock.now();
    const counts = await this.add(this.db, windows, at, 1);
    let retryAfter = 0;
    windows.forEach((w, i) => {
      if (counts[i]! > w.limit) {
        const end = windowStart(at, w.windowMs).getTime() + w.windowMs;
        retryAfter = Math.max(retryAfter, Math.ceil((end - at.getTime()) / 1000));
      }
    });
    if (retryAfter > 0) await this.add(this.db, windows, at, -1);
    return { blocked: retryAfter > 0, retryAfter, at };
  }

  /** Gives back an attempt counted by `take`. */
  async refund(windows: Window[], attempt: Attempt): Promise<void> {
    await this.add(this.db, windows, attempt.at, -1);
  }

  /**
   * Adds `delta` to every window in one statement and answers the counts in the order given.
   * The rows are inserted, and so locked, in the order given, so concurrent attempts lock
   * them in one order and cannot deadlock.
   */
  private async add(db: Executor, windows: Window[], at: Date, delta: number): Promise<number[]> {
    if (windows.length === 0) return [];
    const rowsOf = new Set(windows.map((w) => `${w.key} ${windowStart(at, w.windowMs).getTime()}`));
    if (rowsOf.size < windows.length) {
      // One statement cannot change a row twice: a key given twice is counted one by one.
      const counts: number[] = [];
      for (const w of windows) counts.push(...(await this.add(db, [w], at, delta)));
      return counts;
    }
    const keys = windows.map((w) => w.key);
    const starts = windows.map((w) => windowStart(at, w.windowMs).toISOString());
    const ends = windows.map((w) =>
      new Date(windowStart(at, w.windowMs).getTime() + w.windowMs).toISOString(),
    );
    const { rows } = await db.execute<{ key: string; start_ms: string; count: number }>(sql`
      insert into rate_limits (key, window_start, count, expires_at)
      select key, window_start, greatest(${delta}::int, 0), expires_at
      from unnest(${textArray(keys)}, ${textArray(starts)}::timestamptz[], ${textArray(ends)}::timestamptz[])
        with ordinality as w(key, window_start, expires_at, n)
      order by n
      on conflict (key, window_start) do update set count = greatest(rate_limits.count + ${delta}::int, 0)
      returning key, (extract(epoch from window_start) * 1000)::bigint as start_ms, count`);
    return windows.map((w, i) => {
      const start = new Date(starts[i]!).getTime();
      const row = rows.find((r) => r.key === w.key && Number(r.start_ms) === start);
      return Number(row!.count);
    });
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
