import type { QueryClient } from '@tanstack/react-query';
import { memberKeys } from '@/lib/api/members';
import { adminKeys } from './admin-keys';

/**
 * After any change: the table, counts and audit log refetch, and so does everything
 * member-shaped, since names, business, tier and status show in the directory too.
 */
export function invalidateAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  ]);
}
