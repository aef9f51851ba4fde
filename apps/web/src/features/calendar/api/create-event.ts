import type { CreateEvent } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { refreshAfterSave } from './refresh-after-save';

/** POST /calendars/appointments (docs/product.md#api-calls Create payload); answers the new appointment. */
export function createEvent(body: CreateEvent) {
  return api.call(endpoints.calendars.create, {
    body,
    errorMessage: 'Failed to create calendar event',
  });
}

/** Creates an event; resolves once the calendar has been refreshed (or patched locally). */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (saved) => refreshAfterSave(queryClient, { replacedId: null, saved }),
  });
}
