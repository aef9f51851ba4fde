import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EventOrders,
  type ManagedRegistration,
  type OrderAttendee,
  type OrderQuote,
  type MemberBenefits,
  type PlacedOrder,
  REGISTRATION_TOKEN_HEADER,
  type TicketType,
  type TicketTypeList,
} from '@chamber/contract';
import {
  benefitUsage,
  eventTicketTypes,
  invoiceLines,
  membershipPlans,
  promoCodes,
} from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';
import { type CalendarPeople, createdEvent } from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import {
  newPromoCode,
  seatType as seat,
  tableType as table,
  ticketPeople,
} from '../../test/ticket-types.js';

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ctx = await createTestApp();
  people = await ticketPeople(ctx);
});
afterAll(() => ctx.close());

const free = { ...seat, name: 'Free seat', memberPriceCents: null, priceCents: null };

const added = async (eventId: string, payload: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/events/${eventId}/ticket-types`,
    headers: bearer(people.moderator.token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TicketType>();
};

let n = 0;
const buyer = () => {
  n += 1;
  return { name: `Buyer ${n}`, email: `buyer${n}@orders.example` };
};

const quote = (eventId: string, items: object[], token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders/quote`,
    headers: bearer(token),
    payload: { items },
  });
// Each buyer from their own address: the registration throttle counts per client.
const order = (eventId: string, payload: object, token?: string) => {
  const who = buyer();
  return ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/orders`,
    headers: bearer(token),
    remoteAddress: `10.42.${Math.floor(n / 250)}.${n % 250}`,
    payload: { buyer: who, ...payload },
  });
};
const placed = async (eventId: string, payload: object, token?: string) => {
  const res = await order(eventId, payload, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedOrder>();
};
const tokenOf = (o: PlacedOrder) => o.manageUrl.split('#token=')[1]!;
const soldOf = async (typeId: string) =>
  (await ctx.db.select().from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;

async function dinner(overrides: Record<string, unknown> = {}) {
  const event = await createdEvent(ctx, people.owner.token, {
    title: 'Annual Awards Dinner',
    capacity: 20,
    ...overrides,
  });
  const tables = await added(event.id, table);
  const seats = await added(event.id, seat);
  return { event, tables, seats };
}

describe('orders: prices', () => {
  it('quotes the member price to a member and the visitor price to anyone else', async () => {
    const { event, tables, seats } = await dinner();
    const items = [
      { typeId: tables.id, quantity: 1 },
      { typeId: seats.id, quantity: 2 },
    ];
    const visitor = await quote(event.id, items);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json<OrderQuote>()).toMatchObject({
      lines: [
        { name: 'Table of 8', quantity: 1, seats: 8, unitCents: 80_000, lineCents: 80_000 },
        { name: 'Single seat', quantity: 2, seats: 2, unitCents: 10_000, lineCents: 20_000 },
      ],
      discounts: [],
      totalCents: 100_000,
      seats: 10,
      viewerIsMember: false,
    });
    const member = (await quote(event.id, items, people.owner.token)).json<OrderQuote>();
    expect(member).toMatchObject({ totalCents: 75_000, viewerIsMember: true });
    // A membership not paid up pays the visitor price.
    const unpaid = (await quote(event.id, items, people.other.token)).json<OrderQuote>();
    expect(unpaid.totalCents).toBe(100_000);
  });

  it('invoices a paid order with one line per type, at the price quoted', async () => {
    const { event, tables, seats } = await dinner({ ticketPayment: 'door' });
    const o = await placed(
      event.id,
      {
        items: [
          { typeId: tables.id, quantity: 1 },
          { typeId: seats.id, quantity: 3 },
        ],
      },
      people.owner.token,
    );
    expect(o).toMatchObject({ status: 'confirmed', totalCents: 82_500 });
    expect(o.ticket).toMatchObject({ amountCents: 82_500, status: 'unpaid', payment: 'door' });
    const lines = await ctx.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, o.ticket!.invoiceId));
    expect(
      lines
        .map((l) => [l.description.split(':')[0], l.quantity, l.unitCents])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Single seat', 3, 7_500],
      ['Table of 8', 1, 60_000],
    ]);
    expect(o.attendees).toHaveLength(11);
    expect(new Set(o.attendees.map((a) => a.qrToken)).size).toBe(11);
    expect(await soldOf(tables.id)).toBe(1);
    expect(await soldOf(seats.id)).toBe(3);
  });

  it('confirms a free order at once, with no invoice', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Free Mixer', capacity: 5 });
    const type = await added(event.id, free);
    const o = await placed(event.id, { items: [{ typeId: type.id, quantity: 2 }] });
    expect(o).toMatchObject({ status: 'confirmed', totalCents: 0, ticket: null });
    expect(o.registration.guests).toBe(2);
  });
});

describe('orders: promo codes', () => {
  const newCode = (fields: { code: string } & Record<string, unknown>) =>
    newPromoCode(ctx, people.moderator.token, fields);

  it('takes a code off the quote and the order alike, and counts its use once', async () => {
    const { event, tables, seats } = await dinner({ ticketPayment: 'door' });
    await newCode({
      code: 'TABLE25',
      kind: 'percent',
      percentOff: 25,
      eventId: event.id,
      ticketTypeIds: [tables.id],
    });
    const items = [
      { typeId: tables.id, quantity: 1 },
      { typeId: seats.id, quantity: 1 },
    ];
    const q = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/orders/quote`,
      payload: { items, promoCode: 'table25' },
    });
    expect(q.statusCode, q.body).toBe(200);
    // 25% of the visitor's table (80,000), not of the single seat (10,000).
    expect(q.json<OrderQuote>()).toMatchObject({
      lines: [
        { discountCents: 20_000, lineCents: 60_000 },
        { discountCents: 0, lineCents: 10_000 },
      ],
      discounts: [{ kind: 'promo', amountCents: 20_000 }],
      totalCents: 70_000,
    });
    const o = await placed(event.id, { items, promoCode: 'TABLE25' });
    expect(o.totalCents).toBe(70_000);
    expect(o.ticket).toMatchObject({ amountCents: 70_000 });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/promo-codes',
      headers: bearer(people.moderator.token),
    });
    const codes = list.json<{ codes: { code: string; uses: number }[] }>().codes;
    expect(codes.find((c) => c.code.toUpperCase() === 'TABLE25')?.uses).toBe(1);
  });

  it('refuses a code that does not apply, with its reason, and orders nothing', async () => {
    const { event, seats } = await dinner();
    await newCode({ code: 'MEMBERS10', kind: 'amount', amountOffCents: 1_000, membersOnly: true });
    await newCode({ code: 'ONCE', kind: 'amount', amountOffCents: 500, usageLimit: 1 });
    const items = [{ typeId: seats.id, quantity: 1 }];
    const visitor = await order(event.id, { items, promoCode: 'MEMBERS10' });
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json<{ message: string }>().message).toMatch(/MEMBERS10 is for chamber members/);
    const unknown = await order(event.id, { items, promoCode: 'NOPE' });
    expect(unknown.json<{ message: string }>().message).toBe('There is no promo code NOPE.');
    expect(await soldOf(seats.id)).toBe(0);
    // A member may use it; a code used up is refused to the next buyer.
    const member = await placed(event.id, { items, promoCode: 'members10' }, people.owner.token);
    expect(member.totalCents).toBe(6_500);
    await placed(event.id, { items, promoCode: 'ONCE' });
    const late = await order(event.id, { items, promoCode: 'ONCE' });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(/used up/);
    expect(await soldOf(seats.id)).toBe(2);
  });
});

describe('orders: what is left', () => {
  it('counts seats across types against the capacity, and refuses the rest whole', async () => {
    const { event, tables, seats } = await dinner({ capacity: 12 });
    await placed(event.id, { items: [{ typeId: tables.id, quantity: 1 }] });
    // 4 seats left: a table does not fit, nor 5 single seats; 4 single seats do.
    const overTable = await order(event.id, { items: [{ typeId: tables.id, quantity: 1 }] });
    expect(overTable.statusCode).toBe(409);
    expect(overTable.json().message).toBe(
      'Not enough seats left: this order takes 8 seats and 4 are left. Nothing was ordered; order fewer tickets, or join the waiting list.',
    );
    const overSeats = await order(event.id, {
      items: [
        { typeId: seats.id, quantity: 4 },
        { typeId: tables.id, quantity: 1 },
      ],
    });
    expect(overSeats.statusCode).toBe(409);
    expect(await soldOf(seats.id)).toBe(0);
    await placed(event.id, { items: [{ typeId: seats.id, quantity: 4 }] });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/ticket-types`,
    });
    const types = list.json<TicketTypeList>();
    expect(types.seatsLeft).toBe(0);
    expect(types.types.map((t) => [t.name, t.sold, t.ticketsLeft])).toEqual([
      ['Table of 8', 1, 0],
      ['Single seat', 4, 0],
    ]);
  });

  it("refuses an order over a type's quantity or its per-order limit", async () => {
    const { event, tables } = await dinner({ capacity: 100 });
    const overLimit = await order(event.id, { items: [{ typeId: tables.id, quantity: 3 }] });
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().message).toBe('An order takes at most 2 tickets of “Table of 8”.');
    expect((await quote(event.id, [{ typeId: tables.id, quantity: 3 }])).statusCode).toBe(400);
    await placed(event.id, { items: [{ typeId: tables.id, quantity: 2 }] });
    const over = await order(event.id, { items: [{ typeId: tables.id, quantity: 2 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^Only 1 ticket of “Table of 8” is left\./);
    expect(await soldOf(tables.id)).toBe(2);
  });

  it('sells only inside the sale window, by the clock', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Gala', capacity: 50 });
    const type = await added(event.id, {
      ...seat,
      salesOpenAt: '2026-03-12T00:00:00Z',
      salesCloseAt: '2026-03-15T00:00:00Z',
    });
    const early = await order(event.id, { items: [{ typeId: type.id, quantity: 1 }] });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^“Single seat” is not on sale\. On sale from /);
    ctx.clock.advance(3 * 86_400_000); // 13 March
    await placed(event.id, { items: [{ typeId: type.id, quantity: 1 }] });
    ctx.clock.advance(3 * 86_400_000); // 16 March
    const late = await order(event.id, { items: [{ typeId: type.id, quantity: 1 }] });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/Sales ended/);
    ctx.clock.advance(-6 * 86_400_000);
  });

  it('gives the last table to one of two buyers racing for it, and a clear refusal to the other', async () => {
    const { event, tables } = await dinner({ capacity: 40 });
    await ctx.db
      .update(eventTicketTypes)
      .set({ quantity: 1 })
      .where(eq(eventTicketTypes.id, tables.id));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          order(event.id, { items: [{ typeId: tables.id, quantity: 1 }] }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual(
        round === 0 ? [201, 409, 409, 409, 409, 409] : [409, 409, 409, 409, 409, 409],
      );
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(refused.json().message).toMatch(/^“Table of 8” is sold out\./);
      }
    }
    expect(await soldOf(tables.id)).toBe(1);
  });

  it('races for the last seats across types without overbooking the event', async () => {
    const { event, tables, seats } = await dinner({ capacity: 10 });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        order(event.id, { items: [{ typeId: tables.id, quantity: 1 }] }),
      ),
      ...Array.from({ length: 4 }, () =>
        order(event.id, { items: [{ typeId: seats.id, quantity: 2 }] }),
      ),
    ]);
    const taken = answers
      .filter((a) => a.statusCode === 201)
      .reduce((sum, a) => sum + a.json<PlacedOrder>().registration.guests, 0);
    expect(taken).toBeLessThanOrEqual(10);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
  });
});

describe('orders: the waiting list per type', () => {
  it('puts an order that is not left on its type’s list, in arrival order, and offers it freed tickets', async () => {
    const { event, tables, seats } = await dinner({ capacity: 100 });
    await ctx.db
      .update(eventTicketTypes)
      .set({ quantity: 1 })
      .where(eq(eventTicketTypes.id, tables.id));
    const first = await placed(event.id, { items: [{ typeId: tables.id, quantity: 1 }] });
    const second = await placed(event.id, {
      items: [{ typeId: tables.id, quantity: 1 }],
      joinWaitingList: true,
    });
    expect(second).toMatchObject({ status: 'waitlisted' });
    expect(second.registration.waitlistPosition).toBe(1);
    // Seats are left, so single seats still sell: the waiting list is the table's.
    const single = await placed(event.id, { items: [{ typeId: seats.id, quantity: 2 }] });
    expect(single.status).toBe('confirmed');
    expect(await soldOf(tables.id)).toBe(1);

    // The first buyer cancels: the table is offered to the waiting order.
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(first) },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const offered = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(second) },
    });
    const managed = offered.json<ManagedRegistration>();
    expect(managed.registration.seatStatus).toBe('offered');
    expect(managed.canAccept).toBe(true);
    expect(await soldOf(tables.id)).toBe(1);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: '/api/registrations/manage/accept',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(second) },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const taken = accept.json<ManagedRegistration>();
    expect(taken.registration.seatStatus).toBe('confirmed');
    expect(taken.order?.lines).toMatchObject([{ name: 'Table of 8', quantity: 1, seats: 8 }]);
    expect(taken.ticket).toMatchObject({ amountCents: 80_000, status: 'unpaid' });
  });
});

describe('orders: named attendees', () => {
  it('lets the buyer name attendees from the manage link until the event starts, and staff at any time', async () => {
    const { event, tables } = await dinner({
      capacity: 40,
      startTime: '2026-03-10T20:00:00.000Z',
      endTime: '2026-03-10T23:00:00.000Z',
    });
    const o = await placed(event.id, {
      items: [{ typeId: tables.id, quantity: 1 }],
      attendees: [
        { typeId: tables.id, name: 'Ada Lovelace', dietaryNote: 'Vegetarian' },
        { typeId: tables.id, name: 'Grace Hopper', email: 'grace@orders.example' },
      ],
    });
    expect(o.attendees.map((a) => a.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const third = o.attendees[2]!;
    const rename = (token: string, id: string, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/registrations/manage/attendees/${id}`,
        headers: { [REGISTRATION_TOKEN_HEADER]: token },
        payload,
      });
    const named = await rename(tokenOf(o), third.id, { name: 'Katherine Johnson', email: '' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<OrderAttendee>()).toMatchObject({
      id: third.id,
      name: 'Katherine Johnson',
      email: null,
      typeName: 'Table of 8',
    });
    const managed = await ctx.app.inject({
      method: 'GET',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(o) },
    });
    expect(managed.json<ManagedRegistration>().order?.attendees[2]?.name).toBe('Katherine Johnson');

    // Another buyer's link does not reach this order's attendees.
    const other = await placed(event.id, { items: [{ typeId: tables.id, quantity: 1 }] });
    const intruder = await rename(tokenOf(other), third.id, { name: 'Mallory' });
    expect(intruder.statusCode).toBe(404);
    // Nor does a signed-in member who is not staff, through the staff route.
    const notStaff = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/attendees/${third.id}`,
      headers: bearer(people.owner.token),
      payload: { name: 'Mallory' },
    });
    expect(notStaff.statusCode).toBe(403);

    // After the event starts the buyer's link changes no name; staff still can.
    ctx.clock.advance(4 * 3_600_000);
    const late = await rename(tokenOf(o), third.id, { name: 'Too Late' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'Names can be changed until the event starts; please ask the chamber’s staff.',
    );
    const byStaff = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/attendees/${third.id}`,
      headers: bearer(people.moderator.token),
      payload: { name: 'Dorothy Vaughan' },
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    ctx.clock.advance(-(4 * 3_600_000));

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/events/${event.id}/orders`,
      headers: bearer(people.admin.token),
    });
    expect(list.statusCode).toBe(200);
    const orders = list.json<EventOrders>().orders;
    expect(orders.map((x) => x.buyerEmail)).toEqual([
      o.registration.email,
      other.registration.email,
    ]);
    expect(orders[0]!.attendees[2]!.name).toBe('Dorothy Vaughan');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/events/${event.id}/orders`,
          headers: bearer(people.owner.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses attendees of a type not ordered, or more than its seats', async () => {
    const { event, tables, seats } = await dinner({ capacity: 40 });
    const wrongType = await order(event.id, {
      items: [{ typeId: tables.id, quantity: 1 }],
      attendees: [{ typeId: seats.id, name: 'Someone' }],
    });
    expect(wrongType.statusCode).toBe(400);
    const tooMany = await order(event.id, {
      items: [{ typeId: seats.id, quantity: 1 }],
      attendees: [
        { typeId: seats.id, name: 'One' },
        { typeId: seats.id, name: 'Two' },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('2 attendees are named for “Single seat”, which seats 1.');
  });
});

describe('orders: a cancelled order gives back its uses (decision 0152)', () => {
  it("puts its promo code's use and its plan benefit's ticket back, so the next order has them", async () => {
    const benefitId = '5d7c0b7e-6f1a-4a55-9c1e-0b52a1520152';
    await ctx.db.update(membershipPlans).set({
      ticketBenefits: [
        {
          id: benefitId,
          kind: 'free_ticket',
          label: 'One free give-back luncheon ticket per month',
          count: 1,
          period: 'month',
          eventId: null,
          eventTag: 'give-back luncheon',
          excludedEventIds: [],
          ticketTypeId: null,
          ticketTypeName: null,
          priceCents: null,
          until: null,
        },
      ],
    });
    const { event, seats } = await dinner({ title: 'Give-back Luncheon', capacity: 50 });
    const code = await newPromoCode(ctx, people.moderator.token, {
      code: 'GIVEBACK',
      percentOff: 50,
      eventId: event.id,
      usageLimit: 1,
    });
    const items = [{ typeId: seats.id, quantity: 2 }];
    const member = people.owner;
    const memberId = member.user.contactId!;
    const usedOf = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/members/${memberId}/benefits`,
          headers: bearer(member.token),
        })
      ).json<MemberBenefits>().benefits[0]!;
    const usesOf = async () =>
      (await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0]!.uses;

    // The member's first seat is free, the code takes half off the other: 3,750.
    const first = await placed(event.id, { items, promoCode: 'giveback' }, member.token);
    expect(first.totalCents).toBe(3_750);
    expect(await usesOf()).toBe(1);
    expect(await usedOf()).toMatchObject({ used: 1, left: 0 });
    // Used up and taken: a second order is refused the code and pays for both seats.
    const refused = await order(event.id, { items, promoCode: 'GIVEBACK' }, member.token);
    expect(refused.statusCode).toBe(400);

    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/registrations/manage',
      headers: { [REGISTRATION_TOKEN_HEADER]: tokenOf(first) },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf()).toBe(0);
    expect(await usedOf()).toMatchObject({ used: 0, left: 1 });
    const usage = await ctx.db
      .select()
      .from(benefitUsage)
      .where(eq(benefitUsage.contactId, memberId));
    expect(usage.map((u) => u.used)).toEqual([0]);

    // The next order has both again.
    const again = await placed(event.id, { items, promoCode: 'GIVEBACK' }, member.token);
    expect(again.totalCents).toBe(3_750);
    expect(await usesOf()).toBe(1);
    expect(await usedOf()).toMatchObject({ used: 1, left: 0 });
    await ctx.db.update(membershipPlans).set({ ticketBenefits: [] });
  });
});
