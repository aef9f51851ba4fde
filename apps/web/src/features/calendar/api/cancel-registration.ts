import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/**
 * DELETE …/{id}/registrations/{registrationId}: staff cancel a registration or an order. The
 * event (its counts, list and orders) and every calendar list are read again.
 */
export function useStaffCancelRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: string) =>
      api.call(endpoints.registrations.staffCancel, {
        params: { id: eventId, registrationId },
        errorMessage: 'Could not cancel the registration',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
