import type { UpdateEvent } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { refreshAfterSave } from './refresh-after-save';

/**
 * PUT /calendars/appointments/{id} (docs/product.md#api-calls Update payload). For "Update all future events" the
 * answer is the first event of the new series.
 */
export function updateEvent(id: string, body: UpdateEvent) {
  return api.call(endpoints.calendars.update, {
    params: { id },
    body,
    errorMessage: 'Failed to update calendar event',
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEvent }) => updateEvent(id, body),
    onSuccess: (saved, { id }) => refreshAfterSave(queryClient, { replacedId: id, saved }),
  });
}
