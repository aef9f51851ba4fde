import { eventRedirects } from '@chamber/db';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import type { TestContext } from '../../test/app.js';
import {
  CALENDAR_ID,
  type CalendarPeople,
  createSeries,
  deleteAppointment,
  getAppointment,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

/** Tuesdays at 7:30 in Denver from March 3, 2026. */
const breakfast = (title: string) => createSeries(ctx, people.owner.token, { title });

/** "Update all future events" from an occurrence: to 8:00 at another place. */
const moveFollowing = (id: string, day = '17') =>
  updateAppointment(
    ctx,
    id,
    {
      location: 'Copperleaf Coffee House',
      startTime: `2026-03-${day}T14:00:00.000Z`,
      endTime: `2026-03-${day}T15:00:00.000Z`,
      recurringEventUpdateType: 'this_and_following_events',
    },
    people.owner.token,
  );

/** Moves an occurrence, and as `scope` says the ones after it or all, to 9:00 Denver time. */
const moveToNine = (
  id: string,
  day: string,
  scope: 'this_and_following_events' | 'all_events' = 'this_and_following_events',
) =>
  updateAppointment(
    ctx,
    id,
    {
      startTime: `2026-03-${day}T15:00:00.000Z`,
      endTime: `2026-03-${day}T16:00:00.000Z`,
      recurringEventUpdateType: scope,
    },
    people.owner.token,
  );

const vevent = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getFirstSubcomponent('vevent')!;
};

async function registered(id: string, email: string) {
  const before = smtp.received.length;
  const res = await register(ctx, id, { name: 'Pat Guest', email, numberOfGuests: '2' });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  const link = /https:\/\/portal\.example\/events\/([^\s)\]]+)/.exec(mail!.text!)![1]!;
  const token = /#token=([\w-]+)/.exec(mail!.text!)![1]!;
  return { link: decodeURIComponent(link), token, ics: mail!.attachments[0]!.content.toString() };
}

describe('an occurrence id retired by "Update all future events"', () => {
  it('answers for the occurrence that replaced it, and the mailed links keep working', async () => {
    const series = await breakfast('Stable Breakfast');
    const master = series.masterEventId!;
    const { link, token, ics } = await registered(`${master}_20260324T133000Z`, 'pat@example.org');
    expect(link).toBe(`${master}_20260324T133000Z`);

    const res = await moveFollowing(`${master}_20260317T133000Z`);
    expect(res.statusCode, res.body).toBe(200);
    const successorSeries = res.json<Appointment>().masterEventId!;
    expect(successorSeries).not.toBe(master);

    // The link in the confirmation mail: the occurrence at its new time and place.
    const opened = await getAppointment(ctx, link);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Appointment>()).toMatchObject({
      id: `${successorSeries}_20260324T140000Z`,
      startTime: '2026-03-24T14:00:00.000Z',
      location: 'Copperleaf Coffee House',
      registrationCount: 1,
      attendeeCount: 2,
    });
    // An occurrence nobody registered for, too; and its calendar file.
    const other = await getAppointment(ctx, `${master}_20260407T133000Z`);
    expect(other.json<Appointment>().id).toBe(`${successorSeries}_20260407T140000Z`);
    const file = await ctx.app.inject(`/api/calendars/appointments/${link}/ics`);
    expect(file.statusCode).toBe(200);
    // Occurrences before the split keep their ids.
    expect((await getAppointment(ctx, `${master}_20260310T133000Z`)).json()).toMatchObject({
      id: `${master}_20260310T133000Z`,
    });

    // The manage link opens the registration with the occurrence's current id.
    const managed = await ctx.app.inject({
      url: '/api/registrations/manage',
      headers: { 'x-registration-token': token },
    });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().event.id).toBe(`${successorSeries}_20260324T140000Z`);

    // One identity for the occurrence everywhere: its own file names it as the feed does, by
    // the new series' UID and a RECURRENCE-ID that series' rule gives.
    const first = vevent(ics);
    expect(first.getFirstPropertyValue('uid')).toBe(`${master}@portal.example`);
    const now = vevent(file.body);
    expect(now.getFirstPropertyValue('uid')).toBe(`${successorSeries}@portal.example`);
    expect(String(now.getFirstPropertyValue('recurrence-id'))).toBe('2026-03-24T08:00:00');
    expect(String(now.getFirstPropertyValue('dtstart'))).toBe('2026-03-24T08:00:00');
    const feed = await ctx.app.inject(`/api/calendars/${CALENDAR_ID}/feed.ics`);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const byUid = (uid: string) =>
      calendar
        .getAllSubcomponents('vevent')
        .filter((v) => v.getFirstPropertyValue('uid') === `${uid}@portal.example`);
    const [successor] = byUid(successorSeries);
    expect(successor!.getFirstProperty('recurrence-id')).toBeNull();
    expect(String(successor!.getFirstPropertyValue('dtstart'))).toBe('2026-03-17T08:00:00');
    const expanded = new ICAL.Event(successor!).iterator();
    const starts: string[] = [];
    for (let t = expanded.next(); t && starts.length < 3; t = expanded.next()) {
      starts.push(t.toString());
    }
    expect(starts).toContain(String(now.getFirstPropertyValue('recurrence-id')));
    // The old series ends with its last kept occurrence, March 10 at 7:30 Denver time.
    const [old] = byUid(master);
    const rule = old!.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.until!.toString()).toBe('2026-03-10T13:30:00Z');
    expect(byUid(master)).toHaveLength(1);
  });

  it('follows a chain of edits to the latest occurrence, in one step', async () => {
    const series = await breakfast('Twice Split');
    const master = series.masterEventId!;
    const first = await moveFollowing(`${master}_20260317T133000Z`);
    const second = first.json<Appointment>().masterEventId!;
    const res = await moveToNine(`${second}_20260331T140000Z`, '31');
    expect(res.statusCode, res.body).toBe(200);
    const third = res.json<Appointment>().masterEventId!;
    for (const id of [`${master}_20260331T133000Z`, `${second}_20260331T140000Z`]) {
      const opened = await getAppointment(ctx, id);
      expect(opened.json<Appointment>().id).toBe(`${third}_20260331T150000Z`);
    }
    expect((await getAppointment(ctx, `${master}_20260324T133000Z`)).json()).toMatchObject({
      id: `${second}_20260324T140000Z`,
    });
  });

  it('follows "all events" moving the series to a new time in place', async () => {
    const series = await breakfast('Moved In Place');
    const master = series.masterEventId!;
    const res = await moveToNine(`${master}_20260324T133000Z`, '24', 'all_events');
    expect(res.statusCode, res.body).toBe(200);
    const opened = await getAppointment(ctx, `${master}_20260317T133000Z`);
    expect(opened.json<Appointment>().id).toBe(`${master}_20260317T150000Z`);
  });

  it('is 404 once the occurrence that replaced it is deleted', async () => {
    const series = await breakfast('Gone Later');
    const master = series.masterEventId!;
    const successor = (await moveFollowing(`${master}_20260317T133000Z`)).json<Appointment>();
    const deleted = await deleteAppointment(
      ctx,
      `${successor.masterEventId}_20260324T140000Z`,
      people.owner.token,
      'this_event',
    );
    expect(deleted.statusCode).toBe(200);
    const res = await getAppointment(ctx, `${master}_20260324T133000Z`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('forgets the retired ids of what a deletion removed, and keeps those that still lead somewhere', async () => {
    const series = await breakfast('Cleaned Up');
    const master = series.masterEventId!;
    const second = (await moveFollowing(`${master}_20260317T133000Z`)).json<Appointment>()
      .masterEventId!;
    const moved = await moveToNine(`${second}_20260331T140000Z`, '31');
    const third = moved.json<Appointment>().masterEventId!;
    const pointingInto = async (seriesId: string) => {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventRedirects)
        .where(sql`starts_with(${eventRedirects.successorId}, ${`${seriesId}_`})`);
      return row!.n;
    };
    const answered = async (id: string) => (await getAppointment(ctx, id)).json<Appointment>().id;
    const total = await pointingInto(third);
    expect(total).toBeGreaterThan(50);

    // One occurrence: only the rows naming it go.
    const one = await deleteAppointment(
      ctx,
      `${second}_20260324T140000Z`,
      people.owner.token,
      'this_event',
    );
    expect(one.statusCode).toBe(200);
    const [gone] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventRedirects)
      .where(sql`${eventRedirects.successorId} = ${`${second}_20260324T140000Z`}`);
    expect(gone!.n).toBe(0);
    expect(await answered(`${master}_20260317T133000Z`)).toBe(`${second}_20260317T140000Z`);

    // This and following: the rows naming an occurrence from that date on.
    const later = await deleteAppointment(
      ctx,
      `${third}_20260414T150000Z`,
      people.owner.token,
      'this_and_following_events',
    );
    expect(later.statusCode).toBe(200);
    const left = await pointingInto(third);
    expect(left).toBe(4); // 31 March and 7 April, each retired from both earlier series.
    expect(await answered(`${master}_20260407T133000Z`)).toBe(`${third}_20260407T150000Z`);

    // The whole series: nothing points into it any more; rows into the living series stay.
    const all = await deleteAppointment(
      ctx,
      `${third}_20260331T150000Z`,
      people.owner.token,
      'all_events',
    );
    expect(all.statusCode).toBe(200);
    expect(await pointingInto(third)).toBe(0);
    expect(await pointingInto(second)).toBe(1);
    expect(await answered(`${master}_20260317T133000Z`)).toBe(`${second}_20260317T140000Z`);
  });
});
