import type {
  AmbassadorList,
  BookCelebration,
  Celebration,
  CelebrationKind,
  CelebrationQueue,
  CelebrationSettings,
  CelebrationSlots,
  CelebrationStatus,
  ListingCelebrations,
  MyCelebrations,
} from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

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
      api.get<MyCelebrations>('/celebrations/mine', {
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
      api.get<CelebrationSlots>(`/celebrations/slots?kind=${kind}`, {
        signal,
        errorMessage: 'Failed to load the times you can book',
      }),
  });

/** GET /celebrations/listing/{id}: a business's confirmed celebrations to come. */
export const listingCelebrationsQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: celebrationKeys.listing(contactId),
    queryFn: ({ signal }) =>
      api.get<ListingCelebrations>(`/celebrations/listing/${encodeURIComponent(contactId)}`, {
        signal,
        errorMessage: 'Failed to load the celebrations',
      }),
  });

export function useBookCelebration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookCelebration) =>
      api.post<Celebration>('/celebrations', body, {
        errorMessage: 'Failed to book the celebration',
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all }),
  });
}

export function useAnswerProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'cancel' }) =>
      api.post<Celebration>(`/celebrations/${encodeURIComponent(id)}/${answer}`, undefined, {
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
      api.get<CelebrationQueue>(
        status === 'upcoming' ? '/admin/celebrations' : `/admin/celebrations?status=${status}`,
        { signal, errorMessage: 'Failed to load the celebrations' },
      ),
  });

export const celebrationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.settings(),
    queryFn: ({ signal }) =>
      api.get<CelebrationSettings>('/admin/celebration-settings', {
        signal,
        errorMessage: 'Failed to load the celebration rules',
      }),
  });

/** Staff's decisions; every celebration query refetches after. */
export function useCelebrationDecisions() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: celebrationKeys.all });
  const path = (id: string, what: string) =>
    `/admin/celebrations/${encodeURIComponent(id)}/${what}`;
  return {
    confirm: useMutation({
      mutationFn: (id: string) =>
        api.post<Celebration>(path(id, 'confirm'), undefined, {
          errorMessage: 'Failed to confirm the celebration',
        }),
      onSuccess,
    }),
    propose: useMutation({
      mutationFn: ({ id, slotStart, note }: { id: string; slotStart: string; note: string }) =>
        api.post<Celebration>(
          path(id, 'propose'),
          { slotStart, note },
          { errorMessage: 'Failed to propose another time' },
        ),
      onSuccess,
    }),
    decline: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.post<Celebration>(
          path(id, 'decline'),
          { reason },
          { errorMessage: 'Failed to decline the celebration' },
        ),
      onSuccess,
    }),
  };
}

export function useSaveCelebrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CelebrationSettings) =>
      api.put<CelebrationSettings>('/admin/celebration-settings', body, {
        errorMessage: 'Failed to save the celebration rules',
      }),
    onSuccess: (saved) => queryClient.setQueryData(celebrationKeys.settings(), saved),
  });
}

/** GET /admin/celebration-ambassadors: the members staff made ambassadors. */
export const ambassadorsQueryOptions = () =>
  queryOptions({
    queryKey: celebrationKeys.ambassadors(),
    queryFn: ({ signal }) =>
      api.get<AmbassadorList>('/admin/celebration-ambassadors', {
        signal,
        errorMessage: 'Failed to load the ambassadors',
      }),
  });

/** PUT /admin/celebration-ambassadors/{contactId}: make a member an ambassador, or no longer. */
export function useSetAmbassador() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, ambassador }: { contactId: string; ambassador: boolean }) =>
      api.put<AmbassadorList>(
        `/admin/celebration-ambassadors/${encodeURIComponent(contactId)}`,
        { ambassador },
        { errorMessage: 'Failed to change the ambassadors' },
      ),
    onSuccess: (list) => queryClient.setQueryData(celebrationKeys.ambassadors(), list),
  });
}
