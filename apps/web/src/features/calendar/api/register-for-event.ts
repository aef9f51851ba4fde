import type { Appointment, RegisterForEvent } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { endpointPath } from '@chamber/contract/endpoint-runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';
import { repeatKey } from '../lib/repeat-keys';

/**
 * POST /calendars/appointments/{id}/registrations: stored, and confirmed by mail with the .ics.
 * A repeat of the same form is the same request (`repeatKey`): answered as the first was.
 */
export function registerForEvent(id: string, body: RegisterForEvent) {
  const { register } = endpoints.registrations;
  return api.call(register, {
    params: { id },
    body,
    errorMessage: 'Registration failed. Please try again.',
    headers: { 'Idempotency-Key': repeatKey(endpointPath(register.path, { id }), body) },
  });
}

/**
 * Registers; the event shows its new counts and seats at once, then the event (with the
 * organizer's Registrations card) and the lists refetch.
 */
export function useRegisterForEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterForEvent) => registerForEvent(id, body),
    onSuccess: ({ attendeeCount, registrationCount, seatsLeft }) => {
      queryClient.setQueryData<Appointment>(calendarKeys.event(id), (event) =>
        event ? { ...event, attendeeCount, registrationCount, seatsLeft } : event,
      );
      void queryClient.invalidateQueries({ queryKey: calendarKeys.event(id) });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.lists() });
    },
  });
}
