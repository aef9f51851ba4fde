/**
 * A member business's opening hours: intervals per weekday (several make breaks), and days it
 * is closed (holidays). The hours are the wall clock of the chamber's time zone: a shop open
 * 9:00 to 17:00 opens at 9:00 in winter and in summer. `openingStateAt` is the one rule of
 * "open now" and "opens at", read by the API's filter, the server-rendered pages and the web
 * app alike.
 */
import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { dateTimeFormat } from './intl-formats.js';
import { addDays, formatDateKey, weekdayOf, zonedParts, type DateKey } from './zoned-time.js';

/** Index 0 is Sunday, as `zonedParts` counts. */
export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayNames: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** At most this many intervals a day and closures in all. */
export const MAX_INTERVALS_A_DAY = 6;
export const MAX_CLOSURES = 60;

const TIME_OF_DAY = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** A wall-clock time, HH:MM on a 24-hour clock; 24:00 is the end of the day (closing only). */
export const timeOfDaySchema = z
  .string()
  .regex(TIME_OF_DAY, 'must be a 24-hour time written HH:MM')
  .describe('HH:MM, 00:00 to 24:00 (24:00: midnight at the end of the day)');

export const openingIntervalSchema = z.object({
  opens: timeOfDaySchema,
  closes: timeOfDaySchema,
});
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

export const closureSchema = z.object({
  date: calendarDateSchema,
  note: z.string().trim().max(100).default('').describe('Shown beside "Closed today"'),
});
export type Closure = z.infer<typeof closureSchema>;

const dayIntervals = z
  .array(openingIntervalSchema)
  .max(MAX_INTERVALS_A_DAY, `At most ${MAX_INTERVALS_A_DAY} intervals a day`)
  .default([]);

const daysSchema = z.strictObject(
  Object.fromEntries(weekdays.map((day) => [day, dayIntervals])) as Record<
    Weekday,
    typeof dayIntervals
  >,
);

/** An interval as a sentence names it: "9:00 AM – 12:00 PM". */
const intervalText = ({ opens, closes }: OpeningInterval) =>
  `${formatTimeOfDay(opens)} – ${formatTimeOfDay(closes)}`;

/**
 * PUT /members/{id}/hours. Each day's intervals must end after they start and must not
 * overlap (400 naming the field, e.g. `days.monday.1.opens`); a closure date appears once.
 * The hours are stored with each day's intervals in order. Every day empty and no closures
 * clears the hours.
 */
export const openingHoursSchema = z
  .object({
    days: daysSchema.describe('Per weekday, the intervals the business is open, in any order'),
    closures: z
      .array(closureSchema)
      .max(MAX_CLOSURES, `At most ${MAX_CLOSURES} closures`)
      .default([])
      .describe('Days the business is closed whatever the weekday says (holidays)'),
  })
  .superRefine((hours, ctx) => {
    for (const day of weekdays) {
      // Times that are no HH:MM have their issue already; an interval ending before it starts
      // gets one here; the others must not overlap. Paths keep the index as sent.
      const wellFormed: { interval: OpeningInterval; index: number }[] = [];
      hours.days[day].forEach((interval, index) => {
        if (!TIME_OF_DAY.test(interval.opens) || !TIME_OF_DAY.test(interval.closes)) return;
        if (interval.closes <= interval.opens) {
          ctx.addIssue({
            code: 'custom',
            path: ['days', day, index, 'closes'],
            message: `${weekdayNames[day]}'s hours must close after they open (${intervalText(interval)})`,
          });
        } else {
          wellFormed.push({ interval, index });
        }
      });
      wellFormed.sort((a, b) => cmp(a.interval, b.interval));
      for (let k = 1; k < wellFormed.length; k++) {
        const before = wellFormed[k - 1]!.interval;
        const { interval: after, index } = wellFormed[k]!;
        if (after.opens < before.closes) {
          ctx.addIssue({
            code: 'custom',
            path: ['days', day, index, 'opens'],
            message: `${weekdayNames[day]}'s hours overlap (${intervalText(before)} and ${intervalText(after)})`,
          });
        }
      }
    }
    const seen = new Set<string>();
    hours.closures.forEach((closure, i) => {
      if (seen.has(closure.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['closures', i, 'date'],
          message: `${closure.date} is listed twice`,
        });
      }
      seen.add(closure.date);
    });
  })
  .transform((hours) => ({
    days: Object.fromEntries(
      weekdays.map((day) => [day, [...hours.days[day]].sort(cmp)]),
    ) as Record<Weekday, OpeningInterval[]>,
    closures: [...hours.closures].sort((a, b) => (a.date < b.date ? -1 : 1)),
  }));
export type OpeningHoursInput = z.input<typeof openingHoursSchema>;

/** Opening hours as the API answers them (a member's `openingHours`). */
export const openingHoursViewSchema = z.object({
  days: z.object(
    Object.fromEntries(weekdays.map((day) => [day, z.array(openingIntervalSchema)])) as Record<
      Weekday,
      z.ZodArray<typeof openingIntervalSchema>
    >,
  ),
  closures: z.array(z.object({ date: z.string(), note: z.string() })),
});
export type OpeningHours = z.infer<typeof openingHoursViewSchema>;

function cmp(a: OpeningInterval, b: OpeningInterval): number {
  return a.opens < b.opens ? -1 : a.opens > b.opens ? 1 : a.closes < b.closes ? -1 : 1;
}

/** Whether any day has an interval or any closure is listed: hours worth showing. */
export function hasOpeningHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return Boolean(
    hours && (hours.closures.length > 0 || weekdays.some((day) => hours.days[day].length > 0)),
  );
}

/** Where the chamber's wall clock stands at an instant: the day, its weekday and HH:MM. */
export interface LocalMoment {
  date: DateKey;
  weekday: Weekday;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The chamber's wall clock at `now` (daylight saving as the zone keeps it). */
export function localMoment(now: Date, timeZone: string): LocalMoment {
  const p = zonedParts(now, timeZone);
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    weekday: weekdays[p.weekday]!,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}

export type OpeningState =
  | { open: true; closesAt: string }
  | {
      open: false;
      /** Today is one of the closures (a holiday), with its note. */
      closure: Closure | null;
      /** No opening at all today: a closure, or a weekday without hours. */
      closedAllDay: boolean;
      /** The next opening within two weeks: its day and time, and how many days ahead. */
      next: { date: DateKey; weekday: Weekday; time: string; daysAhead: number } | null;
    };

/** How far ahead "opens Monday at 9:00" looks. */
const LOOK_AHEAD_DAYS = 14;

/**
 * Whether the business is open at `now` in the chamber's `timeZone`, and if not, when it
 * opens next. An interval holds from its opening minute up to, not including, its closing
 * minute; a closure day is closed all day. Null for a business without hours.
 */
export function openingStateAt(
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): OpeningState | null {
  if (!hasOpeningHours(hours)) return null;
  const moment = localMoment(now, timeZone);
  const closureOn = (date: DateKey) => hours.closures.find((c) => c.date === date) ?? null;
  const closure = closureOn(moment.date);
  if (!closure) {
    const current = hours.days[moment.weekday].find((i) => isWithin(i, moment.time));
    if (current) return { open: true, closesAt: current.closes };
  }
  const closedAllDay = closure !== null || hours.days[moment.weekday].length === 0;
  for (let ahead = 0; ahead <= LOOK_AHEAD_DAYS; ahead++) {
    const date = addDays(moment.date, ahead);
    if (closureOn(date)) continue;
    const weekday = weekdays[weekdayOf(date)]!;
    const later = hours.days[weekday].find((i) => ahead > 0 || i.opens > moment.time);
    if (later) {
      const next = { date, weekday, time: later.opens, daysAhead: ahead };
      return { open: false, closure, closedAllDay, next };
    }
  }
  return { open: false, closure, closedAllDay, next: null };
}

/** The rule of an interval, which the directory's SQL filter follows too. */
export function isWithin(interval: OpeningInterval, time: string): boolean {
  return interval.opens <= time && time < interval.closes;
}

/** "7:00 AM", "12:30 PM"; 24:00 is "midnight". */
export function formatTimeOfDay(time: string): string {
  if (time === '24:00') return 'midnight';
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return dateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

/** What a card or a member page says: "Open now" (until 5:00 PM), "Opens at 7:00 AM", … */
export interface OpeningLabel {
  /** 'Open now', 'Opens at 7:00 AM' (later today), 'Closed today' or 'Closed' (for the rest of it). */
  headline: string;
  /** 'Until 5:00 PM', 'Opens Monday at 9:00 AM', a holiday's note; '' for none. */
  detail: string;
  open: boolean;
}

export function openingLabel(state: OpeningState | null): OpeningLabel | null {
  if (!state) return null;
  if (state.open) {
    return { headline: 'Open now', detail: `Until ${formatTimeOfDay(state.closesAt)}`, open: true };
  }
  const { next, closure, closedAllDay } = state;
  if (next && next.daysAhead === 0) {
    return { headline: `Opens at ${formatTimeOfDay(next.time)}`, detail: '', open: false };
  }
  const opens = !next
    ? ''
    : next.daysAhead === 1
      ? `Opens tomorrow at ${formatTimeOfDay(next.time)}`
      : next.daysAhead < 7
        ? `Opens ${weekdayNames[next.weekday]} at ${formatTimeOfDay(next.time)}`
        : `Opens ${formatDateKey(next.date, { weekday: 'short', month: 'short', day: 'numeric' })} at ${formatTimeOfDay(next.time)}`;
  const detail = [closure?.note, opens].filter(Boolean).join(' · ');
  return { headline: closedAllDay ? 'Closed today' : 'Closed', detail, open: false };
}
