import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PromoCode } from '@chamber/contract';
import { contacts } from '@chamber/db';
import type { TestContext } from './app.js';
import { calendarPeople, createCalendar } from './calendar.js';
import { bearer } from './members.js';

/** Ticket types the ticket tests sell: a table of 8 (three of them) and a single seat. */
export const tableType = {
  name: 'Table of 8',
  memberPriceCents: 60_000,
  priceCents: 80_000,
  quantity: 3,
  salesOpenAt: null,
  salesCloseAt: null,
  perOrderLimit: 2,
  seatsPerTicket: 8,
  sortOrder: 0,
};
export const seatType = {
  ...tableType,
  name: 'Single seat',
  memberPriceCents: 7_500,
  priceCents: 10_000,
  quantity: null,
  perOrderLimit: 8,
  seatsPerTicket: 1,
  sortOrder: 1,
};

/**
 * The seed's calendar and its people, where the owner is a member in good standing and the
 * other member's membership is not paid: the two sides of a member price.
 */
export async function ticketPeople(ctx: TestContext) {
  await createCalendar(ctx.db);
  const people = await calendarPeople(ctx);
  await ctx.db
    .update(contacts)
    .set({ paymentStatus: 'paid' })
    .where(eq(contacts.id, people.owner.user.contactId!));
  await ctx.db
    .update(contacts)
    .set({ paymentStatus: 'pending' })
    .where(eq(contacts.id, people.other.user.contactId!));
  return people;
}

/** A promo code's fields as staff's form sends them with every option off. */
export const promoCodeFields = {
  description: '',
  kind: 'percent',
  percentOff: null,
  amountOffCents: null,
  eventId: null,
  ticketTypeIds: [],
  usageLimit: null,
  validFrom: null,
  validUntil: null,
  membersOnly: false,
};

/** A promo code made by staff (`token`) through the API: `fields` over `promoCodeFields`. */
export async function newPromoCode(
  ctx: TestContext,
  token: string,
  fields: { code: string } & Record<string, unknown>,
): Promise<PromoCode> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: bearer(token),
    payload: { ...promoCodeFields, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromoCode>();
}
