import {
  addDays,
  type CalendarEvent,
  dateKeyIn,
  dateTimeFormat,
  parseDateKey,
  toDateKey,
} from '@chamber/contract';

/** An event or a series the registrants segment can name (its id is a uuid). */
export interface EventChoice {
  id: string;
  label: string;
  series: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The calendar's windows the picker lists, on the chamber's clock: a year back (from the first
 * of this month a year ago) to today, and tomorrow to a year ahead. The calendar answers at
 * most `MAX_EVENT_WINDOW_DAYS` a request, fewer than the two years, so it is asked twice.
 */
export function eventWindows(now: Date, timeZone: string) {
  const today = dateKeyIn(now, timeZone);
  const { year, month } = parseDateKey(today);
  return [
    { startDate: toDateKey(year - 1, month, 1), endDate: today },
    { startDate: addDays(today, 1), endDate: addDays(toDateKey(year + 1, month, 1), -1) },
  ];
}

/**
 * The window's events as choices: each series once (by its id, for every date of it), each
 * other event by its own id with its date; series first by title, then events by date.
 */
export function eventChoices(
  events: readonly Pick<
    CalendarEvent,
    'id' | 'title' | 'startTime' | 'isRecurring' | 'masterEventId' | 'timezone'
  >[],
): EventChoice[] {
  const series = new Map<string, EventChoice>();
  const single = new Map<string, EventChoice & { at: number }>();
  for (const e of events) {
    if (e.isRecurring && e.masterEventId) {
      if (!series.has(e.masterEventId) && UUID.test(e.masterEventId)) {
        series.set(e.masterEventId, { id: e.masterEventId, label: e.title, series: true });
      }
    } else if (UUID.test(e.id) && !single.has(e.id)) {
      const day = dateTimeFormat('en-US', {
        timeZone: e.timezone,
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(e.startTime));
      single.set(e.id, {
        id: e.id,
        label: `${e.title} (${day})`,
        series: false,
        at: Date.parse(e.startTime),
      });
    }
  }
  return [
    ...[...series.values()].sort((a, b) => a.label.localeCompare(b.label)),
    ...[...single.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...choice }) => choice),
  ];
}
