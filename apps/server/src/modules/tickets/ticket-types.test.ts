import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketType, TicketTypeList } from '@chamber/contract';
import { eventTicketTypes } from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';
import { type CalendarPeople, createdEvent, createSeries, register } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { seatType as seat, tableType as table, ticketPeople } from '../../test/ticket-types.js';

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ctx = await createTestApp();
  people = await ticketPeople(ctx);
});
afterAll(() => ctx.close());

const addType = (eventId: string, payload: object, token = people.moderator.token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/ticket-types`,
    headers: bearer(token),
    payload,
  });
const putType = (eventId: string, typeId: string, payload: object, token = people.admin.token) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/events/${eventId}/ticket-types/${typeId}`,
    headers: bearer(token),
    payload,
  });
const deleteType = (eventId: string, typeId: string, token = people.admin.token) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/admin/events/${eventId}/ticket-types/${typeId}`,
    headers: bearer(token),
  });
const listTypes = async (eventId: string, token?: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/ticket-types`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<TicketTypeList>();
};
const added = async (eventId: string, payload: object) => {
  const res = await addType(eventId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketType>();
};
/** Records sales of a type as orders will (they keep `sold` under the type's lock). */
const sell = (typeId: string, sold: number) =>
  ctx.db.update(eventTicketTypes).set({ sold }).where(eq(eventTicketTypes.id, typeId));

describe('ticket types: staff keep them', () => {
  it('adds, lists in sort order, changes and deletes a type', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Annual Dinner',
      capacity: 40,
    });
    const single = await added(event.id, seat);
    const tables = await added(event.id, table);
    expect(tables).toMatchObject({ name: 'Table of 8', seatsPerTicket: 8, sold: 0, onSale: true });

    const list = await listTypes(event.id);
    expect(list.types.map((t) => t.name)).toEqual(['Table of 8', 'Single seat']);
    expect(list).toMatchObject({ currency: 'USD', seatsLeft: 40, viewerIsMember: false });

    const changed = await putType(event.id, single.id, { ...seat, name: 'Seat at a shared table' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TicketType>().name).toBe('Seat at a shared table');

    expect((await deleteType(event.id, single.id)).statusCode).toBe(204);
    expect((await listTypes(event.id)).types.map((t) => t.id)).toEqual([tables.id]);
    expect((await deleteType(event.id, single.id)).statusCode).toBe(404);
  });

  it('refuses members, visitors and bad input, each with its reason', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Golf Day', capacity: 6 });
    expect((await addType(event.id, seat, people.owner.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/ticket-types`,
      payload: seat,
    });
    expect(anonymous.statusCode).toBe(401);

    const tooBig = await addType(event.id, table);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(
      "A ticket of 8 seats does not fit the event's capacity of 6.",
    );
    const backwards = await addType(event.id, {
      ...seat,
      salesOpenAt: '2026-03-12T00:00:00Z',
      salesCloseAt: '2026-03-11T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The sale must open before it closes');
    const fractional = await addType(event.id, { ...seat, priceCents: 12.5 });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.body).toContain('A ticket price is a whole number of cents');

    const series = await createSeries(ctx, people.owner.token);
    const onSeries = await addType(series.id, seat);
    expect(onSeries.statusCode).toBe(400);
    expect(onSeries.json().message).toContain('Ticket types are for single events');
  });

  it('keeps the sales of a type: no delete, no quantity below what is sold', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Gala', capacity: 80 });
    const tables = await added(event.id, table);
    await sell(tables.id, 2);

    const removed = await deleteType(event.id, tables.id);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(
      'This ticket type cannot be deleted: 2 tickets of it are sold. Close its sale instead (set when sales close).',
    );
    const shrunk = await putType(event.id, tables.id, { ...table, quantity: 1 });
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json().message).toBe(
      'The quantity cannot be lower than the 2 tickets of this type already sold.',
    );
    const reseated = await putType(event.id, tables.id, { ...table, seatsPerTicket: 10 });
    expect(reseated.statusCode).toBe(409);
    // Down to exactly what is sold is fine, and the type is then sold out.
    const exact = await putType(event.id, tables.id, { ...table, quantity: 2 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json<TicketType>()).toMatchObject({
      ticketsLeft: 0,
      onSale: false,
      closedReason: 'sold_out',
    });
    const still = await ctx.db
      .select()
      .from(eventTicketTypes)
      .where(and(eq(eventTicketTypes.id, tables.id), eq(eventTicketTypes.sold, 2)));
    expect(still).toHaveLength(1);
  });

  it("answers 404 for another event's type and for an unknown event", async () => {
    const one = await createdEvent(ctx, people.owner.token, { title: 'One' });
    const two = await createdEvent(ctx, people.owner.token, { title: 'Two' });
    const type = await added(one.id, seat);
    expect((await putType(two.id, type.id, seat)).statusCode).toBe(404);
    expect((await deleteType(two.id, type.id)).statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/events/6f1d7a8e-0000-4000-8000-000000000000/ticket-types',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('ticket types: what a viewer sees', () => {
  it('prices each type for a member and for a visitor, by the one price rule', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Dinner Prices' });
    await added(event.id, table);
    await added(event.id, { ...seat, memberPriceCents: null, priceCents: null, name: 'Guest' });
    const visitor = await listTypes(event.id);
    const member = await listTypes(event.id, people.owner.token);
    const lapsed = await listTypes(event.id, people.other.token);
    expect(visitor.viewerIsMember).toBe(false);
    expect(member.viewerIsMember).toBe(true);
    expect(visitor.types.map((t) => t.viewerPriceCents)).toEqual([80_000, null]);
    expect(member.types.map((t) => t.viewerPriceCents)).toEqual([60_000, null]);
    expect(lapsed.types.map((t) => t.viewerPriceCents)).toEqual([80_000, null]);
  });

  it("counts tickets left by the type's quantity and by the event's seats across types", async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Seats', capacity: 20 });
    const tables = await added(event.id, table); // 3 tables of 8
    const single = await added(event.id, seat); // no own limit
    let list = await listTypes(event.id);
    // 20 seats: two tables fit, not three; twenty single seats.
    expect(list.types.map((t) => t.ticketsLeft)).toEqual([2, 20]);

    // A party of 5 takes seats: 15 left, one table and fifteen seats.
    const party = await register(ctx, event.id, {
      name: 'Pat Party',
      email: 'pat@example.com',
      numberOfGuests: 5,
    });
    expect(party.statusCode, party.body).toBe(201);
    list = await listTypes(event.id);
    expect(list.seatsLeft).toBe(15);
    expect(list.types.map((t) => t.ticketsLeft)).toEqual([1, 15]);

    await sell(tables.id, 3);
    list = await listTypes(event.id);
    expect(list.types.find((t) => t.id === tables.id)).toMatchObject({
      ticketsLeft: 0,
      closedReason: 'sold_out',
      closedMessage: 'Sold out.',
    });
    expect(list.types.find((t) => t.id === single.id)?.onSale).toBe(true);
  });

  it('opens and closes each sale by its window, on the injectable clock', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Window',
      startTime: '2026-06-19T01:00:00.000Z',
      endTime: '2026-06-19T04:00:00.000Z',
    });
    const now = ctx.clock.now().getTime();
    const HOUR = 3_600_000;
    const early = await added(event.id, {
      ...seat,
      name: 'Early bird',
      salesOpenAt: null,
      salesCloseAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const later = await added(event.id, {
      ...seat,
      name: 'Regular',
      salesOpenAt: new Date(now + 2 * HOUR).toISOString(),
    });
    const at = async () =>
      Object.fromEntries((await listTypes(event.id)).types.map((t) => [t.id, t]));

    let types = await at();
    expect(types[early.id]).toMatchObject({ onSale: true, closedReason: null });
    expect(types[later.id]).toMatchObject({ onSale: false, closedReason: 'not_yet_open' });
    // The opening is said in the event's zone (Denver, MDT in March after the 8th).
    expect(types[later.id]!.closedMessage).toBe('On sale from Mar 10, 2026, 1:00 PM.');

    ctx.clock.advance(2 * HOUR);
    types = await at();
    expect(types[early.id]).toMatchObject({ onSale: false, closedReason: 'sale_ended' });
    expect(types[later.id]).toMatchObject({ onSale: true, closedReason: null });
  });

  it('lists no types for an event that sells without them, nor for a series', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Plain Lunch' });
    expect((await listTypes(event.id)).types).toEqual([]);
    const series = await createSeries(ctx, people.owner.token, { title: 'Weekly' });
    expect((await listTypes(series.id)).types).toEqual([]);
  });
});
