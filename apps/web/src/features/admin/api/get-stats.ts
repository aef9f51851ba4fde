import type { AdminStats } from '@chamber/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';

/** GET /admin/stats (spec §7 Admin): counts by status, role and membership tier. */
export function getStats(signal?: AbortSignal) {
  return api.get<AdminStats>('/admin/stats', {
    signal,
    errorMessage: 'Failed to fetch statistics',
  });
}

export const statsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
