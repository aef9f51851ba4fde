import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENTS_LOAD_ERROR, getCalendarEvents, type EventWindow } from '@/lib/api/calendar-events';
import { calendarKeys } from '@/lib/api/calendar-keys';

export const calendarEventsQueryOptions = (window: EventWindow) =>
  queryOptions({
    queryKey: calendarKeys.window(window.calendarId, window.startDate, window.endDate),
    queryFn: ({ signal }) => getCalendarEvents(window, signal),
  });

/**
 * The events of a window. A failed load gives an empty list and the spec's message (docs/product.md#api-calls);
 * while the next month loads, the last one stays on screen.
 */
export function useCalendarEvents(window: EventWindow | null) {
  const query = useQuery({
    ...calendarEventsQueryOptions(window ?? { calendarId: '', startDate: '', endDate: '' }),
    enabled: window !== null && Boolean(window.calendarId),
    placeholderData: keepPreviousData,
  });
  return {
    events: query.data?.events ?? [],
    isPending: query.isPending,
    isFetching: query.isFetching,
    // A refetch that fails keeps the events already shown; only a first load is an error.
    error: query.isError && !query.data ? EVENTS_LOAD_ERROR : null,
    errorDetail: query.error?.message ?? null,
    refetch: query.refetch,
  };
}

/** docs/product.md#screens: the calendar reloads its events when the tab becomes visible again. */
export function useReloadEventsWhenVisible() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') {
        void queryClient.invalidateQueries({ queryKey: calendarKeys.lists() });
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [queryClient]);
}
