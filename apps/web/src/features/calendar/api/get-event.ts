import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/** GET /calendars/appointments/{id} (docs/product.md#api-calls); an occurrence id works too. */
export function getEvent(id: string, signal?: AbortSignal) {
  return api.call(endpoints.calendars.event, {
    params: { id },
    signal,
    errorMessage: 'Failed to fetch event',
  });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: calendarKeys.event(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

/** Whether a failed load means there is no such event (the 'Event Not Found' card). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** docs/product.md#errors Event page: the message, else 'Failed to load event'. */
export const eventLoadError = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Failed to load event';
