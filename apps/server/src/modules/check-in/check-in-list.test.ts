import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment, CheckInList } from '@chamber/contract';
import { eventRegistrations } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import { type CalendarPeople, createCalendarTestApp, createdEvent } from '../../test/calendar.js';

let ctx: TestContext;
let people: CalendarPeople;
let gala: Appointment;
/** Statements that read or write registrations, as the app's connections send them. */
let registrationQueries: () => number;

const list = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/calendars/appointments/${gala.id}/check-in`,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  ({ ctx, people } = await createCalendarTestApp());
  gala = await createdEvent(ctx, people.owner.token, { title: 'Spring Gala', capacity: 60 });
  await ctx.db.insert(eventRegistrations).values(
    Array.from({ length: 40 }, (_, i) => ({
      eventId: gala.id,
      name: `Guest ${String(i + 1).padStart(2, '0')}`,
      email: `guest${i + 1}@gala.example`,
      checkedInAt: i % 2 === 0 ? ctx.clock.now() : null,
    })),
  );
  const client = await ctx.pool.connect();
  const connection = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const spy = vi.spyOn(connection, 'query');
  registrationQueries = () => {
    const count = spy.mock.calls.filter(([first]) => {
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      return text?.includes('"event_registrations"') ?? false;
    }).length;
    spy.mockClear();
    return count;
  };
});
afterAll(async () => {
  vi.restoreAllMocks();
  await ctx.close();
});

describe('the check-in list of a busy door', () => {
  it('is built once and kept until a registration changes, in this process or another', async () => {
    const first = await list(people.owner.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CheckInList>().counts).toEqual({
      registered: 40,
      checkedIn: 20,
      // Before the gala starts nobody is a no-show yet.
      noShows: 0,
    });
    expect(first.json<CheckInList>().parties.map((p) => p.name)[0]).toBe('Guest 01');
    registrationQueries();

    // Staff phones at the door ask again and again: the registrations are not read again.
    const again = await list(people.moderator.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(registrationQueries()).toBe(0);
    // Who may see it is still checked for each request.
    expect((await list(people.other.token)).statusCode).toBe(403);

    // A check-in shows at once.
    const waiting = first.json<CheckInList>().parties.find((p) => !p.checkedInAt)!;
    const checkIn = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${gala.id}/check-in`,
      headers: { authorization: `Bearer ${people.owner.token}` },
      payload: { registrationId: waiting.id },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const after = (await list(people.owner.token)).json<CheckInList>();
    expect(after.counts).toEqual({ registered: 40, checkedIn: 21, noShows: 0 });
    expect(after.parties.find((p) => p.id === waiting.id)!.checkedInAt).toBe(
      ctx.clock.now().toISOString(),
    );

    // So does a change another process made (written here straight to the database).
    await ctx.db
      .update(eventRegistrations)
      .set({ name: 'Aaron Early' })
      .where(eq(eventRegistrations.id, waiting.id));
    const renamed = (await list(people.moderator.token)).json<CheckInList>();
    expect(renamed.parties[0]).toMatchObject({ id: waiting.id, name: 'Aaron Early' });
  });
});
