import { lte, sql } from 'drizzle-orm';
import { type Database, type Executor, rateLimits } from '@chamber/db';
import type { Clock } from './clock.js';

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

  /** Counts one attempt in every window; a blocked attempt is not counted. */
  async take(windows: Window[]): Promise<Attempt> {
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const counts = await this.add(tx, windows, at, 1);
      let retryAfter = 0;
      windows.forEach((w, i) => {
        if (counts[i]! > w.limit) {
          const end = windowStart(at, w.windowMs).getTime() + w.windowMs;
          retryAfter = Math.max(retryAfter, Math.ceil((end - at.getTime()) / 1000));
        }
      });
      if (retryAfter > 0) await this.add(tx, windows, at, -1);
      return { blocked: retryAfter > 0, retryAfter, at };
    });
  }

  /** Gives back an attempt counted by `take`. */
  async refund(windows: Window[], attempt: Attempt): Promise<void> {
    await this.add(this.db, windows, attempt.at, -1);
  }

  private async add(db: Executor, windows: Window[], at: Date, delta: number): Promise<number[]> {
    const counts: number[] = [];
    // Always in the order given, so concurrent takes lock rows in one order and cannot deadlock.
    for (const w of windows) {
      const start = windowStart(at, w.windowMs);
      const expires = new Date(start.getTime() + w.windowMs);
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into rate_limits (key, window_start, count, expires_at)
        values (${w.key}, ${start.toISOString()}, greatest(${delta}::int, 0), ${expires.toISOString()})
        on conflict (key, window_start) do update set count = greatest(rate_limits.count + ${delta}::int, 0)
        returning count`);
      counts.push(rows[0]!.count);
    }
    return counts;
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
