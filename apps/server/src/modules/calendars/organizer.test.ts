import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import { contacts } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createCalendarTestApp,
  createdEvent,
  createSeries,
  getAppointment,
  updateAppointment,
} from '../../test/calendar.js';

// A member's own event is organized by its business (docs/decisions/0143-series-edit-choices.md):
// the event's answer names the business and its member page, not the person who created it.

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ({ ctx, people } = await createCalendarTestApp());
  await ctx.db
    .update(contacts)
    .set({ businessName: 'Sweetwater Bakery' })
    .where(eq(contacts.id, people.owner.user.contactId!));
});
afterAll(() => ctx.close());

async function organizerOf(id: string, token?: string) {
  const res = await getAppointment(ctx, id, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Appointment>().organizer;
}

describe('the organizer of an event', () => {
  it('is the member’s business for a member’s own event, to everyone', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Bread Class' });
    const business = { name: 'Sweetwater Bakery', memberId: people.owner.user.contactId };
    expect(event.organizer).toEqual(business);
    expect(await organizerOf(event.id)).toEqual(business);
    expect(await organizerOf(event.id, people.other.token)).toEqual(business);
  });

  it('stays the business when staff edit the event, and on each date of a series', async () => {
    const series = await createSeries(ctx, people.owner.token, { title: 'Bakery Breakfast' });
    const edited = await updateAppointment(
      ctx,
      `${series.masterEventId}_20260317T133000Z`,
      { title: 'Bakery Breakfast (moved room)', recurringEventUpdateType: 'this_event' },
      people.moderator.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Appointment>().organizer?.name).toBe('Sweetwater Bakery');
    expect(await organizerOf(`${series.masterEventId}_20260324T133000Z`)).toMatchObject({
      name: 'Sweetwater Bakery',
    });
  });

  it('is the chamber (null) for staff’s own event', async () => {
    const event = await createdEvent(ctx, people.moderator.token, { title: 'Board Meeting' });
    expect(event.organizer).toBeNull();
    expect(await organizerOf(event.id)).toBeNull();
  });

  it('names a business the directory does not list without linking its page', async () => {
    const user = people.other.user;
    await ctx.db
      .update(contacts)
      .set({ businessName: 'Quiet Books', listed: false })
      .where(eq(contacts.id, user.contactId!));
    const event = await createdEvent(ctx, people.other.token, { title: 'Reading Hour' });
    expect(await organizerOf(event.id)).toEqual({ name: 'Quiet Books', memberId: null });
    await ctx.db.update(contacts).set({ listed: true }).where(eq(contacts.id, user.contactId!));
  });
});
