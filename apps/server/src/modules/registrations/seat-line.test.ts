import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventRegistrations } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import { type CalendarPeople, createdEvent, startCalendarApp } from '../../test/calendar.js';
import type { NewParty, SeatAttempt } from '../calendars/index.js';
import { SeatLine } from './seat-line.js';

// A rush of registrations for one occurrence goes to the database in batches: the parties that
// arrive while a statement is out wait in this process, in their order of arrival, and go
// together in the next statement. These tests call the line directly, on the real database.

let ctx: TestContext;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, people, close } = await startCalendarApp());
});
afterAll(() => close());

const now = new Date('2026-03-10T17:00:00Z');
let n = 0;
function party(guests = 1, email?: string): NewParty {
  n += 1;
  return {
    values: {
      name: `Party ${n}`,
      email: email ?? `line${n}@seats.example`,
      phone: null,
      guests,
      notes: null,
      userId: null,
      manageTokenHash: randomUUID(),
    },
    now,
  };
}

async function occurrence(capacity: number) {
  const event = await createdEvent(ctx, people.owner.token, { title: 'Rush', capacity });
  return { eventId: event.id, occurrenceKey: '' };
}

/** Counts the seat statements sent to the database while `run` runs. */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
  const client = await ctx.pool.connect();
  const connection = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const spy = vi.spyOn(connection, 'query');
  try {
    const result = await run();
    const count = spy.mock.calls.filter(([first]) =>
      (typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')).includes(
        'take_seats_or_queue',
      ),
    ).length;
    return { result, count };
  } finally {
    spy.mockRestore();
  }
}

const kinds = (attempts: SeatAttempt[]) =>
  attempts.map((a) => (a.kind === 'saved' ? a.seatStatus : a.kind));

describe('SeatLine', () => {
  it('takes the parties that arrive while a statement is out together, in their order of arrival', async () => {
    const key = await occurrence(10);
    const line = new SeatLine(ctx.db);
    const { result: attempts, count } = await statementsDuring(() =>
      Promise.all(Array.from({ length: 20 }, () => line.take(key, 10, party()))),
    );
    // The first goes at once; the 19 that came while it was out go in one statement.
    expect(count).toBe(2);
    expect(kinds(attempts)).toEqual([
      ...Array<string>(10).fill('confirmed'),
      ...Array<string>(10).fill('waitlisted'),
    ]);
    const saved = attempts.map((a) => (a.kind === 'saved' ? a : null));
    expect(saved.map((a) => a?.tally.position ?? null)).toEqual([
      ...Array<null>(10).fill(null),
      ...Array.from({ length: 10 }, (_, i) => i + 1),
    ]);
    expect(saved.map((a) => a?.tally.taken)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => i + 1),
      ...Array<number>(10).fill(10),
    ]);
    const queued = saved.map((a) => a!.queuedAt);
    expect(queued).toEqual([...queued].sort((a, b) => a - b));
  });

  it('sends no more than its limit in one statement', async () => {
    const key = await occurrence(100);
    const line = new SeatLine(ctx.db, 4);
    const { result: attempts, count } = await statementsDuring(() =>
      Promise.all(Array.from({ length: 9 }, () => line.take(key, 100, party()))),
    );
    // 1, then 4, then 4.
    expect(count).toBe(3);
    expect(kinds(attempts)).toEqual(Array<string>(9).fill('confirmed'));
  });

  it('leaves an address registered already, or given twice in one batch, to the locked path', async () => {
    const key = await occurrence(10);
    const line = new SeatLine(ctx.db);
    await line.take(key, 10, party(1, 'known@seats.example'));
    const attempts = await Promise.all([
      line.take(key, 10, party()),
      line.take(key, 10, party(1, 'Known@Seats.example')),
      line.take(key, 10, party(2, 'twice@seats.example')),
      line.take(key, 10, party(1, 'twice@seats.example')),
    ]);
    expect(kinds(attempts)).toEqual(['confirmed', 'exists', 'confirmed', 'exists']);
    // The seats of those left out are not counted: the third party's answer follows the first.
    expect(attempts[2]).toMatchObject({ tally: { taken: 4, registrations: 3 } });
  });

  it('takes the others of a batch when the database refuses one party', async () => {
    const key = await occurrence(10);
    const line = new SeatLine(ctx.db);
    const refused = party();
    refused.values.name = null as unknown as string;
    const outcomes = await Promise.allSettled([
      line.take(key, 10, party()),
      line.take(key, 10, party()),
      line.take(key, 10, refused),
      line.take(key, 10, party()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await ctx.db
      .select({ name: eventRegistrations.name })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, key.eventId))
      .orderBy(eventRegistrations.queuedAt);
    expect(rows).toHaveLength(3);
  });

  it('writes nothing and answers unsettled for every party while a waiting party fits', async () => {
    const key = await occurrence(3);
    const line = new SeatLine(ctx.db);
    await line.take(key, 3, party(2));
    // A waiting party of one, with a seat free for it: seats to settle before anyone new.
    await ctx.db.execute(sql`
      insert into event_registrations (event_id, occurrence_key, name, email, guests, seat_status)
      values (${key.eventId}, '', 'Waiting', 'waiting@seats.example', 1, 'waitlisted')`);
    const attempts = await Promise.all([line.take(key, 3, party()), line.take(key, 3, party())]);
    expect(kinds(attempts)).toEqual(['unsettled', 'unsettled']);
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, key.eventId));
    expect(rows).toHaveLength(2);
  });
});
