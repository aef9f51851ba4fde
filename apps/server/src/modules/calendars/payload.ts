import {
  dateTimeFormat,
  eventMessages,
  type createEventSchema,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { EventRow } from './queries.js';
import { fromFloating, toFloating } from './recurrence.js';

export type EventBody = z.output<typeof createEventSchema>;

/** The stored fields an event form sets. */
export const CONTENT_FIELDS = [
  'title',
  'description',
  'location',
  'isAllDay',
  'status',
  'appointmentStatus',
  'internalNote',
  'calendarNotes',
  'pageUrl',
  'coverImageUrl',
  'downloadFileUrl',
  'contactId',
  'calendarId',
  'reminderHours',
  'capacity',
  'memberPriceCents',
  'priceCents',
  'ticketPayment',
  'refundOnCancel',
  'refundCutoffHours',
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export type EventValues = Pick<EventRow, ContentField | 'startTime' | 'endTime' | 'timezone'>;

const DAY = 86_400_000;
/** Registrants are reminded a day before, unless the event says otherwise. */
export const DEFAULT_REMINDER_HOURS = 24;
/** Cancelling up to two days before a paid event refunds it, when the event refunds at all. */
export const DEFAULT_REFUND_CUTOFF_HOURS = 48;
const MAX_DURATION = 366 * DAY;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2101, 0, 1);

const badRequest = (message: string) => new AppError('validation_failed', message);

export function checkTimeZone(timeZone: string): string {
  try {
    dateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw badRequest(`Unknown timezone: ${timeZone}.`);
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO instant (`…Z` or with an offset), epoch milliseconds, or a wall-clock date or
 * date-time in `timeZone`. Null for anything else, and for ''.
 */
export function parseInstant(text: string, timeZone: string): Date | null {
  const value = text.trim();
  let date: Date | null = null;
  const local = LOCAL.exec(value) ?? DATE.exec(value);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const fields = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi };
    if (fields.month > 12 || fields.day > 31 || fields.hour > 23 || fields.minute > 59) return null;
    date = new Date(zonedTimeToUtc(fields, timeZone).getTime() + Number(s) * 1000);
  } else if (ZONED.test(value)) date = new Date(value);
  else if (/^\d{12,13}$/.test(value)) date = new Date(Number(value));
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** All-day events run from local midnight of the first day to local midnight after the last. */
function wholeDays(start: Date, end: Date, timeZone: string): { start: Date; end: Date } {
  const midnight = (instant: Date, roundUp: boolean) => {
    const f = toFloating(instant, timeZone);
    const day = Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate());
    const up = roundUp && f.getTime() > day ? DAY : 0;
    return fromFloating(new Date(day + up), timeZone);
  };
  const first = midnight(start, false);
  let last = midnight(end, true);
  if (last <= first)
    last = fromFloating(new Date(toFloating(first, timeZone).getTime() + DAY), timeZone);
  return { start: first, end: last };
}

/**
 * The event's values after a create (`base` null) or update body, checked as docs/product.md#validation says,
 * in its order: title, start, end, end after start. Absent fields keep `base`'s values.
 */
export function readEventBody(
  body: EventBody,
  base: EventValues | null,
  defaults: { calendarId: string; timezone: string },
): EventValues {
  const timezone = checkTimeZone(
    body.selectedTimezone || body.timezone || base?.timezone || defaults.timezone,
  );
  const title = body.title !== undefined ? body.title.trim() : base?.title;
  if (!title) throw badRequest(eventMessages.titleRequired);

  const startText = body.startTime ?? body.start_time;
  const endText = body.endTime ?? body.end_time;
  const start = startText !== undefined ? parseInstant(startText, timezone) : base?.startTime;
  if (!start) throw badRequest(eventMessages.startRequired);
  const end = endText !== undefined ? parseInstant(endText, timezone) : base?.endTime;
  if (!end) throw badRequest(eventMessages.endRequired);
  if (end <= start) throw badRequest(eventMessages.endAfterStart);
  if (start.getTime() < EARLIEST || end.getTime() >= LATEST) {
    throw badRequest('Events must take place between the years 2000 and 2100.');
  }
  if (end.getTime() - start.getTime() > MAX_DURATION) {
    throw badRequest('An event may last at most 366 days.');
  }

  const isAllDay = body.isAllDay ?? base?.isAllDay ?? false;
  const times = isAllDay ? wholeDays(start, end, timezone) : { start, end };
  const pick = <K extends ContentField>(key: K, fallback: EventValues[K]): EventValues[K] =>
    (body[key as keyof EventBody] as EventValues[K] | undefined) ?? base?.[key] ?? fallback;
  return {
    title,
    description: pick('description', ''),
    location: body.location ?? body.address ?? base?.location ?? '',
    isAllDay,
    status: pick('status', 'confirmed'),
    appointmentStatus: pick('appointmentStatus', 'new'),
    internalNote: pick('internalNote', ''),
    calendarNotes: pick('calendarNotes', ''),
    pageUrl: pick('pageUrl', ''),
    coverImageUrl: pick('coverImageUrl', ''),
    downloadFileUrl: pick('downloadFileUrl', ''),
    contactId: body.contactId !== undefined ? body.contactId || null : (base?.contactId ?? null),
    calendarId: body.calendarId || base?.calendarId || defaults.calendarId,
    reminderHours:
      body.reminderHours !== undefined
        ? body.reminderHours
        : base
          ? base.reminderHours
          : DEFAULT_REMINDER_HOURS,
    capacity: body.capacity !== undefined ? body.capacity : (base?.capacity ?? null),
    memberPriceCents:
      body.memberPriceCents !== undefined
        ? body.memberPriceCents
        : (base?.memberPriceCents ?? null),
    priceCents: body.priceCents !== undefined ? body.priceCents : (base?.priceCents ?? null),
    ticketPayment: pick('ticketPayment', 'online'),
    refundOnCancel: pick('refundOnCancel', false),
    refundCutoffHours: pick('refundCutoffHours', DEFAULT_REFUND_CUTOFF_HOURS),
    timezone,
    startTime: times.start,
    endTime: times.end,
  };
}

/** The fields whose value differs between two sets of values (times compared as instants). */
export function changedFields(before: EventValues, after: EventValues): Set<string> {
  const changed = new Set<string>();
  for (const key of CONTENT_FIELDS) if (before[key] !== after[key]) changed.add(key);
  if (before.timezone !== after.timezone) changed.add('timezone');
  if (before.startTime.getTime() !== after.startTime.getTime()) changed.add('startTime');
  if (before.endTime.getTime() !== after.endTime.getTime()) changed.add('endTime');
  return changed;
}

export function valuesOf(row: EventRow): EventValues {
  const values = {} as Record<string, unknown>;
  for (const key of [...CONTENT_FIELDS, 'startTime', 'endTime', 'timezone'] as const) {
    values[key] = row[key];
  }
  return values as EventValues;
}
