import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlacedOrder, TicketType } from '@chamber/contract';
import {
  connect,
  type DbHandle,
  eventRegistrations,
  eventTicketTypes,
  mailOutbox,
} from '@chamber/db';
import { buildApp } from '../../app.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { type CalendarPeople, createdEvent } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { newPromoCode, seatType, tableType, ticketPeople } from '../../test/ticket-types.js';

// A rush of orders for one event goes through the event's seat lock in batches: the orders
// that arrive while a batch is at the database wait in this process, in their order of
// arrival, and go together in the next transaction. Orders priced without the database are
// decided in the process and written a statement per table; an order with a code (or a
// member's plan) is placed in a savepoint of its own. These tests place orders through the
// API on the real database.

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ctx = await createTestApp();
  people = await ticketPeople(ctx);
});
afterAll(() => ctx.close());

const free = { memberPriceCents: null, priceCents: null };

async function dinner(capacity: number, tables = 3) {
  const event = await createdEvent(ctx, people.owner.token, { title: 'Rush dinner', capacity });
  const add = async (payload: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/ticket-types`,
      headers: bearer(people.moderator.token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TicketType>();
  };
  return {
    event,
    table: await add({ ...tableType, ...free, quantity: tables }),
    seat: await add({ ...seatType, ...free }),
  };
}

let n = 0;
const order = (
  app: FastifyInstance,
  eventId: string,
  items: object[],
  email?: string,
  promoCode?: string,
) => {
  n += 1;
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders`,
    remoteAddress: `10.43.${Math.floor(n / 250)}.${n % 250}`,
    payload: {
      items,
      buyer: { name: `Rush buyer ${n}`, email: email ?? `rush${n}@line.example` },
      ...(promoCode ? { promoCode } : {}),
    },
  });
};

const soldOf = async (typeId: string) =>
  (await ctx.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;

/** Seats held by the event's confirmed or held orders, counted in the database. */
const seatsTaken = async (eventId: string) => {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${eventRegistrations.guests}), 0)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        sql`${eventRegistrations.seatStatus} in ('confirmed', 'held', 'offered')`,
      ),
    );
  return row!.n;
};

/** Counts the seat-lock statements sent to the database while `run` runs. */
async function seatLocksDuring<T>(run: () => Promise<T>): Promise<{ result: T; locks: number }> {
  const client = await ctx.pool.connect();
  const connection = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const spy = vi.spyOn(connection, 'query');
  try {
    const result = await run();
    const locks = spy.mock.calls.filter(([first]) => {
      const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
      return /insert into "event_seats"/.test(text) && text.includes('on conflict');
    }).length;
    return { result, locks };
  } finally {
    spy.mockRestore();
  }
}

describe('orders in a rush', () => {
  it('go through the seat lock in batches, each answered for itself', async () => {
    const { event, seat } = await dinner(100);
    const { result: answers, locks } = await seatLocksDuring(() =>
      Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          order(ctx.app, event.id, [{ typeId: seat.id, quantity: 1 + (i % 2) }]),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 16 }, () => 201));
    // One lock for the first order, which went at once, and one for each batch behind it.
    expect(locks).toBeGreaterThanOrEqual(1);
    expect(locks).toBeLessThan(8);
    const placed = answers.map((a) => a.json<PlacedOrder>());
    expect(new Set(placed.map((p) => p.registration.id)).size).toBe(16);
    expect(placed.map((p) => p.registration.guests)).toEqual(
      Array.from({ length: 16 }, (_, i) => 1 + (i % 2)),
    );
    expect(await soldOf(seat.id)).toBe(24);
    expect(await seatsTaken(event.id)).toBe(24);
  });

  it('refuse one order of a batch alone, and keep the others', async () => {
    const { event, seat, table } = await dinner(20, 1);
    const first = await order(
      ctx.app,
      event.id,
      [{ typeId: seat.id, quantity: 1 }],
      'twice@line.example',
    );
    expect(first.statusCode, first.body).toBe(201);
    const answers = await Promise.all([
      order(ctx.app, event.id, [{ typeId: seat.id, quantity: 2 }]),
      order(ctx.app, event.id, [{ typeId: table.id, quantity: 1 }]),
      // The same address again: refused, and nothing of it stored.
      order(ctx.app, event.id, [{ typeId: seat.id, quantity: 3 }], 'twice@line.example'),
      // The only table went to the order before: sold out, refused whole.
      order(ctx.app, event.id, [{ typeId: table.id, quantity: 1 }]),
      order(ctx.app, event.id, [{ typeId: seat.id, quantity: 2 }]),
    ]);
    const [seats1, table1, again, table2, seats2] = answers;
    expect([seats1, seats2].map((a) => a!.statusCode)).toEqual([201, 201]);
    expect(again!.statusCode).toBe(409);
    expect(again!.json().message).toMatch(/already has a registration for this event/);
    // One of the two buyers racing for the only table has it; the other a clear refusal.
    const tables = [table1!, table2!];
    expect(tables.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(tables.find((a) => a.statusCode === 409)!.json().message).toMatch(
      /^“Table of 8” is sold out\./,
    );
    expect(await soldOf(seat.id)).toBe(5);
    expect(await soldOf(table.id)).toBe(1);
    expect(await seatsTaken(event.id)).toBe(13);
    const twice = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, 'twice@line.example'));
    expect(twice.map((r) => r.guests)).toEqual([1]);
  });

  it('give each waiting order of a batch its place in turn, and refuse a bad item alone', async () => {
    const { event, seat, table } = await dinner(8, 1);
    const waiting = (i: number, items: object[]) => {
      n += 1;
      return ctx.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/orders`,
        remoteAddress: `10.44.${Math.floor(n / 250)}.${n % 250}`,
        payload: {
          items,
          joinWaitingList: true,
          buyer: { name: `Queued buyer ${i}`, email: `queued${i}@line.example` },
        },
      });
    };
    const answers = await Promise.all([
      waiting(1, [{ typeId: table.id, quantity: 1 }]),
      waiting(2, [{ typeId: seat.id, quantity: 1 }]),
      // More tickets than an order may take: refused with the reason, the others unmoved.
      waiting(3, [{ typeId: seat.id, quantity: 99 }]),
      waiting(4, [{ typeId: seat.id, quantity: 2 }]),
      waiting(5, [{ typeId: seat.id, quantity: 1 }]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 400, 201, 201]);
    expect(answers[2]!.json().message).toMatch(/^An order takes at most \d+ tickets of “/);
    const placed = answers.flatMap((a) => (a.statusCode === 201 ? [a.json<PlacedOrder>()] : []));
    expect(placed.map((p) => p.status)).toEqual([
      'confirmed',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    expect(placed.map((p) => p.registration.waitlistPosition ?? null)).toEqual([null, 1, 2, 3]);
    // The places answered are the ones the waiting list gives when read again.
    const read = await ctx.db
      .select({ email: eventRegistrations.email })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.seatStatus, 'waitlisted'),
        ),
      )
      .orderBy(eventRegistrations.queuedAt);
    expect(read.map((r) => r.email)).toEqual([
      'queued2@line.example',
      'queued4@line.example',
      'queued5@line.example',
    ]);
    // Each confirmation waiting in the outbox holds the place its answer gave, for its mail.
    const mails = await ctx.db
      .select({ params: mailOutbox.params })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'registration'),
          sql`${mailOutbox.params}->>'targetId' = ${event.id}`,
        ),
      );
    const places = new Map(mails.map(({ params }) => [params.registrationId, params.place]));
    expect(placed.map((p) => places.get(p.registration.id))).toEqual([null, 1, 2, 3]);
    // The next batch queues behind them.
    const next = await Promise.all([
      waiting(6, [{ typeId: seat.id, quantity: 1 }]),
      waiting(7, [{ typeId: table.id, quantity: 1 }]),
    ]);
    expect(next.map((a) => a.json<PlacedOrder>().registration.waitlistPosition)).toEqual([4, 5]);
  });

  it('place an order with a code between plain ones, and refuse an address twice in a batch', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Rush luncheon',
      capacity: 10,
      ticketPayment: 'door',
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/ticket-types`,
      headers: bearer(people.moderator.token),
      payload: seatType,
    });
    expect(added.statusCode, added.body).toBe(201);
    const seat = added.json<TicketType>();
    await newPromoCode(ctx, people.moderator.token, {
      code: 'RUSHONCE',
      kind: 'amount',
      amountOffCents: 2_500,
      eventId: event.id,
      usageLimit: 1,
    });
    const two = [{ typeId: seat.id, quantity: 2 }];
    // Which of two racing orders arrives first is not known: each pair is judged together.
    const { result: answers, locks } = await seatLocksDuring(() =>
      Promise.all([
        order(ctx.app, event.id, two),
        order(ctx.app, event.id, two),
        order(ctx.app, event.id, two, 'same@line.example'),
        order(ctx.app, event.id, two, undefined, 'RUSHONCE'),
        // The code has one use: one of the two orders with it has it.
        order(ctx.app, event.id, two, undefined, 'RUSHONCE'),
        order(ctx.app, event.id, two, 'SAME@line.example'),
        order(ctx.app, event.id, two),
      ]),
    );
    expect(locks).toBeLessThan(7);
    const [a, b, same1, coded1, coded2, same2, c] = answers;
    for (const r of [a, b, c]) expect(r!.statusCode, r!.body).toBe(201);
    // One address, twice: one order placed, the other refused with the reason.
    const same = [same1!, same2!];
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(same.find((r) => r.statusCode === 409)!.json().message).toMatch(
      /already has a registration for this event/,
    );
    const coded = [coded1!, coded2!];
    expect(coded.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(coded.find((r) => r.statusCode === 201)!.json<PlacedOrder>().totalCents).toBe(
      2 * 10_000 - 2_500,
    );
    expect(a!.json<PlacedOrder>().totalCents).toBe(2 * 10_000);
    // Five orders of two seats: the ten seats, each order with its lines, attendees, invoice.
    expect(await soldOf(seat.id)).toBe(10);
    expect(await seatsTaken(event.id)).toBe(10);
    const placed = answers.filter((r) => r.statusCode === 201).map((r) => r.json<PlacedOrder>());
    expect(placed).toHaveLength(5);
    for (const p of placed) {
      expect(p.lines).toHaveLength(1);
      expect(p.attendees).toHaveLength(2);
      expect(p.ticket?.invoiceId).toBeTruthy();
    }
    const rows = await ctx.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(rows.map((r) => r.id).sort()).toEqual(placed.map((p) => p.registration.id).sort());
  });

  it('never overbook the event when two processes take orders at once', async () => {
    // A second process: its own app and connections, on the same database.
    const other: DbHandle = connect(ctx.url, { max: 4 });
    const second = await buildApp({
      config: ctx.config,
      db: other.db,
      clock: ctx.clock,
      logger: false,
    });
    await second.ready();
    try {
      const { event, seat, table } = await dinner(30, 2);
      const items = (i: number) =>
        i % 3 === 0 ? [{ typeId: table.id, quantity: 1 }] : [{ typeId: seat.id, quantity: 2 }];
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          order(i % 2 === 0 ? ctx.app : second, event.id, items(i)),
        ),
      );
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
      const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json<PlacedOrder>());
      const seats = placed.reduce((sum, p) => sum + p.registration.guests, 0);
      // Both tables and seats up to the capacity: sold to the last seat, and no further.
      expect(seats).toBe(30);
      expect(await seatsTaken(event.id)).toBe(30);
      // Tables and pairs of seats in whatever order they came: together, the capacity.
      const tables = await soldOf(table.id);
      expect(tables).toBeLessThanOrEqual(2);
      expect(tables * 8 + (await soldOf(seat.id))).toBe(30);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
