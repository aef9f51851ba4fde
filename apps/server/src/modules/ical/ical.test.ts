import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import { createTestApp, type TestContext } from '../../test/app.js';
import { foldLines } from './ical.js';
import {
  CALENDAR_ID,
  calendarPeople,
  createCalendar,
  createdEvent,
  createSeries,
  deleteAppointment,
  eventsIn,
  updateAppointment,
} from '../../test/calendar.js';

let ctx: TestContext;
let series: Appointment;
let single: Appointment;
let ownerToken: string;

/** Parses a calendar with ical.js and registers its VTIMEZONEs, as a calendar app would. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  }
  return calendar;
}

/**
 * Every occurrence a subscriber's app would show between two instants: [summary, start], the
 * start an ISO instant, or a date for all-day events (floating: the viewer's own day).
 */
function expand(calendar: ICAL.Component, from: Date, to: Date): [string, string][] {
  const vevents = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  const masters = vevents.filter((e) => !e.isRecurrenceException());
  for (const exception of vevents.filter((e) => e.isRecurrenceException())) {
    masters.find((m) => m.uid === exception.uid)!.relateException(exception);
  }
  const out: [string, string][] = [];
  for (const event of masters) {
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate();
      const key = event.startDate.isDate ? event.startDate.toString() : start.toISOString();
      if (start < to && event.endDate.toJSDate() > from) out.push([event.summary, key]);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate();
      if (next.toJSDate() >= to && start >= to) break;
      if (start < to && details.endDate.toJSDate() > from) {
        out.push([details.item.summary, start.toISOString()]);
      }
    }
  }
  return out.sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  await createCalendar(ctx.db);
  const { owner } = await calendarPeople(ctx);
  ownerToken = owner.token;
  // A weekly breakfast across the March daylight-saving change...
  series = await createSeries(ctx, owner.token);
  const master = series.masterEventId!;
  // ...with one week moved and renamed, one cancelled...
  await updateAppointment(
    ctx,
    `${master}_20260317T133000Z`,
    {
      title: 'Breakfast with the Mayor',
      startTime: '2026-03-18T14:00:00.000Z',
      endTime: '2026-03-18T15:00:00.000Z',
    },
    owner.token,
  );
  await deleteAppointment(ctx, `${master}_20260324T133000Z`, owner.token);
  // ...a luncheon, and an all-day festival.
  single = await createdEvent(ctx, owner.token, { title: 'Spring Luncheon' });
  await createdEvent(ctx, owner.token, {
    title: 'Riverton Town Days',
    startTime: '2026-03-27T10:00',
    endTime: '2026-03-28T18:00',
    isAllDay: true,
  });
});
afterAll(() => ctx.close());

describe('the public calendar feed', () => {
  it('is text/calendar that a standard parser expands to what the API lists', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/${CALENDAR_ID}/feed.ics`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const calendar = parse(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('RACC Events');
    expect(
      calendar.getAllSubcomponents('vtimezone').map((t) => t.getFirstPropertyValue('tzid')),
    ).toEqual(['America/Denver']);

    const from = new Date('2026-03-01T07:00:00Z');
    const to = new Date('2026-04-01T06:00:00Z');
    const fromFeed = expand(calendar, from, to);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' });
    const fromApi = (await eventsIn(ctx, '2026-03-01', '2026-03-31'))
      .map((e): [string, string] => [
        e.title,
        e.isAllDay ? day.format(new Date(e.startTime)) : e.startTime,
      ])
      .sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
    expect(fromFeed).toEqual(fromApi);
    expect(fromFeed).toEqual([
      ['Networking Breakfast', '2026-03-03T14:30:00.000Z'],
      ['Networking Breakfast', '2026-03-10T13:30:00.000Z'],
      ['Breakfast with the Mayor', '2026-03-18T14:00:00.000Z'],
      ['Spring Luncheon', '2026-03-19T18:00:00.000Z'],
      ['Riverton Town Days', '2026-03-27'],
      ['Networking Breakfast', '2026-03-31T13:30:00.000Z'],
    ]);
  });

  it('writes the series with RRULE, EXDATE and a RECURRENCE-ID exception in local time', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/${CALENDAR_ID}/feed.ics`,
    });
    const calendar = parse(res.body);
    const vevents = calendar.getAllSubcomponents('vevent');
    const master = vevents.find((v) => v.getFirstPropertyValue('rrule'))!;
    expect(master.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY;BYDAY=TU');
    const dtstart = master.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('America/Denver');
    expect(dtstart.getFirstValue()!.toString()).toBe('2026-03-03T07:30:00');
    expect(master.getFirstProperty('exdate')!.getFirstValue()!.toString()).toBe(
      '2026-03-24T07:30:00',
    );
    const exception = vevents.find((v) => v.getFirstProperty('recurrence-id'))!;
    expect(exception.getFirstPropertyValue('uid')).toBe(master.getFirstPropertyValue('uid'));
    expect(exception.getFirstPropertyValue('recurrence-id')!.toString()).toBe(
      '2026-03-17T07:30:00',
    );
    expect(exception.getFirstPropertyValue('url')).toBe(
      `https://portal.example/events/${series.masterEventId}_20260317T133000Z`,
    );
    const allDay = vevents.find(
      (v) => v.getFirstPropertyValue('summary') === 'Riverton Town Days',
    )!;
    expect(allDay.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-03-27');
    expect(allDay.getFirstPropertyValue('dtend')!.toString()).toBe('2026-03-29');
    expect(res.body).not.toContain('Created by');
  });

  it('answers 404 for an unknown calendar', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/calendars/nope/feed.ics' });
    expect(res.statusCode).toBe(404);
  });
});

describe('one event’s .ics (Add to Calendar)', () => {
  it('downloads a single event as an attachment named after its title', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${single.id}/ics`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Spring Luncheon.ics"');
    const [vevent] = parse(res.body).getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${single.id}@portal.example`);
    expect(event.summary).toBe('Spring Luncheon');
    expect(event.description).toBe(single.description);
    expect(event.startDate.toJSDate().toISOString()).toBe(single.startTime);
    expect(event.endDate.toJSDate().toISOString()).toBe(single.endTime);
    expect(vevent!.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('gives an occurrence on its own, with its edited values', async () => {
    const id = `${series.masterEventId}_20260317T133000Z`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${id}/ics`,
    });
    const vevents = parse(res.body).getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const event = new ICAL.Event(vevents[0]!);
    expect(event.isRecurring()).toBe(false);
    expect(event.summary).toBe('Breakfast with the Mayor');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-18T14:00:00.000Z');
  });

  it('answers 404 for an excluded occurrence', async () => {
    const id = `${series.masterEventId}_20260324T133000Z`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendars/appointments/${id}/ics`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('folding', () => {
  it('folds every line at 75 octets, never inside a character, and unfolds to the same text', () => {
    const title = `Lễ hội Tết Nguyên Đán — 农历新年晚会 at Łódź Hall ${'é'.repeat(60)}`;
    const line = `SUMMARY:${title}`;
    const folded = foldLines(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
    // Each piece is whole UTF-8: the bytes decode back to the same characters.
    for (const l of lines) expect(Buffer.from(l, 'utf8').toString('utf8')).toBe(l);
    expect(folded.replace(/\r\n /g, '')).toBe(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
  });

  it('serves a feed whose lines are at most 75 octets', async () => {
    await createdEvent(ctx, ownerToken, {
      title: `Fiesta de Año Nuevo Lunar — 农历新年 ${'ñ'.repeat(40)}`,
      location: 'Łódź Community Hall, 12 Żeromskiego Street, Riverton',
      description:
        'Lanterns, dumplings and a lion dance for the whole family. Bring a neighbour: the chamber covers the first round of tea, and the high school band plays from seven until the fireworks.',
    });
    const res = await ctx.app.inject(`/api/calendars/${CALENDAR_ID}/feed.ics`);
    expect(res.statusCode).toBe(200);
    for (const l of res.body.split('\r\n')) {
      expect(Buffer.byteLength(l, 'utf8'), l).toBeLessThanOrEqual(75);
    }
  });
});
