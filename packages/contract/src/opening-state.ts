/**
 * What a member's opening hours say at an instant: "open now", "opens at", and the words for
 * them. `openingStateAt` is the one rule of "open now" and "opens at", read by the API's
 * filter, the server-rendered pages and the web app alike. Plain functions, no schemas (those
 * are in opening-hours.ts), so a page that shows hours does not bundle the schema library.
 */
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

/** An interval of a day, HH:MM to HH:MM (opening-hours.ts's `openingIntervalSchema`). */
interface Interval {
  opens: string;
  closes: string;
}
/** A day the business is closed, with its note (opening-hours.ts's `closureSchema`). */
interface ClosedDay {
  date: string;
  note: string;
}
/** Hours as the API answers them (opening-hours.ts's `openingHoursViewSchema`). */
interface Hours {
  days: Record<Weekday, readonly Interval[]>;
  closures: readonly ClosedDay[];
}

export const weekdayNames: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** Whether any day has an interval or any closure is listed: hours worth showing. */
export function hasOpeningHours<H extends Hours>(hours: H | null | undefined): hours is H {
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
      closure: ClosedDay | null;
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
  hours: Hours | null | undefined,
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
export function isWithin(interval: Interval, time: string): boolean {
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
