import { DEFAULT_TIMEZONE, type EventList } from '@chamber/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChamber } from '../chamber/use-chamber';
import { useRenderedAt } from '../render-time';
import { addDays, dateKeyIn, toDateKey } from '@chamber/contract';
import { getCalendarEvents, type EventWindow } from './calendar-events';
import { calendarKeys } from './calendar-keys';

/**
 * docs/product.md#api-calls (Home): a one-year window from the start of the current month, on the chamber's
 * clock. The home carousel and the calendar page's upcoming list read the same window, so
 * both share one load.
 */
export function upcomingWindow(calendarId: string, now = new Date()): EventWindow {
  const [year, month] = dateKeyIn(now, DEFAULT_TIMEZONE).split('-').map(Number) as [number, number];
  return {
    calendarId,
    startDate: toDateKey(year, month, 1),
    endDate: addDays(toDateKey(year + 1, month, 1), -1),
  };
}

interface StartsAt {
  startTime: string;
}

/** Events starting after `nowMs`, soonest first. */
export function futureEvents<T extends StartsAt>(events: readonly T[], nowMs: number): T[] {
  return events
    .filter((e) => Date.parse(e.startTime) > nowMs)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

const futureNow = (list: EventList) => futureEvents(list.events, Date.now());

/**
 * The upcoming window's query: its events after `now` (by default: when they are read). The
 * server renders the home and calendar pages with the window of its own clock.
 */
export const upcomingEventsQueryOptions = (
  calendarId: string,
  now = new Date(),
  select: (list: EventList) => EventList['events'] = futureNow,
) => {
  const window = upcomingWindow(calendarId, now);
  return queryOptions({
    queryKey: calendarKeys.window(calendarId, window.startDate, window.endDate),
    queryFn: ({ signal }) => getCalendarEvents(window, signal),
    select,
  });
};

/**
 * When the window's data is only its first few events (the home page's, drawn by the server):
 * the epoch, as the query's update time.
 */
export const PART_OF_THE_WINDOW = 0;

/**
 * Upcoming events of the chamber's calendar, soonest first; `limit` keeps the first few
 * (the home carousel shows 3). With a limit, the first events the server put in the page do
 * (the window is not read again for them); without one, they are not the list: the query
 * reads the whole window and is pending until it has.
 */
export function useUpcomingEvents({ limit }: { limit?: number } = {}) {
  const calendarId = useChamber().config?.calendarId ?? '';
  // Over server-rendered HTML the window and "upcoming" are the server's until hydrated.
  const renderedAt = useRenderedAt();
  const select = useMemo(
    () =>
      renderedAt === null ? futureNow : (list: EventList) => futureEvents(list.events, renderedAt),
    [renderedAt],
  );
  const query = useQuery({
    ...upcomingEventsQueryOptions(
      calendarId,
      renderedAt === null ? new Date() : new Date(renderedAt),
      select,
    ),
    enabled: Boolean(calendarId),
    refetchOnMount: (q) => limit === undefined || q.state.dataUpdatedAt !== PART_OF_THE_WINDOW,
  });
  const events = query.data ?? [];
  if (limit !== undefined) return { ...query, events: events.slice(0, limit) };
  if (query.isSuccess && query.dataUpdatedAt === PART_OF_THE_WINDOW) {
    return { ...query, isPending: true as const, isSuccess: false as const, events: [] };
  }
  return { ...query, events };
}
