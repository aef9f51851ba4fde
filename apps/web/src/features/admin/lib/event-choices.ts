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

/** The calendar's window the picker lists: a year back to a year ahead, on the chamber's clock. */
export function eventWindow(now: Date, timeZone: string) {
  const { year, month } = parseDateKey(dateKeyIn(now, timeZone));
  return {
    startDate: toDateKey(year - 1, month, 1),
    endDate: addDays(toDateKey(year + 1, month, 1), -1),
  };
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
  const single: (EventChoice & { at: number })[] = [];
  for (const e of events) {
    if (e.isRecurring && e.masterEventId) {
      if (!series.has(e.masterEventId) && UUID.test(e.masterEventId)) {
        series.set(e.masterEventId, { id: e.masterEventId, label: e.title, series: true });
      }
    } else if (UUID.test(e.id)) {
      const day = dateTimeFormat('en-US', {
        timeZone: e.timezone,
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(e.startTime));
      single.push({
        id: e.id,
        label: `${e.title} (${day})`,
        series: false,
        at: Date.parse(e.startTime),
      });
    }
  }
  return [
    ...[...series.values()].sort((a, b) => a.label.localeCompare(b.label)),
    ...single.sort((a, b) => a.at - b.at).map(({ at: _at, ...choice }) => choice),
  ];
}
