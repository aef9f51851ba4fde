import { endpoints } from '@chamber/contract/endpoints';
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
  return api.call(endpoints.admin.mail, {
    query: { status: 'failed', limit: PAGE_SIZE, offset: page * PAGE_SIZE },
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
  return api.call(endpoints.admin.retryMail, {
    params: { id },
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
