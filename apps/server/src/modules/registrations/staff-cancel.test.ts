import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CancelledRegistration,
  type ManagedRegistration,
  type PlacedOrder,
  REGISTRATION_TOKEN_HEADER,
  type RegistrationList,
  type TicketType,
} from '@chamber/contract';
import { eventRegistrations, eventTicketTypes, mailOutbox, promoCodes } from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';
import { type CalendarPeople, createdEvent, register } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { newPromoCode, seatType, tableType, ticketPeople } from '../../test/ticket-types.js';

// Staff cancel a registration or an order from the event's list (decision 0156): what the
// registrant's own cancellation does, and only moderators and admins may.

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ctx = await createTestApp();
  people = await ticketPeople(ctx);
});
afterAll(() => ctx.close());

let n = 0;
const placed = async (eventId: string, payload: object) => {
  n += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders`,
    remoteAddress: `10.56.0.${n}`,
    payload: { buyer: { name: `Buyer ${n}`, email: `buyer${n}@cancel.example` }, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedOrder>();
};
const tokenOf = (o: PlacedOrder) => o.manageUrl.split('#token=')[1]!;

const addType = async (eventId: string, payload: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/ticket-types`,
    headers: bearer(people.moderator.token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketType>();
};

const staffCancel = (eventId: string, registrationId: string, token?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/calendars/appointments/${eventId}/registrations/${registrationId}`,
    headers: bearer(token),
  });

const soldOf = async (typeId: string) =>
  (await ctx.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;

const cancelMailsTo = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'registration-cancelled'),
          sql`${mailOutbox.params}->>'email' = ${email}`,
        ),
      )
  ).length;

describe('staff cancel a registration (decision 0156)', () => {
  it("cancels an order: its tickets, its promo code's use and its seats come back, and the buyer is mailed", async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Spring Awards Dinner',
      capacity: 16,
    });
    const tables = await addType(event.id, { ...tableType, quantity: 2 });
    const seats = await addType(event.id, seatType);
    const code = await newPromoCode(ctx, people.moderator.token, {
      code: 'SPRING1',
      percentOff: 10,
      eventId: event.id,
      usageLimit: 1,
    });
    const usesOf = async () =>
      (await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0]!.uses;

    // Two tables fill the 16 seats; a party of two waits.
    const first = await placed(event.id, {
      items: [{ typeId: tables.id, quantity: 1 }],
      promoCode: 'SPRING1',
    });
    await placed(event.id, { items: [{ typeId: tables.id, quantity: 1 }] });
    const waiting = await placed(event.id, {
      items: [{ typeId: seats.id, quantity: 2 }],
      joinWaitingList: true,
    });
    expect(waiting.status).toBe('waitlisted');
    expect(await soldOf(tables.id)).toBe(2);
    expect(await usesOf()).toBe(1);

    const res = await staffCancel(event.id, first.registration.id, people.moderator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CancelledRegistration>()).toEqual({
      cancelled: true,
      message: expect.stringContaining(`${first.registration.name}'s registration is cancelled`),
    });
    expect(await soldOf(tables.id)).toBe(1);
    expect(await usesOf()).toBe(0);
    expect(await cancelMailsTo(first.registration.email)).toBe(1);
    // The buyer's link names nothing any more; the waiting party is offered the seats.
    const gone = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(first) },
    });
    expect(gone.statusCode).toBe(404);
    const offered = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(waiting) },
    });
    expect(offered.json<ManagedRegistration>().registration.seatStatus).toBe('offered');
    // The list staff see no longer has it.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/registrations`,
      headers: bearer(people.admin.token),
    });
    const ids = list.json<RegistrationList>().registrations.map((r) => r.id);
    expect(ids).not.toContain(first.registration.id);

    // Cancelled once: a second try finds nothing.
    const again = await staffCancel(event.id, first.registration.id, people.admin.token);
    expect(again.statusCode).toBe(404);
  });

  it('cancels a plain registration for an admin too', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Coffee Connect' });
    const res = await register(
      ctx,
      event.id,
      { name: 'Dana Guest', email: 'dana@cancel.example', numberOfGuests: 2 },
      { remoteAddress: '10.56.1.1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { registration } = res.json<{ registration: { id: string } }>();
    const cancelled = await staffCancel(event.id, registration.id, people.admin.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await cancelMailsTo('dana@cancel.example')).toBe(1);
  });

  it('is refused to a plain member, the organizer included, and to a visitor', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Business After Hours' });
    const res = await register(
      ctx,
      event.id,
      { name: 'Lee Guest', email: 'lee@cancel.example' },
      { remoteAddress: '10.56.2.1' },
    );
    const { registration } = res.json<{ registration: { id: string } }>();
    expect((await staffCancel(event.id, registration.id, people.owner.token)).statusCode).toBe(403);
    expect((await staffCancel(event.id, registration.id, people.other.token)).statusCode).toBe(403);
    expect((await staffCancel(event.id, registration.id)).statusCode).toBe(401);
    // Still there, and nobody was mailed.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/registrations`,
      headers: bearer(people.owner.token),
    });
    expect(list.json<RegistrationList>().registrations.map((r) => r.id)).toContain(registration.id);
    expect(await cancelMailsTo('lee@cancel.example')).toBe(0);
  });

  it('answers 404 for a registration of another event, 400 for a malformed id or a started event', async () => {
    const one = await createdEvent(ctx, people.owner.token, { title: 'Ribbon Cutting' });
    const two = await createdEvent(ctx, people.owner.token, { title: 'Golf Scramble' });
    const res = await register(
      ctx,
      one.id,
      { name: 'Sam Guest', email: 'sam@cancel.example' },
      { remoteAddress: '10.56.3.1' },
    );
    const { registration } = res.json<{ registration: { id: string } }>();
    const token = people.moderator.token;
    expect((await staffCancel(two.id, registration.id, token)).statusCode).toBe(404);
    expect((await staffCancel('no-such-event', registration.id, token)).statusCode).toBe(404);
    const malformed = await staffCancel(one.id, 'not-a-uuid', token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: string }>().error).toBeTruthy();

    const started = await createdEvent(ctx, people.owner.token, {
      title: 'Early Bird Breakfast',
      startTime: '2026-03-10T16:00:00.000Z',
      endTime: '2026-03-10T18:00:00.000Z',
    });
    const [row] = await ctx.db
      .insert(eventRegistrations)
      .values({ eventId: started.id, name: 'Kim Guest', email: 'kim@cancel.example' })
      .returning();
    const late = await staffCancel(started.id, row!.id, token);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(/^Registration is closed/);
  });
});
