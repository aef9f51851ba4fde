import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PlacedOrder,
  REGISTRATION_TOKEN_HEADER,
  type TicketType,
  type TicketTypeList,
} from '@chamber/contract';
import { eventTicketTypes } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../../test/app.js';
import {
  calendarPeople,
  createCalendar,
  createdEvent,
  runSeatOffers,
} from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import { startSmtpServer, type SmtpServer } from '../../test/smtp.js';
import { readQr } from '../../test/qr.js';

// Orders' tickets beyond placing them: each named attendee's QR code in the confirmation,
// and the types' `sold` recounted on every path that removes or lapses an order.

let ctx: TestContext;
let smtp: SmtpServer;
let people: Awaited<ReturnType<typeof calendarPeople>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example' });
  await createCalendar(ctx.db);
  people = await calendarPeople(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const HOUR = 3_600_000;

const addType = async (eventId: string, payload: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/ticket-types`,
    headers: bearer(people.moderator.token),
    payload: {
      memberPriceCents: null,
      priceCents: null,
      quantity: null,
      salesOpenAt: null,
      salesCloseAt: null,
      perOrderLimit: 4,
      seatsPerTicket: 1,
      sortOrder: 0,
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketType>();
};

let n = 0;
const order = async (eventId: string, payload: object, token?: string) => {
  n += 1;
  const email = `buyer${n}@tickets.example`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders`,
    headers: bearer(token),
    remoteAddress: `10.44.0.${n}`,
    payload: { buyer: { name: `Buyer ${n}`, email }, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { placed: res.json<PlacedOrder>(), email };
};

const soldOf = async (typeId: string) =>
  (await ctx.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;
const leftOf = async (eventId: string, typeId: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TicketTypeList>().types.find((t) => t.id === typeId)!.ticketsLeft;
};

describe('the confirmation of an order with named attendees', () => {
  it("carries each attendee's own QR code, the code the door reads for them alone", async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Named Luncheon' });
    const seat = await addType(event.id, { name: 'Luncheon seat' });
    const { placed, email } = await order(event.id, {
      items: [{ typeId: seat.id, quantity: 3 }],
      attendees: [
        { typeId: seat.id, name: 'Ada Lovelace' },
        { typeId: seat.id, name: 'Grace Hopper' },
      ],
    });
    expect(placed.attendees).toHaveLength(3);
    const mail = await smtp.mailTo(email, /You're registered/, 8000);
    expect(mail.text).toContain('1. Ada Lovelace (Luncheon seat)');
    expect(mail.text).toContain('2. Grace Hopper (Luncheon seat)');
    for (const attendee of placed.attendees) {
      const png = mail.attachments.find(
        (a) => a.filename === `attendee-${attendee.position}-qr.png`,
      );
      expect(png, `attendee ${attendee.position}'s QR code`).toBeDefined();
      expect(png!.contentType).toBe('image/png');
      // The image reads as this attendee's own token, not the party's or another's.
      expect(await readQr(png!.content)).toBe(attendee.qrToken);
    }
    const tokens = new Set(placed.attendees.map((a) => a.qrToken));
    expect(tokens.size).toBe(3);
  });
});

describe("a type's sold tickets on every path that frees them", () => {
  it('gives the tickets back when staff delete the account that ordered them', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Staff Cancels' });
    const table = await addType(event.id, { name: 'Table of 4', seatsPerTicket: 4, quantity: 2 });
    const buyer = await createTestUser(ctx.db, { role: 'member', contact: true });
    await order(
      event.id,
      { items: [{ typeId: table.id, quantity: 1 }] },
      await signIn(ctx, buyer.email),
    );
    expect(await soldOf(table.id)).toBe(1);
    expect(await leftOf(event.id, table.id)).toBe(1);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${buyer.id}`,
      headers: bearer(people.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await soldOf(table.id)).toBe(0);
    expect(await leftOf(event.id, table.id)).toBe(2);
  });

  it('gives the tickets back when a member cancels through the manage link', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Member Cancels' });
    const table = await addType(event.id, { name: 'Table of 4', seatsPerTicket: 4, quantity: 2 });
    const { placed } = await order(event.id, { items: [{ typeId: table.id, quantity: 2 }] });
    expect(await soldOf(table.id)).toBe(2);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: placed.manageUrl.split('#token=')[1]! },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await soldOf(table.id)).toBe(0);
  });

  it('gives back the tickets of an offer that lapsed, with nobody else waiting', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Offer Lapses' });
    const table = await addType(event.id, { name: 'Table of 4', seatsPerTicket: 4, quantity: 1 });
    const { placed: first } = await order(event.id, { items: [{ typeId: table.id, quantity: 1 }] });
    const { placed: second } = await order(event.id, {
      items: [{ typeId: table.id, quantity: 1 }],
      joinWaitingList: true,
    });
    expect(second.status).toBe('waitlisted');
    // The first buyer cancels: the table is offered to the waiting order, and counts as sold.
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: first.manageUrl.split('#token=')[1]! },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await soldOf(table.id)).toBe(1);

    // The offer runs out untaken; the seat job lapses it: the table is back on sale.
    ctx.clock.advance(25 * HOUR);
    try {
      expect(await runSeatOffers(ctx)).toBe('completed');
      expect(await soldOf(table.id)).toBe(0);
      expect(await leftOf(event.id, table.id)).toBe(1);
    } finally {
      ctx.clock.advance(-25 * HOUR);
    }
  });
});
