/**
 * Wall-clock dates and times in a named time zone, for the server (series expansion, event
 * times sent as local dates) and the web app (events shown in their own zone, America/Denver
 * by default, never the browser's). Built on Intl.DateTimeFormat only: no date library.
 *
 * A `DateKey` is a calendar date written `YYYY-MM-DD`; date arithmetic on keys uses UTC
 * midnights, which have no daylight-saving gaps.
 */
import { dateTimeFormat } from './intl-formats.js';

export type DateKey = string;

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 is Sunday. */
  weekday: number;
}

/** A date and time on a wall clock, without a zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute?: number;
}

/** Building a formatter costs about half a millisecond; calendar expansion needs thousands. */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function partsFormatter(timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = dateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the wall clock in `timeZone` shows at the instant `date`. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts = partsFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

function exactOffsetMinutes(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const DAY = 86_400_000;
const MAX_CACHED_DAYS = 50_000;
/**
 * The offset of each UTC day of a zone, or null for a day in which it changes. A month of a
 * weekly series asks for the offset dozens of times per occurrence, and formatToParts costs
 * about ten microseconds; a day's offset is two calls once. Days with a change (two a year
 * where daylight saving applies) are computed exactly every time.
 */
const offsetsByDay = new Map<string, Map<number, number | null>>();

/** Offset in minutes of `timeZone` from UTC at the instant `date` (Denver: -420 or -360). */
export function zoneOffsetMinutes(date: Date, timeZone: string): number {
  const day = Math.floor(date.getTime() / DAY);
  let days = offsetsByDay.get(timeZone);
  if (!days || days.size > MAX_CACHED_DAYS) {
    days = new Map();
    offsetsByDay.set(timeZone, days);
  }
  let offset = days.get(day);
  if (offset === undefined) {
    const start = exactOffsetMinutes(new Date(day * DAY), timeZone);
    const end = exactOffsetMinutes(new Date((day + 1) * DAY - 1), timeZone);
    offset = start === end ? start : null;
    days.set(day, offset);
  }
  return offset ?? exactOffsetMinutes(date, timeZone);
}

/** The instant at which the wall clock in `timeZone` shows the given local date and time. */
export function zonedTimeToUtc(local: LocalDateTime, timeZone: string): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute ?? 0);
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000;
  guess = naive - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The calendar date in `timeZone` at the instant `date`. */
export function zonedDate(
  date: Date,
  timeZone: string,
): { year: number; month: number; day: number } {
  const { year, month, day } = zonedParts(date, timeZone);
  return { year, month, day };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function toDateKey(year: number, month: number, day: number): DateKey {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function parseDateKey(key: DateKey): { year: number; month: number; day: number } {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return { year, month, day };
}

/** A date key and a wall-clock time (HH:mm) as one local date and time. */
export function localDateTime(date: DateKey, time: string): LocalDateTime {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { ...parseDateKey(date), hour, minute };
}

/** The calendar date in `timeZone` at the instant `date`. */
export function dateKeyIn(date: Date, timeZone: string): DateKey {
  const p = zonedParts(date, timeZone);
  return toDateKey(p.year, p.month, p.day);
}

/** The wall-clock time (HH:mm) in `timeZone` at the instant `date`. */
export function timeIn(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function addDays(key: DateKey, days: number): DateKey {
  const { year, month, day } = parseDateKey(key);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return toDateKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** 0 is Sunday. */
export function weekdayOf(key: DateKey): number {
  const { year, month, day } = parseDateKey(key);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Formats a date key itself (no zone involved), e.g. `{ weekday: 'long', month: 'long' }`. */
export function formatDateKey(key: DateKey, options: Intl.DateTimeFormatOptions): string {
  const { year, month, day } = parseDateKey(key);
  return dateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
}

/**
 * A day as invoices, receipts and their mails write it ('March 10, 2026'): one format in a
 * billing document, its lines included.
 */
export const formatLongDate = (key: DateKey): string =>
  formatDateKey(key, { day: 'numeric', month: 'long', year: 'numeric' });
