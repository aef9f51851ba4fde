import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Appointment, eventMessages, type EventList } from '@chamber/contract';
import { events, users } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createTestUser, signIn, type TestContext } from '../../test/app.js';
import {
  CALENDAR_ID,
  type CalendarPeople,
  createAppointment,
  createCalendarTestApp,
  createdEvent,
  createPayload,
  deleteAppointment,
  eventsIn,
  getAppointment,
  listEvents,
  startsOf,
  TZ,
  updateAppointment,
} from '../../test/calendar.js';

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ({ ctx, people } = await createCalendarTestApp());
});
afterAll(() => ctx.close());

describe('the calendar and its window', () => {
  it('answers the calendar', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/calendars/${CALENDAR_ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: CALENDAR_ID,
      name: 'RACC Events',
      description: '',
      locationId: 'riverton-chamber',
      timezone: TZ,
    });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/calendars/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Calendar not found' });
  });

  it.each([
    ['no dates', '', '', 'startDate'],
    ['a word', 'soon', '2026-04-01', 'startDate must be an ISO date'],
    ['end before start', '2026-04-01', '2026-03-01', 'endDate must be after startDate.'],
    ['more than 400 days', '2026-01-01', '2027-03-01', 'at most 400 days'],
    ['an impossible date', '2026-13-01', '2026-14-01', 'startDate must be an ISO date'],
  ])('refuses a window with %s (400)', async (_what, start, end, message) => {
    const res = await listEvents(ctx, start, end);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown calendar', async () => {
    expect((await listEvents(ctx, '2026-03-01', '2026-03-31', undefined, 'nope')).statusCode).toBe(
      404,
    );
  });

  it('lists single events overlapping the window, by start, with dates read in the calendar zone', async () => {
    const early = await createEvent(ctx.db, {
      calendarId: CALENDAR_ID,
      title: 'Window Early',
      startTime: new Date('2026-05-01T06:30:00Z'), // April 30, 11:30 pm in Denver
      endTime: new Date('2026-05-01T07:30:00Z'),
    });
    await createEvent(ctx.db, {
      calendarId: CALENDAR_ID,
      title: 'Window Late',
      startTime: new Date('2026-05-31T20:00:00Z'),
      endTime: new Date('2026-05-31T21:00:00Z'),
    });
    const may = await eventsIn(ctx, '2026-05-01', '2026-05-31');
    expect(may.map((e) => e.title)).toEqual(['Window Early', 'Window Late'].slice(0, 2));
    // The early one still overlaps May 1 local time (it ends 1:30 am MDT)...
    expect(may[0]!.id).toBe(early.id);
    // ...and an instant window excludes what ends at its start.
    const after = await eventsIn(ctx, '2026-05-01T07:30:00.000Z', '2026-06-01T06:00:00.000Z');
    expect(after.map((e) => e.title)).toEqual(['Window Late']);
  });
});

describe('creating events (docs/product.md#validation rules and docs/product.md#errors messages)', () => {
  it.each([
    [{ title: '   ' }, eventMessages.titleRequired],
    [{ title: undefined }, eventMessages.titleRequired],
    [{ startTime: '' }, eventMessages.startRequired],
    [{ startTime: 'next tuesday' }, eventMessages.startRequired],
    [{ endTime: undefined }, eventMessages.endRequired],
    [{ endTime: '2026-03-19T18:00:00.000Z' }, eventMessages.endAfterStart],
    [{ endTime: '2026-03-19T17:00:00.000Z' }, eventMessages.endAfterStart],
  ])('refuses %o with its sentence', async (change, message) => {
    const res = await createAppointment(ctx, createPayload(change), people.owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_failed', message });
  });

  it('checks the rules in the spec’s order', async () => {
    const res = await createAppointment(
      ctx,
      createPayload({ title: '', startTime: '', endTime: '' }),
      people.owner.token,
    );
    expect(res.json().message).toBe(eventMessages.titleRequired);
  });

  it('needs a linked contact for members', async () => {
    const loner = await createTestUser(ctx.db, { contact: false });
    const res = await createAppointment(ctx, createPayload(), await signIn(ctx, loner.email));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(eventMessages.contactRequired);
  });

  it('refuses bad types, unknown statuses and bad links with 400, never 500', async () => {
    for (const change of [
      { appointmentStatus: 'maybe' },
      { title: 42 },
      { pageUrl: 'javascript:alert(1)' },
      { selectedTimezone: 'Mars/Olympus' },
      { rrule: 'FREQ=SECONDLY' },
      { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' },
      { startTime: '1999-12-31T18:00:00.000Z' },
    ]) {
      const res = await createAppointment(ctx, createPayload(change), people.owner.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('creates with the spec payload and answers the appointment', async () => {
    const res = await createAppointment(ctx, createPayload(), people.owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<Appointment>();
    expect(event).toMatchObject({
      title: 'Monthly Chamber Luncheon',
      startTime: '2026-03-19T18:00:00.000Z',
      endTime: '2026-03-19T19:15:00.000Z',
      location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
      address: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
      calendarId: CALENDAR_ID,
      status: 'confirmed',
      appointmentStatus: 'new',
      timezone: TZ,
      selectedTimezone: TZ,
      contactId: people.owner.user.contactId,
      internalNote: 'Created by Jordan Member via web app',
      isRecurring: false,
      rrule: null,
      attendees: [],
      attendeeCount: 0,
      canEdit: true,
    });
    const [stored] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(stored!.createdBy).toBe(people.owner.user.id);
  });

  it('reads wall-clock times without an offset in the event’s timezone, and all-day events as whole days', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      startTime: '2026-07-04T09:00',
      endTime: '2026-07-04T12:00',
    });
    expect(event.startTime).toBe('2026-07-04T15:00:00.000Z');
    const allDay = await createdEvent(ctx, people.owner.token, {
      startTime: '2026-07-10T10:00',
      endTime: '2026-07-11T15:00',
      isAllDay: true,
    });
    expect([allDay.startTime, allDay.endTime]).toEqual([
      '2026-07-10T06:00:00.000Z',
      '2026-07-12T06:00:00.000Z',
    ]);
  });

  it('keeps members to their own contact; staff may name any', async () => {
    const res = await createAppointment(
      ctx,
      createPayload({ contactId: people.other.user.contactId }),
      people.owner.token,
    );
    expect(res.statusCode).toBe(403);
    const staff = await createdEvent(ctx, people.moderator.token, {
      contactId: people.other.user.contactId,
    });
    expect(staff.contactId).toBe(people.other.user.contactId);
    const none = await createdEvent(ctx, people.admin.token, { contactId: undefined });
    expect(none.contactId).toBeNull();
  });

  it('refuses anonymous visitors and members not yet active', async () => {
    expect((await createAppointment(ctx, createPayload())).statusCode).toBe(401);
    const pending = await createTestUser(ctx.db);
    const token = await signIn(ctx, pending.email);
    await ctx.db.update(users).set({ status: 'pending' }).where(eq(users.id, pending.id));
    expect((await createAppointment(ctx, createPayload(), token)).statusCode).toBe(403);
  });
});

describe('who may change and delete an event (the design’s Permissions table)', () => {
  it.each([
    ['anonymous visitor', 401, undefined],
    ['another member', 403, 'other'],
    ['owner', 200, 'owner'],
    ['moderator', 200, 'moderator'],
    ['admin', 200, 'admin'],
  ] as const)('%s → %i', async (_who, status, as) => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Permission Check' });
    const token = as === undefined ? undefined : people[as].token;
    const put = await updateAppointment(ctx, event.id, { title: `Renamed by ${as}` }, token);
    expect(put.statusCode, put.body).toBe(status);
    const del = await deleteAppointment(ctx, event.id, token);
    expect(del.statusCode).toBe(status);
    const after = await getAppointment(ctx, event.id);
    expect(after.statusCode).toBe(status === 200 ? 404 : 200);
    if (status !== 200) expect(after.json<Appointment>().title).toBe('Permission Check');
  });

  it('lets the member linked as organizer edit an event staff created for them', async () => {
    const event = await createdEvent(ctx, people.admin.token, {
      contactId: people.other.user.contactId,
    });
    const res = await updateAppointment(ctx, event.id, { title: 'Ours now' }, people.other.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<Appointment>().contactId).toBe(people.other.user.contactId);
  });

  it('keeps the organizer when staff save the form with their own contact id', async () => {
    const event = await createdEvent(ctx, people.owner.token);
    const res = await updateAppointment(
      ctx,
      event.id,
      { ...createPayload({ title: 'Moderated' }), contactId: people.other.user.contactId },
      people.moderator.token,
    );
    expect(res.json<Appointment>()).toMatchObject({
      title: 'Moderated',
      contactId: people.owner.user.contactId,
    });
  });

  it('shows the internal note and edit right only to those who may edit', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      internalNote: 'Caterer: 40 plates',
    });
    const seen = async (token?: string) =>
      (await getAppointment(ctx, event.id, token)).json<Appointment>();
    expect(await seen()).toMatchObject({ internalNote: '', canEdit: false });
    expect(await seen(people.other.token)).toMatchObject({ internalNote: '', canEdit: false });
    expect(await seen(people.owner.token)).toMatchObject({
      internalNote: 'Caterer: 40 plates',
      canEdit: true,
    });
    const fields = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${event.id}/custom-fields?_t=1`,
    });
    expect(fields.json()).toEqual({
      pageUrl: '',
      coverImageUrl: '',
      downloadFileUrl: '',
      internalNote: '',
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['nope', '7d1c7f0e-2b7a-4d0e-9a4c-3f1b2a9e8c77', 'x_20260101T000000Z']) {
      expect((await getAppointment(ctx, id)).statusCode).toBe(404);
    }
  });
});

describe('updates of single events', () => {
  it('changes only the fields sent and checks the same rules', async () => {
    const event = await createdEvent(ctx, people.owner.token);
    const blank = await updateAppointment(ctx, event.id, { title: '' }, people.owner.token);
    expect(blank.json().message).toBe(eventMessages.titleRequired);
    const backwards = await updateAppointment(
      ctx,
      event.id,
      { endTime: '2026-03-19T17:00:00.000Z' },
      people.owner.token,
    );
    expect(backwards.json().message).toBe(eventMessages.endAfterStart);
    const res = await updateAppointment(
      ctx,
      event.id,
      { location: 'Riverton Senior Center', appointmentStatus: 'confirmed' },
      people.owner.token,
    );
    expect(res.json<Appointment>()).toMatchObject({
      title: 'Monthly Chamber Luncheon',
      location: 'Riverton Senior Center',
      appointmentStatus: 'confirmed',
      startTime: event.startTime,
    });
  });

  it('turns a single event into a weekly series', async () => {
    const event = await createdEvent(ctx, people.owner.token, {
      title: 'Becomes Weekly',
      startTime: '2026-09-01T13:30:00.000Z',
      endTime: '2026-09-01T14:30:00.000Z',
    });
    const res = await updateAppointment(
      ctx,
      event.id,
      { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Appointment>().id).toBe(`${event.id}_20260901T133000Z`);
    const list = await eventsIn(ctx, '2026-09-01', '2026-09-30');
    expect(startsOf(list, 'Becomes Weekly')).toEqual([
      '2026-09-01T13:30:00.000Z',
      '2026-09-08T13:30:00.000Z',
      '2026-09-15T13:30:00.000Z',
    ]);
  });
});

describe('the events list for the home page', () => {
  it('answers a year from the start of the month, upcoming ones with their counts', async () => {
    const res = await listEvents(ctx, '2026-03-01T07:00:00.000Z', '2027-03-01T07:00:00.000Z');
    expect(res.statusCode).toBe(200);
    const body = res.json<EventList>();
    expect(body.truncated).toBe(false);
    const starts = body.events.map((e) => e.startTime);
    expect([...starts].sort()).toEqual(starts);
    for (const e of body.events) {
      expect(e.attendees).toEqual([]);
      expect(e.internalNote).toBe('');
    }
  });
});
