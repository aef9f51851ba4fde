import { endpoints } from '@chamber/contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { jobKeys } from '@/lib/api/job-post-keys';
import { boardQuery, type BoardFilters } from '../lib/board-filters';

/** GET /job-posts: one page of the open posts, newest first, with the businesses to filter by. */
export const jobBoardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: jobKeys.board(filters),
    queryFn: ({ signal }) =>
      api.call(endpoints.jobs.board, {
        query: boardQuery(filters),
        signal,
        errorMessage: 'Failed to load job postings',
      }),
  });

/** The board's page; while the next page or search loads, the last one stays shown. */
export const useJobBoard = (filters: BoardFilters) =>
  useQuery({ ...jobBoardQueryOptions(filters), placeholderData: keepPreviousData });

/** GET /job-posts/{id}: 404 for a missing post, 410 for one that closed or expired. */
export const jobPostQueryOptions = (id: string, viewer: string | null) =>
  queryOptions({
    queryKey: jobKeys.post(id, viewer),
    queryFn: ({ signal }) =>
      api.call(endpoints.jobs.get, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the job posting',
      }),
  });

/** GET /job-posts/mine: the member's posts in every status, and whether they may post. */
export const myJobPostsQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: jobKeys.mine(viewer),
    queryFn: ({ signal }) =>
      api.call(endpoints.jobs.mine, {
        signal,
        errorMessage: 'Failed to load your job postings',
      }),
  });
