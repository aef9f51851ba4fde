import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './client';

/**
 * Query keys of everything member-shaped. Saving a member or one's own profile invalidates
 * `memberKeys.all`, so the directory, member pages and profile page all refetch.
 */
export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
};

export function getMember(id: string, signal?: AbortSignal) {
  return api.call(endpoints.members.get, {
    params: { id },
    signal,
    errorMessage: 'Failed to load member details',
  });
}

/** One member (docs/product.md#api-calls GET /members/{id}); a 404 answers 'Member not found'. */
export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => getMember(id, signal),
  });

/** The message a failed member load shows (docs/product.md#errors Member). */
export function memberLoadError(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Member not found';
  if (error instanceof Error && error.message) return error.message;
  return 'Failed to load member details';
}
