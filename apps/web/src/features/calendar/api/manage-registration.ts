import {
  REGISTRATION_TOKEN_HEADER,
  type UpdateAttendee,
  type UpdateManagedRegistration,
} from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/**
 * The registration behind a manage link. The token travels in a header, never in an address,
 * and lives only in this page's memory and the link's fragment.
 */
const withToken = (token: string) => ({ headers: { [REGISTRATION_TOKEN_HEADER]: token } });
const manage = endpoints.registrations;
const managedKey = [...calendarKeys.all, 'managed-registration'] as const;

export function getManagedRegistration(token: string, signal?: AbortSignal) {
  return api.call(manage.manage, {
    ...withToken(token),
    signal,
    errorMessage: 'Failed to load your registration',
  });
}

/** One page shows one link, so one key: a new link is a new page (remounted). */
export function useManagedRegistration(token: string) {
  return useQuery({
    queryKey: managedKey,
    queryFn: ({ signal }) => getManagedRegistration(token, signal),
    retry: false,
  });
}

export function useUpdateManagedRegistration(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateManagedRegistration) =>
      api.call(manage.updateManaged, {
        body,
        ...withToken(token),
        errorMessage: 'Could not save your changes. Please try again.',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(managedKey, saved);
      // The event's attendee count changed.
      void queryClient.invalidateQueries({ queryKey: calendarKeys.event(saved.event.id) });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.lists() });
    },
  });
}

export function useCancelManagedRegistration(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(manage.cancelManaged, {
        ...withToken(token),
        errorMessage: 'Could not cancel your registration. Please try again.',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/** POST /registrations/manage/accept: takes the seats offered to this waiting party. */
export function useAcceptOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(manage.acceptOffer, {
        ...withToken(token),
        errorMessage: 'Could not take the seats. Please try again.',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(managedKey, saved);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.event(saved.event.id) });
    },
  });
}

/**
 * POST /registrations/manage/new-link: a new link goes to the registration's address, and
 * every earlier one (this page's too) stops working.
 */
export function useNewManageLink(token: string) {
  return useMutation({
    mutationFn: () =>
      api.call(manage.newManageLink, {
        ...withToken(token),
        errorMessage: 'Could not send a new link. Please try again.',
      }),
  });
}

/** PUT /registrations/manage/attendees/{id}: the buyer names an attendee of the order. */
export function useUpdateManagedAttendee(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attendeeId, body }: { attendeeId: string; body: UpdateAttendee }) =>
      api.call(manage.updateManagedAttendee, {
        params: { attendeeId },
        body,
        ...withToken(token),
        errorMessage: 'Could not save the name. Please try again.',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: managedKey }),
  });
}
