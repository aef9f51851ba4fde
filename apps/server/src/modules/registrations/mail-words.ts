import { dateTimeFormat } from '@chamber/contract';
import type { EventRow } from '../calendars/index.js';

/** When an event takes place, in words, in its own zone. */
export function whenText(row: EventRow): string {
  const zone = { timeZone: row.timezone };
  const day = dateTimeFormat('en-US', {
    ...zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  const time = dateTimeFormat('en-US', { ...zone, hour: 'numeric', minute: '2-digit' });
  const zoneName = dateTimeFormat('en-US', { ...zone, timeZoneName: 'short' })
    .formatToParts(row.startTime)
    .find((p) => p.type === 'timeZoneName')?.value;
  const lastDay = new Date(row.endTime.getTime() - (row.isAllDay ? 1 : 0));
  const sameDay = day.format(row.startTime) === day.format(lastDay);
  if (row.isAllDay) {
    return sameDay
      ? `${day.format(row.startTime)} (all day)`
      : `${day.format(row.startTime)} to ${day.format(lastDay)}`;
  }
  if (sameDay) {
    return `${day.format(row.startTime)}, ${time.format(row.startTime)} to ${time.format(row.endTime)} ${zoneName ?? ''}`.trim();
  }
  return `${day.format(row.startTime)}, ${time.format(row.startTime)} to ${day.format(row.endTime)}, ${time.format(row.endTime)}`;
}

/** An instant in words, in the event's zone: 'Thursday, March 12, 2026, 5:00 PM MDT'. */
export function whenInstant(instant: Date, timeZone: string): string {
  return dateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/** The address of `Name <address>` or of a bare address. */
export const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';
