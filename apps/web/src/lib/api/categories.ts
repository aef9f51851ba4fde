import type { CategoryTree } from '@chamber/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /categories: the directory's category tree (the directory, the editors, staff). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) =>
      api.get<CategoryTree>('/categories', { signal, errorMessage: 'Failed to load categories' }),
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
