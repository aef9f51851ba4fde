import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

  it('counts attempts that arrive together in one statement, each as if it came alone', async () => {
    const throttle = new Throttle(handle.db, manualClock(new Date('2026-03-10T17:00:00Z')));
    const windows = (n: number) => [
      { key: 'test:email:rush', limit: 3, windowMs: HOUR },
      { key: `test:ip:rush-${n % 2}`, limit: 100, windowMs: HOUR },
    ];
    const execute = vi.spyOn(handle.db, 'execute');
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, n) => throttle.take(windows(n))),
    );
    // In order of arrival: the first three pass, the seven after them are refused.
    expect(attempts.map((a) => a.blocked)).toEqual([
      ...Array<boolean>(3).fill(false),
      ...Array<boolean>(7).fill(true),
    ]);
    expect(await count('test:email:rush')).toBe(3);
    expect((await count('test:ip:rush-0')) + (await count('test:ip:rush-1'))).toBe(3);
    // The first alone, the nine that waited for it together; then the seven give-backs.
    const counted = execute.mock.calls.filter(([query]) =>
      new PgDialect()
        .sqlToQuery(query as SQL)
        .sql.trim()
        .startsWith('insert into rate_limits'),
    );
    execute.mockRestore();
    expect(counted).toHaveLength(2);
  });

  it('counts one key given twice for one window as two attempts', async () => {
    const throttle = new Throttle(handle.db, manualClock(new Date('2026-03-10T17:00:00Z')));
    const attempt = await throttle.take([
      { key: 'test:same', limit: 5, windowMs: HOUR },
      { key: 'test:same', limit: 1, windowMs: HOUR },
    ]);
    // The second window sees the first's count: 2 against its limit of 1, and both go back.
    expect(attempt.blocked).toBe(true);
    expect(await count('test:same')).toBe(0);
  });
});
