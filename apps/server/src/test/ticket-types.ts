import { eq } from 'drizzle-orm';
import { contacts } from '@chamber/db';
import type { TestContext } from './app.js';
import { calendarPeople, createCalendar } from './calendar.js';

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
