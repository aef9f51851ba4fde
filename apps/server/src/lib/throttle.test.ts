import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/app.js';
import { manualClock } from './clock.js';
import { Throttle } from './throttle.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
/** The statements the pool's connections were sent since the last call. */
let sent: () => string[];

beforeAll(async () => {
  handle = await createTestDatabase();
  const client = await handle.pool.connect();
  const connection = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const spy = vi.spyOn(connection, 'query');
  sent = () => {
    const texts = spy.mock.calls.map(([first]) =>
      (typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')).trim(),
    );
    spy.mockClear();
    return texts;
  };
});
afterAll(async () => {
  vi.restoreAllMocks();
  await handle.close();
});

const HOUR = 3_600_000;
const count = async (key: string) => {
  const { rows } = await handle.db.execute<{ count: number }>(
    sql`select coalesce(sum(count), 0)::int as count from rate_limits where key = ${key}`,
  );
  return rows[0]!.count;
};

describe('Throttle.take', () => {
  it('counts an attempt in every window with one statement and no transaction', async () => {
    const throttle = new Throttle(handle.db, manualClock(new Date('2026-03-10T17:00:00Z')));
    const windows = [
      { key: 'test:email:a', limit: 2, windowMs: HOUR },
      { key: 'test:ip:1', limit: 5, windowMs: HOUR },
    ];
    sent();
    const attempt = await throttle.take(windows);
    expect(attempt.blocked).toBe(false);
    const statements = sent();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^insert into rate_limits/);
    expect(await count('test:email:a')).toBe(1);
    expect(await count('test:ip:1')).toBe(1);
  });

  it('refuses the attempt past a window’s limit and counts it in none', async () => {
    const throttle = new Throttle(handle.db, manualClock(new Date('2026-03-10T17:00:00Z')));
    const windows = (ip: string) => [
      { key: 'test:email:b', limit: 2, windowMs: HOUR },
      { key: `test:ip:${ip}`, limit: 5, windowMs: HOUR },
    ];
    expect((await throttle.take(windows('2'))).blocked).toBe(false);
    expect((await throttle.take(windows('2'))).blocked).toBe(false);
    const third = await throttle.take(windows('3'));
    expect(third).toMatchObject({ blocked: true, retryAfter: 3600 });
    expect(await count('test:email:b')).toBe(2);
    expect(await count('test:ip:3')).toBe(0);
  });

  it('counts a key given twice, in both of its windows', async () => {
    const throttle = new Throttle(handle.db, manualClock(new Date('2026-03-10T17:00:00Z')));
    const attempt = await throttle.take([
      { key: 'test:twice', limit: 1, windowMs: HOUR },
      { key: 'test:twice', limit: 1, windowMs: 24 * HOUR },
    ]);
    // 17:00 UTC starts an hour and lies inside a day: two rows, one attempt each.
    expect(attempt.blocked).toBe(false);
    expect(await count('test:twice')).toBe(2);
  });
});
