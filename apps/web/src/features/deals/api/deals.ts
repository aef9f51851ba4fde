import { endpoints } from '@chamber/contract/endpoints';
import type { DealInput } from '@chamber/contract';
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
        .call(endpoints.deals.listDeals, {
          query: { limit },
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
      api.call(endpoints.deals.listingDeals, {
        params: { id: contactId },
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
        ? api.call(endpoints.deals.createDeal, {
            body: { ...input, contactId },
            errorMessage: 'Failed to save deal',
          })
        : api.call(endpoints.deals.updateDeal, {
            params: { id },
            body: input,
            errorMessage: 'Failed to save deal',
          }),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.deals.deleteDeal, {
        params: { id },
        errorMessage: 'Failed to delete deal',
      }),
    onSuccess: refetch,
  });
  return { save, remove };
}
