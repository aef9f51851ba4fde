import type { RecurringEventUpdateType } from './calendar.js';
import { dateKeyIn, timeIn } from './zoned-time.js';

/** An occurrence's times, as it showed and as the edit would have it. */
export interface SeriesTimes {
  startTime: string | Date;
  endTime: string | Date;
}

/**
 * docs/decisions/0143-series-edit-choices.md: the one choice of a series edit that
 * 'Recommended' marks, from what the edit changes of the occurrence it was made on.
 * - Its date moves (a holiday, a room taken that week): 'this_event', the rest of the series
 *   keeps its dates.
 * - Its time of day or length changes on the same date: 'all_events', the series' meeting
 *   time is what changed.
 * - Neither (title, place, price, notes): 'this_and_following_events', the dates already
 *   held keep what they were.
 * Compared in the event's time zone, so a change of daylight time is no change.
 */
export function recommendedSeriesChoice(
  before: SeriesTimes,
  after: SeriesTimes,
  timeZone: string,
): RecurringEventUpdateType {
  const at = (value: string | Date) => new Date(value);
  const startDateMoved =
    dateKeyIn(at(before.startTime), timeZone) !== dateKeyIn(at(after.startTime), timeZone);
  if (startDateMoved) return 'this_event';
  const length = (times: SeriesTimes) =>
    at(times.endTime).getTime() - at(times.startTime).getTime();
  const timeChanged =
    timeIn(at(before.startTime), timeZone) !== timeIn(at(after.startTime), timeZone) ||
    length(before) !== length(after);
  return timeChanged ? 'all_events' : 'this_and_following_events';
}
