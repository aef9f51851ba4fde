import { DEFAULT_TIMEZONE, type Calendar } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useChamber } from '@/lib/chamber/use-chamber';
import { calendarKeys } from '@/lib/api/calendar-keys';

/** GET /calendars/{calendarId} (docs/product.md#api-calls): its name and time zone. */
export function getCalendar(calendarId: string, signal?: AbortSignal) {
  return api.call(endpoints.calendars.calendar, {
    params: { calendarId },
    signal,
    errorMessage: 'Failed to fetch calendar',
  });
}

export const calendarQueryOptions = (calendarId: string) =>
  queryOptions({
    queryKey: calendarKeys.calendar(calendarId),
    queryFn: ({ signal }) => getCalendar(calendarId, signal),
    staleTime: 5 * 60_000,
  });

/** The zone a calendar's grid and new events use: its own, else America/Denver. */
export const calendarZone = (calendar: Calendar | null | undefined) =>
  calendar?.timezone || DEFAULT_TIMEZONE;

/**
 * The chamber's calendar (its id comes from the start-up config) and the zone its grid and new
 * events use: the calendar's own, America/Denver until it has loaded or if it cannot be.
 */
export function useChamberCalendar() {
  const calendarId = useChamber().config?.calendarId;
  const query = useQuery({
    ...calendarQueryOptions(calendarId ?? ''),
    enabled: Boolean(calendarId),
  });
  return {
    calendarId,
    calendar: query.data,
    timeZone: calendarZone(query.data),
  };
}
