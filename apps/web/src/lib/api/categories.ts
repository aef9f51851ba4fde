import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /categories: the directory's category tree (the directory, the editors, staff). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.members.categories, {
        signal,
        errorMessage: 'Failed to load categories',
      }),
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
