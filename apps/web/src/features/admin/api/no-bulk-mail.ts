import { endpoints } from '@chamber/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';

/** Query keys of the addresses bulk mail does not reach; a change invalidates `all`. */
export const noBulkMailKeys = {
  all: ['no-bulk-mail'] as const,
  suppressed: (q: string, page: number) => [...noBulkMailKeys.all, 'suppressed', q, page] as const,
  unsubscribed: (q: string, page: number) =>
    [...noBulkMailKeys.all, 'unsubscribed', q, page] as const,
};

const paging = (page: number) => ({ limit: PAGE_SIZE, offset: page * PAGE_SIZE });

/** GET /admin/suppressions: a page of the addresses suppressed now, newest first. */
export function useSuppressions(q: string, page: number) {
  return useQuery({
    queryKey: noBulkMailKeys.suppressed(q, page),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.suppressions, {
        query: { ...(q ? { q } : {}), ...paging(page) },
        signal,
        errorMessage: 'Failed to fetch the suppressed addresses',
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/unsubscribes: a page of the addresses that left a topic, latest first. */
export function useUnsubscribes(q: string, page: number) {
  return useQuery({
    queryKey: noBulkMailKeys.unsubscribed(q, page),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.unsubscribes, {
        query: { ...(q ? { q } : {}), ...paging(page) },
        signal,
        errorMessage: 'Failed to fetch the unsubscribed addresses',
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/suppressions: staff stop bulk mail to an address, with their note. */
export function useSuppress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; detail: string }) =>
      api.call(endpoints.communications.suppress, {
        body: input,
        errorMessage: 'Failed to suppress the address',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noBulkMailKeys.all }),
  });
}

/** POST /admin/suppressions/lift: bulk mail may reach the address again. */
export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.call(endpoints.communications.liftSuppression, {
        body: { email },
        errorMessage: 'Failed to lift the suppression',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noBulkMailKeys.all }),
  });
}
