import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@chamber/contract';
import { createEvent } from '@chamber/db/factories';
import { createTestDatabase, type TestContext } from '../../test/app.js';
import {
  CALENDAR_ID,
  type CalendarPeople,
  createCalendar,
  createdEvent,
  createSeries,
  deleteAppointment,
  register,
  startCalendarApp,
  updateAppointment,
} from '../../test/calendar.js';
import { startServerProcess, stopServerProcess } from '../../test/server-process.js';
import type { SmtpServer } from '../../test/smtp.js';

/**
 * The calendar files as two independent readers see them: Mozilla's ical.js and node-ical.
 * What a calendar app does with a file rests on a few properties: UID with RECURRENCE-ID
 * (which event an entry is), SEQUENCE (whether it is newer than the one held) and the UTC
 * time stamps.
 */

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;
let series: Appointment;
/** The series' second Tuesday (2026-03-24 07:30 in Denver), still as the rule gives it. */
let plainOccurrence: string;
/** The series' first Tuesday, edited on its own below. */
let movedOccurrence: string;

const feedUrl = `/api/calendars/${CALENDAR_ID}/feed.ics`;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The VEVENTs of a text, by ical.js. */
function icalEvents(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
}

/** The VEVENTs of a text, by node-ical: one per UID, edited occurrences under `recurrences`. */
function nodeIcalEvents(text: string): VEvent[] {
  return Object.values(nodeIcal.sync.parseICS(text)).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
}

/** UID and RECURRENCE-ID (as an instant) of each VEVENT: what a calendar app keys entries by. */
function identities(text: string): string[] {
  return icalEvents(text).map((v) => {
    const recurrenceId = v.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
    const uid = String(v.getFirstPropertyValue('uid'));
    return recurrenceId ? `${uid} ${recurrenceId.toJSDate().toISOString()}` : uid;
  });
}

function sequenceOf(text: string, summary: string): number {
  const vevent = icalEvents(text).find((v) => v.getFirstPropertyValue('summary') === summary);
  return Number(vevent!.getFirstPropertyValue('sequence'));
}

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
  series = await createSeries(ctx, people.owner.token, {
    startTime: '2026-03-17T13:30:00.000Z',
    endTime: '2026-03-17T14:30:00.000Z',
    rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6',
  });
  const master = series.masterEventId!;
  movedOccurrence = `${master}_20260317T133000Z`;
  plainOccurrence = `${master}_20260324T133000Z`;
});
afterAll(() => close());

describe('one identity for an occurrence everywhere', () => {
  it('names an occurrence’s own file by the series’ UID and a RECURRENCE-ID, as the feed does', async () => {
    const feed = (await get(feedUrl)).body;
    const file = (await get(`/api/calendars/appointments/${plainOccurrence}/ics`)).body;
    const uid = `${series.masterEventId}@portal.example`;
    expect(identities(feed)).toEqual([uid]);
    expect(identities(file)).toEqual([`${uid} 2026-03-24T13:30:00.000Z`]);

    // node-ical files the occurrence under the series' UID, at the instant the rule gives it.
    const [fromFeed] = nodeIcalEvents(feed);
    const [fromFile] = nodeIcalEvents(file);
    expect(fromFile!.uid).toBe(fromFeed!.uid);
    expect(fromFile!.recurrenceid?.toISOString()).toBe('2026-03-24T13:30:00.000Z');
    const instances = nodeIcal.expandRecurringEvent(fromFeed!, {
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-05-01T00:00:00Z'),
    });
    expect(instances.map((i) => new Date(i.start).toISOString())).toContain(
      fromFile!.recurrenceid!.toISOString(),
    );
  });

  it('mails a registrant of an occurrence the same identity, as a text/calendar part with method=PUBLISH', async () => {
    const before = smtp.received.length;
    const res = await register(ctx, plainOccurrence, {
      name: 'Dana Whitfield',
      email: 'dana@whitfieldflorist.example',
      numberOfGuests: '1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const [attachment] = mail!.attachments;
    const contentType = attachment!.headers.get('content-type') as {
      value: string;
      params: Record<string, string>;
    };
    expect(contentType).toMatchObject({
      value: 'text/calendar',
      params: { charset: 'utf-8', method: 'PUBLISH' },
    });
    const text = attachment!.content.toString('utf8');
    expect(text).toMatch(/\r\nMETHOD:PUBLISH\r\n/);
    expect(identities(text)).toEqual([
      `${series.masterEventId}@portal.example 2026-03-24T13:30:00.000Z`,
    ]);
  });
});

describe('SEQUENCE', () => {
  it('rises with every change of an occurrence, in the feed and in the Event updated mail', async () => {
    expect(sequenceOf((await get(feedUrl)).body, 'Networking Breakfast')).toBe(0);
    await register(ctx, movedOccurrence, {
      name: 'Robin Hale',
      email: 'robin@example.org',
      numberOfGuests: '1',
    });
    const mailed = async (payload: object) => {
      await ctx.app.flushMail();
      const before = smtp.received.length;
      const res = await updateAppointment(
        ctx,
        movedOccurrence,
        { ...payload, toNotify: true },
        people.owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.subject).toMatch(/^Event updated: /);
      return mail!.attachments[0]!.content.toString('utf8');
    };

    // Moved a day later: the feed's exception and the mail carry SEQUENCE 1.
    const first = await mailed({
      title: 'Breakfast with the Mayor',
      startTime: '2026-03-18T14:00:00.000Z',
      endTime: '2026-03-18T15:00:00.000Z',
    });
    expect(sequenceOf(first, 'Breakfast with the Mayor')).toBe(1);
    const feed = (await get(feedUrl)).body;
    expect(sequenceOf(feed, 'Breakfast with the Mayor')).toBe(1);
    expect(sequenceOf(feed, 'Networking Breakfast')).toBe(0);
    const exception = nodeIcalEvents(feed)[0]!.recurrences!['2026-03-17T13:30:00.000Z']!;
    expect(Number(exception.sequence)).toBe(1);

    // Moved again: 2.
    const second = await mailed({
      startTime: '2026-03-18T15:00:00.000Z',
      endTime: '2026-03-18T16:00:00.000Z',
    });
    expect(sequenceOf(second, 'Breakfast with the Mayor')).toBe(2);
    expect(sequenceOf((await get(feedUrl)).body, 'Breakfast with the Mayor')).toBe(2);
  });

  it('rises on a single event’s change, and an exception never falls below its series', async () => {
    const luncheon = await createdEvent(ctx, people.owner.token, { title: 'Spring Luncheon' });
    const fileOf = async (id: string) => (await get(`/api/calendars/appointments/${id}/ics`)).body;
    expect(sequenceOf(await fileOf(luncheon.id), 'Spring Luncheon')).toBe(0);
    await updateAppointment(ctx, luncheon.id, { location: 'Quarry Cafe' }, people.owner.token);
    expect(sequenceOf(await fileOf(luncheon.id), 'Spring Luncheon')).toBe(1);

    // Three dates of the series cancelled: the master reaches 3, above the exception's 2,
    // which is then written with the series' number, so no app keeps the older instance.
    for (const date of ['20260331', '20260407', '20260414']) {
      const res = await deleteAppointment(
        ctx,
        `${series.masterEventId}_${date}T133000Z`,
        people.owner.token,
        'this_event',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const feed = (await get(feedUrl)).body;
    expect(sequenceOf(feed, 'Networking Breakfast')).toBe(3);
    expect(sequenceOf(feed, 'Breakfast with the Mayor')).toBe(3);
  });
});

describe('the text of the files', () => {
  it('ends every line with CRLF, has no TIMEZONE-ID and writes its stamps in UTC', async () => {
    for (const url of [feedUrl, `/api/calendars/appointments/${plainOccurrence}/ics`]) {
      const { body } = await get(url);
      expect(body.endsWith('END:VCALENDAR\r\n'), url).toBe(true);
      expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      expect(body).not.toMatch(/^TIMEZONE-ID/m);
      const stamps = body.match(/^(DTSTAMP|CREATED|LAST-MODIFIED)[:;].*$/gm)!;
      expect(stamps.length).toBeGreaterThanOrEqual(3);
      for (const line of stamps) expect(line, url).toMatch(/:\d{8}T\d{6}Z\r?$/);
    }
  });
});

describe('the feed over HTTP', () => {
  it('answers with an ETag and Last-Modified, and 304 to a client that holds it', async () => {
    const first = await get(feedUrl);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(first.headers['last-modified'] as string).getTime()).not.toBeNaN();
    // The same data gives the same file, so a poll that finds nothing new costs no body.
    expect((await get(feedUrl)).headers.etag).toBe(etag);
    const again = await get(feedUrl, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(feedUrl, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    await updateAppointment(
      ctx,
      series.masterEventId!,
      { location: 'Riverton Grill' },
      people.owner.token,
    );
    const changed = await get(feedUrl, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Riverton Grill');
  });

  it('is compressed as the client accepts', async () => {
    const plain = await get(feedUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get(feedUrl, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const br = await get(feedUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('a server whose own zone is Asia/Tokyo', () => {
  it('still writes DTSTAMP, CREATED and LAST-MODIFIED as the UTC instants they are', async () => {
    const database = await createTestDatabase();
    await createCalendar(database.db);
    const created = new Date('2026-02-01T08:15:00Z');
    const updated = new Date('2026-02-03T19:45:30Z');
    // Noon in Denver next July: within the feed's reach by the real clock this server runs on.
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 6, 15, 18));
    await createEvent(database.db, {
      calendarId: CALENDAR_ID,
      title: 'Chamber Luncheon',
      startTime: start,
      createdAt: created,
      updatedAt: updated,
    });
    const server = await startServerProcess({
      TZ: 'Asia/Tokyo',
      DATABASE_URL: database.url,
      PUBLIC_URL: 'https://portal.example',
      WEB_DIST: '/nonexistent-web-dist',
    });
    try {
      const text = await (await fetch(`${server.url}${feedUrl}`)).text();
      const [vevent] = icalEvents(text);
      const utcOf = (name: string) => {
        const time = vevent!.getFirstPropertyValue(name) as ICAL.Time;
        expect(time.zone?.tzid, name).toBe('UTC');
        return time.toJSDate().toISOString();
      };
      expect(utcOf('dtstamp')).toBe(updated.toISOString());
      expect(utcOf('created')).toBe(created.toISOString());
      expect(utcOf('last-modified')).toBe(updated.toISOString());
      const [event] = nodeIcalEvents(text);
      expect(event!.dtstamp.toISOString()).toBe(updated.toISOString());
      expect(event!.created?.toISOString()).toBe(created.toISOString());
      expect(event!.lastmodified?.toISOString()).toBe(updated.toISOString());
      expect(event!.start.toISOString()).toBe(start.toISOString());
    } finally {
      await stopServerProcess(server);
      await database.close();
    }
  }, 90_000);
});
