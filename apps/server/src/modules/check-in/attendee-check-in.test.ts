import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Appointment,
  CheckInList,
  CheckInResult,
  PlacedOrder,
  TicketType,
} from '@chamber/contract';
import { createTestApp, type TestContext } from '../../test/app.js';
import { calendarPeople, createCalendar, createdEvent, register } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';

let ctx: TestContext;
let people: Awaited<ReturnType<typeof calendarPeople>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await createCalendar(ctx.db);
  people = await calendarPeople(ctx);
});
afterAll(() => ctx.close());

const freeType = {
  memberPriceCents: null,
  priceCents: null,
  quantity: null,
  salesOpenAt: null,
  salesCloseAt: null,
  perOrderLimit: 4,
  sortOrder: 0,
};

const addType = async (eventId: string, payload: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/ticket-types`,
    headers: bearer(people.moderator.token),
    payload: { ...freeType, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketType>();
};

let n = 0;
const placeOrder = async (eventId: string, payload: object) => {
  n += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders`,
    remoteAddress: `10.43.0.${n}`,
    payload: { buyer: { name: `Buyer ${n}`, email: `buyer${n}@door.example` }, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedOrder>();
};

const checkIn = (eventId: string, attendeeId: string, token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/check-ins`,
    headers: bearer(token),
    payload: { attendeeId },
  });
const undo = (eventId: string, attendeeId: string, token: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/events/${eventId}/check-ins/${attendeeId}`,
    headers: bearer(token),
  });
const list = async (eventId: string, token = people.owner.token) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/calendars/appointments/${eventId}/check-in`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckInList>();
};

/** A dinner of the owner's with two tables of four (named guests) and a single seat. */
async function dinner() {
  const event: Appointment = await createdEvent(ctx, people.owner.token, {
    title: 'Annual Dinner',
    capacity: 40,
  });
  const table = await addType(event.id, { name: 'Table of 4', seatsPerTicket: 4 });
  const seat = await addType(event.id, { name: 'Single seat', seatsPerTicket: 1, sortOrder: 1 });
  const first = await placeOrder(event.id, {
    items: [{ typeId: table.id, quantity: 1 }],
    attendees: [
      { typeId: table.id, name: 'Ada Lovelace', email: 'ada@door.example' },
      { typeId: table.id, name: 'Grace Hopper' },
    ],
  });
  const second = await placeOrder(event.id, {
    items: [
      { typeId: table.id, quantity: 1 },
      { typeId: seat.id, quantity: 1 },
    ],
    attendees: [{ typeId: seat.id, name: 'Alan Turing' }],
  });
  return { event, first, second };
}

describe('checking in one attendee of an order', () => {
  it('checks in one guest of a table, says so the second time, and undoes it', async () => {
    const { event, first } = await dinner();
    const ada = first.attendees.find((a) => a.name === 'Ada Lovelace')!;

    const res = await checkIn(event.id, ada.id, people.owner.token);
    expect(res.statusCode, res.body).toBe(200);
    // The door's answers name people: no cache keeps them.
    expect(res.headers['cache-control']).toBe('private, no-store');
    const result = res.json<CheckInResult>();
    expect(result.alreadyCheckedIn).toBe(false);
    expect(result.attendee).toMatchObject({ id: ada.id, name: 'Ada Lovelace' });
    expect(result.attendee!.checkedInAt).toBe(ctx.clock.now().toISOString());
    // Only Ada: her table's other three are not in.
    expect(result.party.attendees.filter((a) => a.checkedInAt !== null).map((a) => a.id)).toEqual([
      ada.id,
    ]);
    expect(result.party.table).toBe(1);
    expect(result.counts).toEqual({ registered: 9, checkedIn: 1, noShows: 0 });

    // Again, later: nothing changes, and the answer says when she came.
    const firstTime = result.attendee!.checkedInAt;
    ctx.clock.advance(60_000);
    const again = await checkIn(event.id, ada.id, people.moderator.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CheckInResult>()).toMatchObject({
      alreadyCheckedIn: true,
      attendee: { id: ada.id, checkedInAt: firstTime },
      counts: { checkedIn: 1 },
    });

    // The list shows her in, and her party in from her time.
    const door = await list(event.id);
    const party = door.parties.find((p) => p.id === first.registration.id)!;
    expect(party.checkedInAt).toBe(firstTime);
    expect(party.attendees.find((a) => a.id === ada.id)!.checkedInAt).toBe(firstTime);

    const undone = await undo(event.id, ada.id, people.owner.token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.headers['cache-control']).toBe('private, no-store');
    expect(undone.json<CheckInResult>()).toMatchObject({
      attendee: { id: ada.id, checkedInAt: null },
      party: { checkedInAt: null },
      counts: { checkedIn: 0 },
    });
    expect((await list(event.id)).counts.checkedIn).toBe(0);
    // Undoing one not in changes nothing.
    expect((await undo(event.id, ada.id, people.owner.token)).statusCode).toBe(200);
  });

  it('is refused to anyone but the organizer and staff, and for another event', async () => {
    const { event, first } = await dinner();
    const other = await createdEvent(ctx, people.owner.token, { title: 'Mixer' });
    const grace = first.attendees.find((a) => a.name === 'Grace Hopper')!;
    expect((await checkIn(event.id, grace.id, people.other.token)).statusCode).toBe(403);
    expect((await undo(event.id, grace.id, people.other.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/check-ins`,
      payload: { attendeeId: grace.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await checkIn(other.id, grace.id, people.owner.token)).statusCode).toBe(409);
    expect(
      (await checkIn(event.id, '00000000-0000-4000-8000-000000000000', people.owner.token))
        .statusCode,
    ).toBe(404);
    const bad = await checkIn(event.id, 'not-an-id', people.owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/attendeeId must be an attendee id/);
    expect((await list(event.id)).counts.checkedIn).toBe(0);
  });

  it('checks in the attendee whose own QR code is scanned, and no one else', async () => {
    const { event, second } = await dinner();
    const alan = second.attendees.find((a) => a.name === 'Alan Turing')!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${event.id}/check-in`,
      headers: bearer(people.owner.token),
      payload: { code: alan.qrToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<CheckInResult>();
    expect(result.attendee).toMatchObject({ id: alan.id, typeName: 'Single seat' });
    expect(result.party.attendees.filter((a) => a.checkedInAt).map((a) => a.id)).toEqual([alan.id]);
    expect(result.party.table).toBe(2);
    expect(result.counts.checkedIn).toBe(1);
    // A token nobody was given is still not a ticket.
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${event.id}/check-in`,
      headers: bearer(people.owner.token),
      payload: { code: 'no-such-token-at-all' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('checks in a whole order at once by its party, each attendee with it', async () => {
    const { event, first } = await dinner();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendars/appointments/${event.id}/check-in`,
      headers: bearer(people.owner.token),
      payload: { registrationId: first.registration.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const party = res.json<CheckInResult>().party;
    expect(party.attendees).toHaveLength(4);
    expect(party.attendees.every((a) => a.checkedInAt !== null)).toBe(true);
    expect(res.json<CheckInResult>().counts.checkedIn).toBe(4);
  });
});

describe('no-shows and plain parties', () => {
  it('counts no-shows only once the event has started', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Breakfast',
      startTime: '2026-03-10T18:00:00.000Z',
      endTime: '2026-03-10T19:00:00.000Z',
    });
    const res = await register(ctx, event.id, {
      name: 'Plain Party',
      email: 'plain@door.example',
      numberOfGuests: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(event.id)).counts).toEqual({ registered: 3, checkedIn: 0, noShows: 0 });
    const startsIn = new Date('2026-03-10T18:00:00.000Z').getTime() - ctx.clock.now().getTime();
    ctx.clock.advance(startsIn + 60_000);
    try {
      const door = await list(event.id);
      expect(door.counts).toEqual({ registered: 3, checkedIn: 0, noShows: 3 });
      // A plain party has no attendees nor table, and is checked in as a whole as before.
      expect(door.parties[0]).toMatchObject({ table: null, attendees: [] });
    } finally {
      ctx.clock.advance(-(startsIn + 60_000));
    }
  });
});

describe('the attendee list as CSV', () => {
  it('lists each attendee with table number and type, for the organizer and staff only', async () => {
    const { event, first } = await dinner();
    await checkIn(event.id, first.attendees[0]!.id, people.owner.token);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/attendees.csv`,
      headers: bearer(people.moderator.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/annual-dinner-\d{8}-attendees\.csv/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('table,name,email,type,checked in');
    expect(lines).toHaveLength(1 + 9);
    expect(lines[1]).toMatch(
      /^1,Ada Lovelace,ada@door\.example,Table of 4,2026-03-\d\d \d\d:\d\d$/,
    );
    expect(lines[2]).toBe('1,Grace Hopper,,Table of 4,');
    expect(lines[3]).toBe('1,Guest 3 of Buyer ' + String(n - 1) + ',,Table of 4,');
    expect(lines.filter((l) => l.startsWith('2,'))).toHaveLength(5);
    expect(lines.some((l) => l.startsWith('2,Alan Turing,,Single seat,'))).toBe(true);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/attendees.csv`,
      headers: bearer(people.other.token),
    });
    expect(refused.statusCode).toBe(403);
  });
});
