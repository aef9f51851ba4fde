import { eventZone, lastMoment, type EventTiming } from '@/lib/events/event-time';
import { addDays, dateKeyIn, toDateKey, weekdayOf, type DateKey } from '@chamber/contract';

/** docs/product.md#constants: the month grid always has 42 cells, six weeks from a Sunday. */
export const GRID_CELLS = 42;

export interface Month {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface GridCell {
  date: DateKey;
  day: number;
  /** False for the greyed days of the months before and after. */
  inMonth: boolean;
}

export const monthOf = (key: DateKey): Month => {
  const [year = 1970, month = 1] = key.split('-').map(Number);
  return { year, month };
};

export function shiftMonth({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The 42 days shown for a month: from the Sunday on or before the 1st. */
export function monthGrid({ year, month }: Month): GridCell[] {
  const first = toDateKey(year, month, 1);
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: GRID_CELLS }, (_, i) => {
    const date = addDays(start, i);
    const [y, m, d] = date.split('-').map(Number);
    return { date, day: d!, inMonth: y === year && m === month };
  });
}

/**
 * The days to ask the server for: the grid's first and last day. The API reads plain dates in
 * the calendar's own zone and includes the whole last day.
 */
export function gridRange(month: Month): { startDate: DateKey; endDate: DateKey } {
  const cells = monthGrid(month);
  return { startDate: cells[0]!.date, endDate: cells.at(-1)!.date };
}

/** Every day an event covers, on its own calendar (at most 62, for runaway data). */
export function eventDays(event: EventTiming): DateKey[] {
  const zone = eventZone(event);
  const first = dateKeyIn(new Date(event.startTime), zone);
  const last = dateKeyIn(new Date(lastMoment(event)), zone);
  const days = [first];
  for (let day = first; day < last && days.length < 62;) {
    day = addDays(day, 1);
    days.push(day);
  }
  return days;
}

/** Events by the days they cover, each day's in start order. */
export function eventsByDay<T extends EventTiming>(events: readonly T[]): Map<DateKey, T[]> {
  const byDay = new Map<DateKey, T[]>();
  const sorted = [...events].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  for (const event of sorted) {
    for (const day of eventDays(event)) {
      const list = byDay.get(day);
      if (list) list.push(event);
      else byDay.set(day, [event]);
    }
  }
  return byDay;
}

/** A day cell shows two titles, then '+N more' (docs/product.md#screens). */
export const TITLES_PER_DAY = 2;

export function splitForCell<T>(events: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: events.slice(0, TITLES_PER_DAY),
    more: Math.max(0, events.length - TITLES_PER_DAY),
  };
}

/** `?month=YYYY-MM` (years 1900 to 2999), or null for anything else. */
export function parseMonthParam(value: string | null | undefined): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The value of `?month=` for a month: 2026-12. */
export const monthParam = ({ year, month }: Month) => toDateKey(year, month, 1).slice(0, 7);

/**
 * The calendar page's first view: today on the calendar's clock and the window of its month,
 * or of the month `?month=YYYY-MM` names (the links that page the calendar without scripts).
 * The server renders the page from the same, so the query key it fills is the one the page
 * reads.
 */
export function openingView(now: Date, timeZone: string, asked?: string | null) {
  const today = dateKeyIn(now, timeZone);
  const month = parseMonthParam(asked) ?? monthOf(today);
  return { today, month, range: gridRange(month) };
}
