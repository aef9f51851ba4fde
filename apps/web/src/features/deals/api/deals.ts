import type { Deal, DealInput, DealList, ListingDeals } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/**
 * Query keys of the deals. The public list depends on who asks (members-only deals), so the
 * viewer's id is part of its key; any change refetches every deals query.
 */
export const dealKeys = {
  all: ['deals'] as const,
  list: (viewer: string | null, limit?: number) =>
    [...dealKeys.all, 'list', viewer ?? 'visitor', limit ?? 'all'] as const,
  listing: (contactId: string) => [...dealKeys.all, 'listing', contactId] as const,
};

/** GET /deals: the current deals the viewer may see, newest first; `limit` keeps the first. */
export const dealsQueryOptions = (viewer: string | null, limit?: number) =>
  queryOptions({
    queryKey: dealKeys.list(viewer, limit),
    queryFn: ({ signal }) =>
      api
        .get<DealList>(limit ? `/deals?limit=${limit}` : '/deals', {
          signal,
          errorMessage: 'Failed to load deals',
        })
        .then((answer) => answer.deals),
  });

/** GET /deals/listing/{id}: every deal of one's listing, for its editor. */
export const listingDealsQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: dealKeys.listing(contactId),
    queryFn: ({ signal }) =>
      api.get<ListingDeals>(`/deals/listing/${encodeURIComponent(contactId)}`, {
        signal,
        errorMessage: 'Failed to load your deals',
      }),
  });

/** Adds, changes or deletes a deal of a listing; every deals list refetches after. */
export function useSaveDeal(contactId: string) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: dealKeys.all });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DealInput }) =>
      id === null
        ? api.post<Deal>('/deals', { ...input, contactId }, { errorMessage: 'Failed to save deal' })
        : api.put<Deal>(`/deals/${encodeURIComponent(id)}`, input, {
            errorMessage: 'Failed to save deal',
          }),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<null>(`/deals/${encodeURIComponent(id)}`, {
        errorMessage: 'Failed to delete deal',
      }),
    onSuccess: refetch,
  });
  return { save, remove };
}
