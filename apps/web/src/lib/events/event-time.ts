import { dateKeyIn, dateTimeFormat, DEFAULT_TIMEZONE } from '@chamber/contract';

/** The fields of an event that say when it happens. */
export interface EventTiming {
  startTime: string;
  endTime: string;
  isAllDay?: boolean | null;
  timezone?: string | null;
}

/** The zone an event is shown in: its own, else the chamber's default (docs/product.md#entities). */
export const eventZone = (event: Pick<EventTiming, 'timezone'>) =>
  event.timezone || DEFAULT_TIMEZONE;

function format(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat('en-US', { ...options, timeZone }).format(date);
}

const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** '7:30 AM' in the event's zone. */
export function formatEventTime(iso: string, timeZone: string): string {
  return format(new Date(iso), timeZone, TIME);
}

/** 'MST' or 'MDT': said beside times so a visitor in another zone is not misled. */
export function zoneAbbreviation(iso: string, timeZone: string): string {
  // Built once per zone: a formatter with zone names costs a phone milliseconds to build.
  const parts = dateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return parts?.value ?? '';
}

/** The day(s) of the event, on its own calendar: 'Tuesday, March 4, 2025' or a range. */
export function formatEventDate(event: EventTiming): string {
  const zone = eventZone(event);
  const start = new Date(event.startTime);
  const lastDay = new Date(lastMoment(event));
  if (dateKeyIn(start, zone) === dateKeyIn(lastDay, zone)) return format(start, zone, LONG_DATE);
  return `${format(start, zone, { ...LONG_DATE, year: undefined })} – ${format(lastDay, zone, LONG_DATE)}`;
}

/** 'Mar 4, 2025', short, for cards. */
export function formatEventShortDate(event: EventTiming): string {
  return format(new Date(event.startTime), eventZone(event), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** '7:30 AM – 8:30 AM MST', or 'All day'. */
export function formatEventTimeRange(event: EventTiming, { zone = true } = {}): string {
  if (event.isAllDay) return 'All day';
  const tz = eventZone(event);
  const range = `${formatEventTime(event.startTime, tz)} – ${formatEventTime(event.endTime, tz)}`;
  return zone ? `${range} ${zoneAbbreviation(event.startTime, tz)}` : range;
}

/**
 * The last instant the event covers: an event ending exactly at midnight does not spill into
 * the next day.
 */
export function lastMoment(event: Pick<EventTiming, 'startTime' | 'endTime'>): number {
  const start = Date.parse(event.startTime);
  const end = Date.parse(event.endTime);
  return Math.max(start, end - 1);
}
