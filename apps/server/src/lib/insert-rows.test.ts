import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, rateLimits } from '@chamber/db';
import { createTestDatabase } from '../test/app.js';
import { insertRows } from './insert-rows.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Texts an array literal must quote or escape, and one that looks like its NULL. */
const awkward = [
  'plain',
  'a "quoted", {braced} word',
  'back\\slash and \\" both',
  'NULL',
  '',
  'ünïcödé ✓ and a\nnew line',
];

describe('insertRows', () => {
  it('stores every value as given, in one statement, and answers the rows in their order', async () => {
    const at = new Date('2026-03-10T17:00:00.123Z');
    const rows = awkward.map((kind, i) => ({
      kind,
      params: { text: kind, n: i, nested: { list: [kind, null] } },
      nextAttemptAt: new Date(at.getTime() + i),
      createdAt: at,
      lastError: i % 2 === 0 ? null : `error ${kind}`,
    }));
    const execute = vi.spyOn(handle.db, 'execute');
    const stored = await insertRows(handle.db, mailOutbox, rows);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();

    expect(stored.map((r) => r.kind)).toEqual(awkward);
    const read = await handle.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          stored.map((r) => r.id),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt));
    // What the statement answered is what drizzle reads back, defaults included.
    expect(stored).toEqual(read);
    rows.forEach((row, i) => {
      expect(read[i]).toMatchObject(row);
      expect(read[i]!.state).toBe('pending');
      expect(read[i]!.messageId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('leaves out the rows that conflict, when asked', async () => {
    const start = new Date('2026-03-10T17:00:00Z');
    const expiresAt = new Date('2026-03-10T18:00:00Z');
    await insertRows(handle.db, rateLimits, [{ key: 'insert:a', windowStart: start, expiresAt }]);
    const stored = await insertRows(
      handle.db,
      rateLimits,
      [
        { key: 'insert:a', windowStart: start, count: 5, expiresAt },
        { key: 'insert:b', windowStart: start, count: 7, expiresAt },
      ],
      { onConflictDoNothing: true },
    );
    expect(stored).toEqual([{ key: 'insert:b', windowStart: start, count: 7, expiresAt }]);
  });

  it('inserts rows that give different columns through drizzle, each with its defaults', async () => {
    const stored = await insertRows(handle.db, mailOutbox, [
      { kind: 'uneven', params: {}, attempts: 3 },
      { kind: 'uneven', params: {} },
    ]);
    expect(stored.map((r) => r.attempts)).toEqual([3, 0]);
  });
});
