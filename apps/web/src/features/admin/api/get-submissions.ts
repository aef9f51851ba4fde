import type { SubmissionKind, SubmissionList } from '@chamber/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys } from './admin-keys';

export type SubmissionFilter = SubmissionKind | 'all';

/** GET /admin/submissions: one page of the native forms' messages, newest first. */
export function getSubmissions(kind: SubmissionFilter, page: number, signal?: AbortSignal) {
  return api.call(endpoints.admin.submissions, {
    query: {
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE,
      kind: kind === 'all' ? undefined : kind,
    },
    signal,
    errorMessage: 'Failed to fetch messages',
  });
}

/** A page of messages, with its number: while the next page loads, the last one stays shown. */
export interface SubmissionsPage extends SubmissionList {
  page: number;
}

export const submissionsQueryOptions = (kind: SubmissionFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.submissions(kind, page),
    queryFn: ({ signal }): Promise<SubmissionsPage> =>
      getSubmissions(kind, page, signal).then((list) => ({ ...list, page })),
  });

/** One page of messages; while another page or filter loads, the last one stays shown. */
export function useSubmissions(kind: SubmissionFilter, page: number) {
  return useQuery({ ...submissionsQueryOptions(kind, page), placeholderData: keepPreviousData });
}
