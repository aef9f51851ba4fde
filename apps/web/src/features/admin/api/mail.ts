import type { OutboxList, RetryMailResponse } from '@chamber/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys } from './admin-keys';

/** GET /admin/mail?status=failed: one page of the outgoing mail that failed, newest first. */
export function getFailedMail(page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({
    status: 'failed',
    limit: String(PAGE_SIZE),
    offset: String(page * PAGE_SIZE),
  });
  return api.get<OutboxList>(`/admin/mail?${params}`, {
    signal,
    errorMessage: 'Failed to fetch the mail that failed',
  });
}

export const failedMailQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.failedMail(page),
    queryFn: ({ signal }) => getFailedMail(page, signal),
  });

export function useFailedMail(page: number) {
  return useQuery({ ...failedMailQueryOptions(page), placeholderData: keepPreviousData });
}

/** POST /admin/mail/{id}/retry: puts a failed mail back in line. */
export function retryMail(id: string) {
  return api.post<RetryMailResponse>(`/admin/mail/${encodeURIComponent(id)}/retry`, undefined, {
    errorMessage: 'Failed to retry the mail',
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.mail() }),
  });
}
