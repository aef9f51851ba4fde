import { DEFAULT_TIMEZONE } from '@chamber/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useChamber } from '../chamber/use-chamber';
import { addDays, dateKeyIn, toDateKey } from '@chamber/contract';
import { getCalendarEvents, type EventWindow } from './calendar-events';
import { calendarKeys } from './calendar-keys';

/**
 * Spec §7 (Home): a one-year window from the start of the current month, on the chamber's
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

export const upcomingEventsQueryOptions = (calendarId: string, now = new Date()) => {
  const window = upcomingWindow(calendarId, now);
  return queryOptions({
    queryKey: calendarKeys.window(calendarId, window.startDate, window.endDate),
    queryFn: ({ signal }) => getCalendarEvents(window, signal),
    select: (list) => futureEvents(list.events, Date.now()),
  });
};

/**
 * Upcoming events of the chamber's calendar, soonest first; `limit` keeps the first few
 * (the home carousel shows 3).
 */
export function useUpcomingEvents({ limit }: { limit?: number } = {}) {
  const calendarId = useChamber().config?.calendarId ?? '';
  const query = useQuery({
    ...upcomingEventsQueryOptions(calendarId),
    enabled: Boolean(calendarId),
  });
  const events = query.data ?? [];
  return { ...query, events: limit === undefined ? events : events.slice(0, limit) };
}
