import type { RegisterForEvent } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { endpointPath } from '@chamber/contract/endpoint-runtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';
import { repeatKey } from '../lib/repeat-keys';

const { seriesDates, registerForSeries } = endpoints.registrations;

/** GET …/{id}/series-registrations: the dates 'All upcoming dates' would register for. */
export function useUpcomingSeriesDates(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...calendarKeys.event(id), 'series-dates'],
    queryFn: ({ signal }) =>
      api.call(seriesDates, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the dates of this series',
      }),
    enabled,
  });
}

/** POST …/{id}/series-registrations: one party on every upcoming date, in one step. */
export function useRegisterForSeries(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterForEvent) =>
      api.call(registerForSeries, {
        params: { id },
        body,
        errorMessage: 'Registration failed. Please try again.',
        headers: {
          'Idempotency-Key': repeatKey(endpointPath(registerForSeries.path, { id }), body),
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.event(id) });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.lists() });
    },
  });
}
