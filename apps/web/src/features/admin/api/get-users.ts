import type { UserList } from '@chamber/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';
import { PAGE_SIZE } from '../lib/pagination';
import { adminKeys, type UserListFilters } from './admin-keys';

/** GET /admin/users (docs/product.md#api-calls Admin): one page of logins, newest first. */
export function getUsers({ search, role, status, page }: UserListFilters, signal?: AbortSignal) {
  return api.call(endpoints.admin.listUsers, {
    query: {
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE,
      search: search || undefined,
      role: role === 'all' ? undefined : role,
      status: status === 'all' ? undefined : status,
    },
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
