import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, CalendarEvent } from '@chamber/contract';
import { eventRegistrations, events } from '@chamber/db';
import type { TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createCalendarTestApp,
  createdEvent,
  createSeries,
  deleteAppointment,
  eventsIn,
  getAppointment,
  register,
  startsOf,
  updateAppointment,
} from '../../test/calendar.js';

let ctx: TestContext;
let people: CalendarPeople;

beforeAll(async () => {
  ({ ctx, people } = await createCalendarTestApp());
});
afterAll(() => ctx.close());

/**
 * A weekly breakfast on Tuesdays at 7:30 in Denver, from March 3, 2026 (MST, UTC-7), across
 * the change to daylight time on March 8 (MDT, UTC-6).
 */
async function breakfast(title: string, rrule = 'FREQ=WEEKLY;BYDAY=TU') {
  return createSeries(ctx, people.owner.token, { title, rrule });
}

const march = (title: string) =>
  eventsIn(ctx, '2026-03-01', '2026-03-31').then((list) => list.filter((e) => e.title === title));
const localTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Denver',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

describe('expanding a series', () => {
  it('gives every Tuesday of a month at 7:30 local time across the DST change', async () => {
    const series = await breakfast('DST Breakfast');
    expect(series.id).toMatch(/_20260303T143000Z$/);
    expect(series.isRecurring).toBe(true);
    const list = await march('DST Breakfast');
    expect(list.map((e) => e.startTime)).toEqual([
      '2026-03-03T14:30:00.000Z',
      '2026-03-10T13:30:00.000Z',
      '2026-03-17T13:30:00.000Z',
      '2026-03-24T13:30:00.000Z',
      '2026-03-31T13:30:00.000Z',
    ]);
    expect(new Set(list.map((e) => localTime(e.startTime)))).toEqual(new Set(['Tue 7:30 AM']));
    expect(new Set(list.map((e) => localTime(e.endTime)))).toEqual(new Set(['Tue 8:30 AM']));
    const masterId = list[0]!.masterEventId!;
    expect(list.map((e) => e.id)).toContain(`${masterId}_20260310T133000Z`);
    for (const e of list) {
      expect(e).toMatchObject({
        isRecurring: true,
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        masterEventId: masterId,
        originalRecurringEventId: e.id,
        originalStartTime: e.startTime,
        isException: false,
        customFieldsRecordId: masterId,
      });
    }
  });

  it('expands a year window, back across the November change too', async () => {
    await breakfast('Year Breakfast');
    const year = (await eventsIn(ctx, '2026-03-01', '2027-02-28')).filter(
      (e) => e.title === 'Year Breakfast',
    );
    expect(year).toHaveLength(52);
    expect(new Set(year.map((e) => localTime(e.startTime)))).toEqual(new Set(['Tue 7:30 AM']));
    expect(year.at(-1)!.startTime).toBe('2027-02-23T14:30:00.000Z');
  });

  it('honours COUNT and UNTIL, and monthly rules by weekday', async () => {
    await breakfast('Counted', 'FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    expect(startsOf(await march('Counted'))).toHaveLength(3);
    await breakfast('Until', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260317');
    expect(startsOf(await march('Until'))).toHaveLength(3);
    await createdEvent(ctx, people.owner.token, {
      title: 'Second Thursday Luncheon',
      startTime: '2026-03-12T18:00:00.000Z',
      endTime: '2026-03-12T19:15:00.000Z',
      rrule: 'FREQ=MONTHLY;BYDAY=2TH',
    });
    const luncheons = (await eventsIn(ctx, '2026-03-01', '2026-06-30')).filter(
      (e) => e.title === 'Second Thursday Luncheon',
    );
    expect(luncheons.map((e) => e.startTime)).toEqual([
      '2026-03-12T18:00:00.000Z',
      '2026-04-09T18:00:00.000Z',
      '2026-05-14T18:00:00.000Z',
      '2026-06-11T18:00:00.000Z',
    ]);
  });

  it('refuses a start the rule does not give', async () => {
    const res = await updateAppointment(
      ctx,
      (await createdEvent(ctx, people.owner.token)).id,
      { rrule: 'FREQ=WEEKLY;BYDAY=MO' },
      people.owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/start date must be one of the dates/);
  });

  it('resolves occurrence ids everywhere and 404s dates the rule does not give', async () => {
    const series = await breakfast('Resolving');
    const masterId = series.masterEventId!;
    const occurrence = await getAppointment(ctx, `${masterId}_20260317T133000Z`);
    expect(occurrence.statusCode).toBe(200);
    expect(occurrence.json<Appointment>().startTime).toBe('2026-03-17T13:30:00.000Z');
    expect((await getAppointment(ctx, `${masterId}_20260318T133000Z`)).statusCode).toBe(404);
    expect((await getAppointment(ctx, `${masterId}_20260317T133000`)).statusCode).toBe(404);
    const master = await getAppointment(ctx, masterId);
    expect(master.json<Appointment>()).toMatchObject({ id: masterId, isRecurring: true });
  });
});

describe('"Update only this event"', () => {
  it('writes an override of that occurrence and leaves the rest', async () => {
    const series = await breakfast('Override Breakfast');
    const id = `${series.masterEventId}_20260317T133000Z`;
    const res = await updateAppointment(
      ctx,
      id,
      {
        title: 'Override Breakfast',
        location: 'Riverton Library',
        startTime: '2026-03-18T14:00:00.000Z',
        endTime: '2026-03-18T15:00:00.000Z',
        toNotify: false,
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Appointment>()).toMatchObject({
      id,
      location: 'Riverton Library',
      startTime: '2026-03-18T14:00:00.000Z',
      isException: true,
      originalStartTime: '2026-03-17T13:30:00.000Z',
    });
    const list = await march('Override Breakfast');
    expect(list.map((e) => [e.startTime, e.location.split(',')[0]])).toEqual([
      ['2026-03-03T14:30:00.000Z', 'Riverton City Hall'],
      ['2026-03-10T13:30:00.000Z', 'Riverton City Hall'],
      ['2026-03-18T14:00:00.000Z', 'Riverton Library'],
      ['2026-03-24T13:30:00.000Z', 'Riverton City Hall'],
      ['2026-03-31T13:30:00.000Z', 'Riverton City Hall'],
    ]);
    const moved = list[2]!;
    expect(moved.id).toBe(id);
    expect(moved.customFieldsRecordId).not.toBe(series.masterEventId);
    // Editing it again updates the same override.
    await updateAppointment(ctx, id, { title: 'Special Guest Breakfast' }, people.owner.token);
    const overrides = await ctx.db
      .select()
      .from(events)
      .where(eq(events.seriesId, series.masterEventId!));
    expect(overrides.map((o) => o.title)).toEqual(['Special Guest Breakfast']);
  });

  it('shows an occurrence moved in from outside the window, and hides one moved out', async () => {
    const series = await breakfast('Mover');
    const id = `${series.masterEventId}_20260331T133000Z`;
    await updateAppointment(
      ctx,
      id,
      { startTime: '2026-04-01T13:30:00.000Z', endTime: '2026-04-01T14:30:00.000Z' },
      people.owner.token,
    );
    expect(startsOf(await march('Mover'))).not.toContain('2026-03-31T13:30:00.000Z');
    const april = (await eventsIn(ctx, '2026-04-01', '2026-04-02')).filter(
      (e) => e.title === 'Mover',
    );
    expect(april.map((e) => e.id)).toEqual([id]);
  });
});

describe('deleting occurrences and series', () => {
  it('excludes one occurrence, or this and the following, or all', async () => {
    const series = await breakfast('Deleting');
    const master = series.masterEventId!;
    const one = await deleteAppointment(ctx, `${master}_20260317T133000Z`, people.owner.token);
    expect(one.json()).toEqual({ success: true, scope: 'occurrence' });
    expect(startsOf(await march('Deleting'))).toEqual([
      '2026-03-03T14:30:00.000Z',
      '2026-03-10T13:30:00.000Z',
      '2026-03-24T13:30:00.000Z',
      '2026-03-31T13:30:00.000Z',
    ]);
    expect((await getAppointment(ctx, `${master}_20260317T133000Z`)).statusCode).toBe(404);
    const following = await deleteAppointment(
      ctx,
      `${master}_20260324T133000Z`,
      people.owner.token,
      'this_and_following_events',
    );
    expect(following.json().scope).toBe('this_and_following_events');
    expect(startsOf(await march('Deleting'))).toHaveLength(2);
    const all = await deleteAppointment(ctx, master, people.owner.token);
    expect(all.json().scope).toBe('series');
    expect(await march('Deleting')).toEqual([]);
    expect(await ctx.db.select().from(events).where(eq(events.id, master))).toEqual([]);
  });

  it('lets another member delete nothing', async () => {
    const series = await breakfast('Guarded');
    const res = await deleteAppointment(ctx, series.id, people.other.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('"Update all future events" (this_and_following_events)', () => {
  it('ends the series before the occurrence and starts a new one at it', async () => {
    const series = await breakfast('Split Breakfast');
    const master = series.masterEventId!;
    await updateAppointment(
      ctx,
      `${master}_20260331T133000Z`,
      { title: 'Split Breakfast', location: 'Old Diner' },
      people.owner.token,
    );
    const at = `${master}_20260317T133000Z`;
    const reg = await register(ctx, `${master}_20260324T133000Z`, {
      name: 'Pat Guest',
      email: 'pat@example.org',
      numberOfGuests: '2',
    });
    expect(reg.statusCode).toBe(201);
    const res = await updateAppointment(
      ctx,
      at,
      {
        title: 'Split Breakfast',
        location: 'Copperleaf Coffee House',
        startTime: '2026-03-17T14:00:00.000Z', // 8:00 instead of 7:30
        endTime: '2026-03-17T15:00:00.000Z',
        recurringEventUpdateType: 'this_and_following_events',
        isCustomRecurring: true,
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json<Appointment>();
    expect(answered.masterEventId).not.toBe(master);
    expect(answered.id).toBe(`${answered.masterEventId}_20260317T140000Z`);

    const list = await march('Split Breakfast');
    expect(list.map((e) => [localTime(e.startTime), e.location.split(',')[0]])).toEqual([
      ['Tue 7:30 AM', 'Riverton City Hall'],
      ['Tue 7:30 AM', 'Riverton City Hall'],
      ['Tue 8:00 AM', 'Copperleaf Coffee House'],
      ['Tue 8:00 AM', 'Copperleaf Coffee House'],
      ['Tue 8:00 AM', 'Copperleaf Coffee House'],
    ]);
    expect(new Set(list.slice(2).map((e) => e.masterEventId))).toEqual(
      new Set([answered.masterEventId]),
    );
    const [old] = await ctx.db.select().from(events).where(eq(events.id, master));
    // It ends with its last kept occurrence, March 10 at 7:30 Denver time.
    expect(old!.rrule).toBe('FREQ=WEEKLY;UNTIL=20260310T133000Z;BYDAY=TU');
    // The registration followed its occurrence to the new series and time.
    const moved = list[3]!;
    expect(moved.attendeeCount).toBe(2);
    const rows = await ctx.db.select().from(eventRegistrations);
    expect(rows.find((r) => r.email === 'pat@example.org')).toMatchObject({
      eventId: answered.masterEventId,
      occurrenceKey: '20260324T140000Z',
    });
  });

  it('keeps an edited week’s own time when the rest of the series changes from it', async () => {
    const series = await breakfast('Luncheon Flow');
    const week = `${series.masterEventId}_20260317T133000Z`;
    const moved = await updateAppointment(
      ctx,
      week,
      {
        title: 'Luncheon Flow',
        startTime: '2026-03-17T18:00:00.000Z',
        endTime: '2026-03-17T19:00:00.000Z',
        recurringEventUpdateType: 'this_event',
      },
      people.owner.token,
    );
    expect(moved.json<Appointment>().isException).toBe(true);
    const res = await updateAppointment(
      ctx,
      week,
      {
        title: 'Luncheon Flow',
        location: 'Riverton Senior Center',
        startTime: '2026-03-17T18:00:00.000Z',
        endTime: '2026-03-17T19:00:00.000Z',
        recurringEventUpdateType: 'this_and_following_events',
        rrule: series.rrule,
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = await march('Luncheon Flow');
    expect(list.map((e) => [localTime(e.startTime), e.location.split(',')[0]])).toEqual([
      ['Tue 7:30 AM', 'Riverton City Hall'],
      ['Tue 7:30 AM', 'Riverton City Hall'],
      ['Tue 12:00 PM', 'Riverton Senior Center'],
      ['Tue 7:30 AM', 'Riverton Senior Center'],
      ['Tue 7:30 AM', 'Riverton Senior Center'],
    ]);
    expect(list[2]).toMatchObject({ isException: true, masterEventId: list[3]!.masterEventId });
  });

  it('changes the whole series in place from its first occurrence', async () => {
    const series = await breakfast('First Split');
    const res = await updateAppointment(
      ctx,
      series.id,
      { title: 'Renamed Series', recurringEventUpdateType: 'this_and_following_events' },
      people.owner.token,
    );
    expect(res.json<Appointment>().masterEventId).toBe(series.masterEventId);
    expect(await march('First Split')).toEqual([]);
    expect(await march('Renamed Series')).toHaveLength(5);
  });

  it('follows a series moved to another weekday without touching its rule', async () => {
    const series = await breakfast('Wednesday Now');
    const res = await updateAppointment(
      ctx,
      `${series.masterEventId}_20260317T133000Z`,
      {
        startTime: '2026-03-18T13:30:00.000Z',
        endTime: '2026-03-18T14:30:00.000Z',
        recurringEventUpdateType: 'this_and_following_events',
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Appointment>().rrule).toBe('FREQ=WEEKLY;BYDAY=WE');
    expect((await march('Wednesday Now')).map((e) => localTime(e.startTime))).toEqual([
      'Tue 7:30 AM',
      'Tue 7:30 AM',
      'Wed 7:30 AM',
      'Wed 7:30 AM',
    ]);
  });

  it('keeps the remaining COUNT in the new series', async () => {
    const series = await breakfast('Counted Split', 'FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    await updateAppointment(
      ctx,
      `${series.masterEventId}_20260317T133000Z`,
      { location: 'Elsewhere', recurringEventUpdateType: 'this_and_following_events' },
      people.owner.token,
    );
    const list = await march('Counted Split');
    expect(list.map((e) => e.location)).toEqual([
      expect.stringContaining('City Hall'),
      expect.stringContaining('City Hall'),
      'Elsewhere',
      'Elsewhere',
    ]);
    expect(list[3]!.rrule).toBe('FREQ=WEEKLY;COUNT=2;BYDAY=TU');
  });

  it('is a no-op when nothing changed', async () => {
    const series = await breakfast('Unchanged');
    const occurrence = (await march('Unchanged'))[2]!;
    const before = await ctx.db.select().from(events).where(eq(events.title, 'Unchanged'));
    const res = await updateAppointment(
      ctx,
      occurrence.id,
      {
        title: occurrence.title,
        description: occurrence.description,
        location: occurrence.location,
        startTime: occurrence.startTime,
        endTime: occurrence.endTime,
        selectedTimezone: occurrence.timezone,
        recurringEventUpdateType: 'this_and_following_events',
        isCustomRecurring: true,
        rrule: 'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU',
      },
      people.owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<CalendarEvent>().id).toBe(occurrence.id);
    const after = await ctx.db.select().from(events).where(eq(events.title, 'Unchanged'));
    expect(after).toEqual(before);
    expect(series.rrule).toBe('FREQ=WEEKLY;BYDAY=TU');
  });

  it('changes every occurrence with all_events, moving the series to the new time', async () => {
    const series = await breakfast('All Events');
    const res = await updateAppointment(
      ctx,
      `${series.masterEventId}_20260324T133000Z`,
      {
        startTime: '2026-03-24T15:00:00.000Z',
        endTime: '2026-03-24T16:00:00.000Z',
        recurringEventUpdateType: 'all_events',
      },
      people.owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Appointment>().id).toBe(`${series.masterEventId}_20260324T150000Z`);
    expect(new Set((await march('All Events')).map((e) => localTime(e.startTime)))).toEqual(
      new Set(['Tue 9:00 AM']),
    );
  });
});

describe('series custom fields', () => {
  it('sets them on the series and its edited occurrences, counting changed records', async () => {
    const series = await breakfast('Fields Breakfast');
    const master = series.masterEventId!;
    await updateAppointment(
      ctx,
      `${master}_20260310T133000Z`,
      { location: 'Library' },
      people.owner.token,
    );
    const post = (token?: string, customFields: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/calendars/appointments/${master}_20260324T133000Z/recurring-series-custom-fields`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { calendarId: 'racc-events', customFields },
      });
    const fields = {
      pageUrl: 'https://rivertonchamber.example/breakfast',
      coverImageUrl: '/api/media/' + 'a'.repeat(64) + '.jpg',
      downloadFileUrl: '',
      internalNote: 'Coffee sponsor: Copperleaf',
    };
    expect((await post(undefined, fields)).statusCode).toBe(401);
    expect((await post(people.other.token, fields)).statusCode).toBe(403);
    const res = await post(people.owner.token, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updatedCount: 2 });
    expect((await post(people.owner.token, fields)).json()).toEqual({ updatedCount: 0 });
    const list = await march('Fields Breakfast');
    expect(new Set(list.map((e) => e.pageUrl))).toEqual(new Set([fields.pageUrl]));
    const custom = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${master}_20260310T133000Z/custom-fields`,
      headers: { authorization: `Bearer ${people.owner.token}` },
    });
    expect(custom.json()).toEqual(fields);
    const bad = await post(people.owner.token, { pageUrl: 'ftp://nope' });
    expect(bad.statusCode).toBe(400);
  });
});
