import type { SeriesCustomFieldsUpdate } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/**
 * POST /calendars/appointments/{id}/recurring-series-custom-fields (docs/product.md#api-calls): the links and
 * note of every event of the series the id belongs to.
 */
export function updateSeriesCustomFields(id: string, body: SeriesCustomFieldsUpdate) {
  return api.call(endpoints.calendars.setSeriesCustomFields, {
    params: { id },
    body,
    errorMessage: 'Failed to update recurring series custom fields',
  });
}

export function useUpdateSeriesCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SeriesCustomFieldsUpdate }) =>
      updateSeriesCustomFields(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
