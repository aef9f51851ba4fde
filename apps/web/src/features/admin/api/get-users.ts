import type { UserList } from '@chamber/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys, type UserListFilters } from './admin-keys';

/** GET /admin/users (docs/product.md#api-calls Admin): one page of logins, newest first. */
export function getUsers({ search, role, status, page }: UserListFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String(page * PAGE_SIZE),
  });
  if (search) params.set('search', search);
  if (role !== 'all') params.set('role', role);
  if (status !== 'all') params.set('status', status);
  return api.get<UserList>(`/admin/users?${params}`, {
    signal,
    errorMessage: 'Failed to fetch users',
  });
}

/** A page of users, with its number: while the next page loads, the last one stays shown. */
export interface UsersPage extends UserList {
  page: number;
}

export const usersQueryOptions = (filters: UserListFilters) =>
  queryOptions({
    queryKey: adminKeys.userList(filters),
    queryFn: ({ signal }): Promise<UsersPage> =>
      getUsers(filters, signal).then((list) => ({ ...list, page: filters.page })),
  });

/** One page of the user table; while another page or search loads, the last rows stay. */
export function useUsers(filters: UserListFilters) {
  return useQuery({ ...usersQueryOptions(filters), placeholderData: keepPreviousData });
}
