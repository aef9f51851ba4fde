import type { RecurringEventUpdateType } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { refreshAfterDelete } from './refresh-after-save';

/**
 * DELETE /calendars/appointments/{id}. For an occurrence: that one only, or with
 * `this_and_following_events` it and every later one.
 */
export function deleteEvent(id: string, scope?: RecurringEventUpdateType) {
  return api.call(endpoints.calendars.remove, {
    params: { id },
    query: { recurringEventUpdateType: scope },
    errorMessage: 'Failed to delete calendar event',
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope?: RecurringEventUpdateType }) =>
      deleteEvent(id, scope),
    onSuccess: (_result, { id }) => refreshAfterDelete(queryClient, id),
  });
}
