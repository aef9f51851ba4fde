import type { EventCustomFields } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/** GET /calendars/appointments/{id}/custom-fields?_t (docs/product.md#api-calls). */
export function getEventCustomFields(id: string, signal?: AbortSignal) {
  return api.call(endpoints.calendars.customFields, {
    params: { id },
    query: { _t: String(Date.now()) },
    signal,
    errorMessage: 'Failed to fetch custom fields',
  });
}

/**
 * The event's links and note, fresh for the edit dialog. A failure is logged only and answers
 * null: the dialog then keeps the values the event itself carries rather than blanking them
 * (the spec's empty strings would be saved back and wipe the links).
 */
export const eventCustomFieldsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: calendarKeys.customFields(id),
    queryFn: async ({ signal }): Promise<EventCustomFields | null> => {
      try {
        return await getEventCustomFields(id, signal);
      } catch (error) {
        console.warn('Failed to fetch custom fields', error);
        return null;
      }
    },
    staleTime: 0,
    gcTime: 0,
  });

export function useEventCustomFields(id: string | null) {
  return useQuery({ ...eventCustomFieldsQueryOptions(id ?? ''), enabled: id !== null });
}
