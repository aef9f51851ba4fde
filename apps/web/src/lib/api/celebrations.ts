import { endpoints } from '@chamber/contract/endpoints';
import type {
  BookCelebration,
  CelebrationPhotosInput,
  CelebrationKind,
  CelebrationSettings,
  CelebrationStatus,
} from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const e = endpoints.celebrations;

export const celebrationKeys = {
  all: ['celebrations'] as const,
  mine: () => [...celebrationKeys.all, 'mine'] as const,
  slots: (kind: CelebrationKind) => [...celebrationKeys.all, 'slots', kind] as const,
  listing: (contactId: string) => [...celebrationKeys.all, 'listing', contactId] as const,
  queue: (status: CelebrationStatus | 'upcoming') =>
    [...celebrationKeys.all, 'queue', status] as const,
  settings: () => [...celebrationKeys.all, 'settings'] as const,
  ambassadors: () => [...celebrationKeys.all, 'ambassadors'] as const,
};

/** GET /celebrations/mine: the business's bookings and what it may book. */
export const myCelebrationsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.mine(),
    queryFn: ({ signal }) =>
      api.call(e.mine, {
        signal,
        errorMessage: 'Failed to load your celebrations',
      }),
    retry: false,
  });

/** GET /celebrations/slots: the slots the rules allow for a kind. */
export const celebrationSlotsQueryOptions = (kind: CelebrationKind) =>
  queryOptions({
    queryKey: celebrationKeys.slots(kind),
    queryFn: ({ signal }) =>
      api.call(e.slots, {
        query: { kind },
        signal,
        errorMessage: 'Failed to load the times you can book',
      }),
  });

/** GET /celebrations/listing/{id}: a business's confirmed celebrations to come. */
export const listingCelebrationsQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: celebrationKeys.listing(contactId),
    queryFn: ({ signal }) =>
      api.call(e.ofListing, {
        params: { contactId },
        signal,
        errorMessage: 'Failed to load the celebrations',
      }),
  });

export function useBookCelebration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookCelebration) =>
      api.call(e.book, {
        body,
        errorMessage: 'Failed to book the celebration',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all }),
  });
}

export function useAnswerProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'cancel' }) =>
      api.call(answer === 'accept' ? e.accept : e.cancel, {
        params: { id },
        errorMessage: 'Failed to answer',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all }),
  });
}

/** GET /admin/celebrations: bookings in a status, or every one to come. */
export const celebrationQueueQueryOptions = (status: CelebrationStatus | 'upcoming') =>
  queryOptions({
    queryKey: celebrationKeys.queue(status),
    queryFn: ({ signal }) =>
      api.call(e.queue, {
        query: status === 'upcoming' ? {} : { status },
        signal,
        errorMessage: 'Failed to load the celebrations',
      }),
  });

export const celebrationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.settings(),
    queryFn: ({ signal }) =>
      api.call(e.settings, {
        signal,
        errorMessage: 'Failed to load the celebration rules',
      }),
  });

/** Staff's decisions; every celebration query refetches after. */
export function useCelebrationDecisions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all });
  return {
    confirm: useMutation({
      mutationFn: (id: string) =>
        api.call(e.confirm, {
          params: { id },
          errorMessage: 'Failed to confirm the celebration',
        }),
      onSuccess,
    }),
    propose: useMutation({
      mutationFn: ({ id, slotStart, note }: { id: string; slotStart: string; note: string }) =>
        api.call(e.propose, {
          params: { id },
          body: { slotStart, note },
          errorMessage: 'Failed to propose another time',
        }),
      onSuccess,
    }),
    decline: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.call(e.decline, {
          params: { id },
          body: { reason },
          errorMessage: 'Failed to decline the celebration',
        }),
      onSuccess,
    }),
  };
}

export function useSaveCelebrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CelebrationSettings) =>
      api.call(e.putSettings, {
        body,
        errorMessage: 'Failed to save the celebration rules',
      }),
    onSuccess: (saved) => queryClient.setQueryData(celebrationKeys.settings(), saved),
  });
}

/** GET /admin/celebration-ambassadors: the members' people staff made ambassadors. */
export const ambassadorsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.ambassadors(),
    queryFn: ({ signal }) =>
      api.call(e.ambassadors, {
        signal,
        errorMessage: 'Failed to load the ambassadors',
      }),
  });

/**
 * PUT /admin/celebration-ambassadors/{personId}: make a person of a member business an
 * ambassador, or no longer.
 */
export function useSetAmbassador() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, ambassador }: { personId: string; ambassador: boolean }) =>
      api.call(e.setAmbassador, {
        params: { personId },
        body: { ambassador },
        errorMessage: 'Failed to change the ambassadors',
      }),
    onSuccess: (list) => queryClient.setQueryData(celebrationKeys.ambassadors(), list),
  });
}

/** GET /celebrations/event/{eventId}/photos: an event page's celebration photos, if any. */
export const eventPhotosQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...celebrationKeys.all, 'event-photos', eventId] as const,
    queryFn: ({ signal }) =>
      api.call(e.eventPhotos, {
        params: { eventId },
        signal,
        errorMessage: 'Failed to load the photos',
      }),
  });

/** PUT /admin/celebrations/{id}/photos: staff's photos of a celebration that took place. */
export function useSaveCelebrationPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photos }: { id: string; photos: CelebrationPhotosInput['photos'] }) =>
      api.call(e.photos, {
        params: { id },
        body: { photos },
        errorMessage: 'Failed to save the photos',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all }),
  });
}
