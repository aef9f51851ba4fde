import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { type EventRow, isCancelled, occurrenceId, toFloating } from '../calendars/index.js';

/**
 * iCalendar (RFC 5545) output, written with ical.js (which escapes text and ends every line
 * with CRLF), lines folded at 75 octets (`foldLines`). Times carry the event's TZID with a VTIMEZONE for it, so a 7:30
 * breakfast stays at 7:30 in the subscriber's app across daylight-saving changes; DTSTAMP,
 * CREATED and LAST-MODIFIED are UTC, as RFC 5545 requires, whatever the server's own zone.
 *
 * One identity everywhere: a series is one VEVENT (UID `<series>@host`) with its RRULE and
 * EXDATEs, and any occurrence of it, edited or not, in the feed, a download or a mail, is that
 * UID with a RECURRENCE-ID. So a member who subscribes and also adds one date by hand holds
 * one event, not two. SEQUENCE is the stored count of changes: a calendar app applies a
 * version with a higher one.
 */
export interface IcsSource {
  calendarName: string;
  timezone: string;
  publicUrl: string;
  /**
   * DTSTAMP: when a message is made (mail). Null for files served on request (the feed, Add
   * to Calendar): then each event's last change, so the same data always gives the same file,
   * and the feed's ETag only moves when an event does.
   */
  stamp: Date | null;
}

/** One entry: a single event, a series with its overrides, or one occurrence on its own. */
export type IcsEntry =
  | { kind: 'single'; row: EventRow }
  | { kind: 'series'; row: EventRow; overrides: EventRow[] }
  | {
      kind: 'occurrence';
      row: EventRow;
      series: EventRow;
      originalStart: Date;
      /**
       * The RECURRENCE-ID calendar apps first got for it, when a series edit has since moved
       * the occurrence to another start (and id): so they update the entry they hold.
       */
      firstStart?: Date;
    };

/** RFC 5546 method of the files the portal serves and confirms with: published, not an invitation. */
export const ICS_METHOD = 'PUBLISH';

/**
 * What a change notice carries instead: REQUEST (a new version of an entry the registrant
 * holds, which calendar apps apply) or CANCEL. RFC 5546 wants both parties named in them.
 */
export interface IcsInvite {
  method: 'REQUEST' | 'CANCEL';
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** Wall-clock date-time (or date) of an instant in a zone. */
function localTime(instant: Date, timeZone: string, isDate: boolean): ICAL.Time {
  const f = toFloating(instant, timeZone);
  const day = { year: f.getUTCFullYear(), month: f.getUTCMonth() + 1, day: f.getUTCDate() };
  if (isDate) return ICAL.Time.fromData({ ...day, isDate: true });
  return ICAL.Time.fromData({
    ...day,
    hour: f.getUTCHours(),
    minute: f.getUTCMinutes(),
    second: f.getUTCSeconds(),
  });
}

const utc = (instant: Date) => ICAL.Time.fromJSDate(instant, true);

/** A DTSTART-like property: a date for all-day events, else local time with its TZID. */
function addTime(
  vevent: ICAL.Component,
  name: string,
  instant: Date,
  timeZone: string,
  allDay: boolean,
) {
  const property = vevent.addPropertyWithValue(name, localTime(instant, timeZone, allDay));
  if (!allDay) property.setParameter('tzid', timeZone);
}

function statusOf(row: EventRow): string {
  if (isCancelled(row)) return 'CANCELLED';
  return row.status === 'tentative' ? 'TENTATIVE' : 'CONFIRMED';
}

/** The series' rule; an all-day series ends on a date, as RFC 5545 wants. */
function ruleOf(row: EventRow): ICAL.Recur {
  let rule = row.rrule!;
  if (row.isAllDay) {
    rule = rule.replace(/UNTIL=(\d{8}T\d{6}Z)/, (_m, until: string) => {
      const instant = new Date(
        `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`,
      );
      return `UNTIL=${localTime(instant, row.timezone, true).toICALString()}`;
    });
  }
  return ICAL.Recur.fromString(rule);
}

function description(row: EventRow): string {
  const notes = row.calendarNotes.trim();
  const text = row.description.trim();
  return notes && notes !== text ? `${text}\n\n${notes}`.trim() : text;
}

interface EventIdentity {
  /** The UID before `@host`: the event's or the series' id. */
  uid: string;
  /** The id of the event's page. */
  pageId: string;
  sequence: number;
  series?: EventRow;
  /** The original start of the occurrence this VEVENT stands for, in the series' terms. */
  recurrenceId?: Date;
}

function eventComponent(source: IcsSource, row: EventRow, id: EventIdentity): ICAL.Component {
  const host = new URL(source.publicUrl).host;
  const tz = row.timezone;
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', `${id.uid}@${host}`);
  vevent.addPropertyWithValue('sequence', id.sequence);
  vevent.addPropertyWithValue('dtstamp', utc(source.stamp ?? row.updatedAt));
  addTime(vevent, 'dtstart', row.startTime, tz, row.isAllDay);
  addTime(vevent, 'dtend', row.endTime, tz, row.isAllDay);
  if (id.recurrenceId && id.series) {
    // The instant the series' rule gives, written as the series writes its DTSTART.
    const { timezone, isAllDay } = id.series;
    addTime(vevent, 'recurrence-id', id.recurrenceId, timezone, isAllDay);
  }
  if (row.rrule && !id.recurrenceId) {
    vevent.addPropertyWithValue('rrule', ruleOf(row));
    if (row.exdates.length) {
      const exdate = new ICAL.Property('exdate', vevent);
      if (!row.isAllDay) exdate.setParameter('tzid', tz);
      exdate.setValues(row.exdates.map((d) => localTime(d, tz, row.isAllDay)));
      vevent.addProperty(exdate);
    }
  }
  vevent.addPropertyWithValue('summary', row.title.trim() || 'Untitled Event');
  const text = description(row);
  if (text) vevent.addPropertyWithValue('description', text);
  if (row.location) vevent.addPropertyWithValue('location', row.location);
  vevent.addPropertyWithValue('url', `${source.publicUrl}/events/${encodeURIComponent(id.pageId)}`);
  vevent.addPropertyWithValue('status', statusOf(row));
  vevent.addPropertyWithValue('created', utc(row.createdAt));
  vevent.addPropertyWithValue('last-modified', utc(row.updatedAt));
  return vevent;
}

/** An edited occurrence is a version of an instance the series gave: never a lower SEQUENCE. */
const instanceSequence = (series: EventRow, override: EventRow | null) =>
  Math.max(series.sequence, override?.sequence ?? 0);

/** The VEVENTs of one entry. */
function componentsOf(source: IcsSource, entry: IcsEntry): ICAL.Component[] {
  if (entry.kind === 'single') {
    const { row } = entry;
    return [eventComponent(source, row, { uid: row.id, pageId: row.id, sequence: row.sequence })];
  }
  if (entry.kind === 'occurrence') {
    const { row, series, originalStart } = entry;
    const override = row.id === series.id ? null : row;
    return [
      eventComponent(source, row, {
        // The series' own UID, as the feed has it: a series split off another by "all future
        // events" is an entry of its own, the old one ending with its last kept occurrence.
        uid: series.id,
        pageId: occurrenceId(series.id, originalStart),
        sequence: instanceSequence(series, override),
        series,
        recurrenceId: entry.firstStart ?? originalStart,
      }),
    ];
  }
  const { row: series, overrides } = entry;
  return [
    eventComponent(source, series, {
      uid: series.id,
      pageId: occurrenceId(series.id, series.startTime),
      sequence: series.sequence,
    }),
    ...overrides.map((o) =>
      eventComponent(source, o, {
        uid: series.id,
        pageId: occurrenceId(series.id, o.originalStart!),
        sequence: instanceSequence(series, o),
        series,
        recurrenceId: o.originalStart!,
      }),
    ),
  ];
}

/** ORGANIZER and ATTENDEE of a REQUEST or CANCEL. */
function addParties(vevent: ICAL.Component, invite: IcsInvite) {
  const organizer = vevent.addPropertyWithValue('organizer', `mailto:${invite.organizer.email}`);
  organizer.setParameter('cn', invite.organizer.name);
  const attendee = vevent.addPropertyWithValue('attendee', `mailto:${invite.attendee.email}`);
  attendee.setParameter('cn', invite.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setParameter('partstat', 'ACCEPTED');
  attendee.setParameter('rsvp', 'FALSE');
}

/** The text/calendar body of the given entries (an invite's method, else PUBLISH). */
export function renderCalendar(
  source: IcsSource,
  entries: IcsEntry[],
  invite: IcsInvite | null = null,
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', `-//${source.calendarName}//Calendar//EN`);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', invite?.method ?? ICS_METHOD);
  calendar.addPropertyWithValue('name', source.calendarName);
  calendar.addPropertyWithValue('x-wr-calname', source.calendarName);
  calendar.addPropertyWithValue('x-wr-timezone', source.timezone);
  const events = entries.flatMap((entry) => componentsOf(source, entry));
  const zones = new Set([source.timezone]);
  for (const entry of entries) {
    zones.add(entry.row.timezone);
    if (entry.kind === 'series') for (const o of entry.overrides) zones.add(o.timezone);
    if (entry.kind === 'occurrence') zones.add(entry.series.timezone);
  }
  for (const zone of zones) {
    const vtimezone = getVtimezoneComponent(zone);
    if (vtimezone) calendar.addSubcomponent(new ICAL.Component(ICAL.parse(vtimezone)));
  }
  for (const event of events) {
    if (invite) addParties(event, invite);
    calendar.addSubcomponent(event);
  }
  // ical.js ends the last line without its CRLF; RFC 5545 ends every content line with one.
  return `${foldLines(calendar.toString())}\r\n`;
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: content lines are folded so that none is longer than 75 octets, the line
 * break followed by a space that counts as one of them. ical.js puts 75 octets of text after
 * that space, making continuation lines 76; each line is unfolded and folded again here,
 * never inside a character's UTF-8 sequence.
 */
export function foldLines(text: string): string {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = encoder.encode(char).length;
        // 75 octets on the first line; a continuation's leading space is one of its 75.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = '';
          octets = 0;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** A file name for a title: letters, digits, spaces and dashes. */
export function icsFileName(title: string): string {
  const base = title
    .replace(/[^\p{L}\p{N} -]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'event'}.ics`;
}
