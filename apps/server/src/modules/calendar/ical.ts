import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { isCancelled } from './event-status.js';
import type { EventRow } from './queries.js';
import { toFloating } from './recurrence.js';
import { occurrenceId } from './targets.js';

/**
 * iCalendar (RFC 5545) output. Times carry the event's TZID with a VTIMEZONE for it, so a
 * 7:30 breakfast stays at 7:30 in the subscriber's app across daylight-saving changes. A
 * series is one VEVENT with its RRULE and EXDATEs; an occurrence edited on its own is a
 * VEVENT with the series' UID and a RECURRENCE-ID.
 */
export interface IcsSource {
  calendarName: string;
  timezone: string;
  publicUrl: string;
  now: Date;
}

/** One entry: a single event, a series with its overrides, or one occurrence on its own. */
export type IcsEntry =
  | { kind: 'single'; row: EventRow }
  | { kind: 'series'; row: EventRow; overrides: EventRow[] }
  | { kind: 'occurrence'; row: EventRow; seriesId: string; originalStart: Date };

const zoned = (date: Date, timeZone: string) => new TZDate(date.getTime(), timeZone);

/** Wall-clock date-time of an instant in a zone, as iCalendar writes it: 20260317T073000. */
function localStamp(date: Date, timeZone: string, dateOnly: boolean): string {
  const text = toFloating(date, timeZone)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
  return dateOnly ? text.slice(0, 8) : text;
}

function statusOf(row: EventRow): ICalEventStatus {
  if (isCancelled(row)) return ICalEventStatus.CANCELLED;
  return row.status === 'tentative' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
}

/** RRULE and EXDATE lines of a series; an all-day series ends on a date, as RFC 5545 wants. */
function repeatLines(row: EventRow): string {
  const tz = row.timezone;
  let rule = row.rrule!;
  if (row.isAllDay) {
    rule = rule.replace(/UNTIL=(\d{8}T\d{6}Z)/, (_m, until: string) => {
      const instant = new Date(
        `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`,
      );
      return `UNTIL=${localStamp(instant, tz, true)}`;
    });
  }
  const lines = [`RRULE:${rule}`];
  if (row.exdates.length) {
    const dates = row.exdates.map((d) => localStamp(d, tz, row.isAllDay)).join(',');
    lines.push(row.isAllDay ? `EXDATE;VALUE=DATE:${dates}` : `EXDATE;TZID=${tz}:${dates}`);
  }
  return lines.join('\n');
}

function description(row: EventRow): string {
  const notes = row.calendarNotes.trim();
  const text = row.description.trim();
  return notes && notes !== text ? `${text}\n\n${notes}`.trim() : text;
}

function addEvent(
  cal: ICalCalendar,
  source: IcsSource,
  row: EventRow,
  options: { uid: string; pageId: string; repeating?: string; recurrenceId?: Date },
) {
  const host = new URL(source.publicUrl).host;
  const tz = row.timezone;
  const event = cal.createEvent({
    id: `${options.uid}@${host}`,
    start: zoned(row.startTime, tz),
    end: zoned(row.endTime, tz),
    timezone: tz,
    allDay: row.isAllDay,
    summary: row.title.trim() || 'Untitled Event',
    description: description(row) || null,
    location: row.location || null,
    url: `${source.publicUrl}/events/${encodeURIComponent(options.pageId)}`,
    status: statusOf(row),
    stamp: source.now,
    created: row.createdAt,
    lastModified: row.updatedAt,
  });
  if (options.repeating) event.repeating(options.repeating);
  if (options.recurrenceId) event.recurrenceId(zoned(options.recurrenceId, tz));
}

/** The text/calendar body of the given entries. */
export function renderCalendar(source: IcsSource, entries: IcsEntry[]): string {
  const cal = ical({
    name: source.calendarName,
    prodId: `//${source.calendarName}//Calendar//EN`,
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: source.timezone, generator: getVtimezoneComponent },
  });
  for (const entry of entries) {
    if (entry.kind === 'single') {
      addEvent(cal, source, entry.row, { uid: entry.row.id, pageId: entry.row.id });
    } else if (entry.kind === 'occurrence') {
      const id = occurrenceId(entry.seriesId, entry.originalStart);
      addEvent(cal, source, entry.row, { uid: id, pageId: id });
    } else {
      const { row } = entry;
      addEvent(cal, source, row, {
        uid: row.id,
        pageId: occurrenceId(row.id, row.startTime),
        repeating: repeatLines(row),
      });
      for (const o of entry.overrides) {
        addEvent(cal, source, o, {
          uid: row.id,
          pageId: occurrenceId(row.id, o.originalStart!),
          recurrenceId: o.originalStart!,
        });
      }
    }
  }
  return cal.toString();
}

/** A file name for a title: letters, digits, spaces and dashes. */
export function icsFileName(title: string): string {
  const base = title
    .replace(/[^\p{L}\p{N} -]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'event'}.ics`;
}
