import { sql } from 'drizzle-orm';
import type { Database } from '@chamber/db';
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

/**
 * Fixed-window counters kept in Postgres, so every server process counts the same attempts.
 */
export class Throttle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async check(windows: Window[]): Promise<ThrottleState> {
    const now = this.clock.now();
    let retryAfter = 0;
    for (const w of windows) {
      const start = windowStart(now, w.windowMs);
      const rows = await this.db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${w.key} and window_start = ${start.toISOString()}`,
      );
      const count = rows[0]?.count ?? 0;
      if (count >= w.limit) {
        const seconds = Math.ceil((start.getTime() + w.windowMs - now.getTime()) / 1000);
        retryAfter = Math.max(retryAfter, seconds);
      }
    }
    return { blocked: retryAfter > 0, retryAfter };
  }

  async hit(windows: Window[]): Promise<void> {
    const now = this.clock.now();
    for (const w of windows) {
      const start = windowStart(now, w.windowMs);
      const expires = new Date(start.getTime() + w.windowMs);
      await this.db.execute(sql`
        insert into rate_limits (key, window_start, count, expires_at)
        values (${w.key}, ${start.toISOString()}, 1, ${expires.toISOString()})
        on conflict (key, window_start) do update set count = rate_limits.count + 1`);
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** Drops windows that have ended; called now and then, never on the request path. */
  async prune(): Promise<void> {
    await this.db.execute(
      sql`delete from rate_limits where expires_at < ${this.clock.now().toISOString()}`,
    );
  }
}
