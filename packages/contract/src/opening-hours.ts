/**
 * A member business's opening hours: intervals per weekday (several make breaks), and days it
 * is closed (holidays). The hours are the wall clock of the chamber's time zone: a shop open
 * 9:00 to 17:00 opens at 9:00 in winter and in summer. What the hours say at an instant
 * (`openingStateAt`) is in opening-state.ts.
 */
import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { formatTimeOfDay, type Weekday, weekdayNames, weekdays } from './opening-state.js';

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
