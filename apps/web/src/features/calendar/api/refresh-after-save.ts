import type { CalendarEvent, EventList } from '@chamber/contract';
import type { QueryClient } from '@tanstack/react-query';
import { removeEventFromList, replaceEventInList } from '../lib/event-list';
import { calendarKeys } from '@/lib/api/calendar-keys';

/** Event lists whose last refetch failed: they still show what they had before the save. */
function failedLists(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: calendarKeys.lists() })
    .filter((q) => q.state.status === 'error' && q.state.data !== undefined);
}

/**
 * Refetches every calendar query after a save; where a list could not be refetched, the saved
 * event replaces the edited one locally (docs/product.md#states refresh fallback).
 */
export async function refreshAfterSave(
  queryClient: QueryClient,
  { replacedId, saved }: { replacedId: string | null; saved: CalendarEvent },
) {
  await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  for (const query of failedLists(queryClient)) {
    const [, , , startDate = '', endDate = ''] = query.queryKey as string[];
    queryClient.setQueryData<EventList>(query.queryKey, (list) =>
      list ? replaceEventInList(list, { startDate, endDate }, replacedId, saved) : list,
    );
  }
}

/** The same after a delete: a list that cannot be refetched drops the event itself. */
export async function refreshAfterDelete(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: calendarKeys.event(id) });
  await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  for (const query of failedLists(queryClient)) {
    queryClient.setQueryData<EventList>(query.queryKey, (list) =>
      list ? removeEventFromList(list, id) : list,
    );
  }
}
