import { endpoints } from '@chamber/contract/endpoints';
import { MEMBERS_PAGE_SIZE, type MemberList, type MemberSort, type Role } from '@chamber/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { memberKeys } from '@/lib/api/members';

export interface MemberListFilters {
  search: string;
  /** Honoured by the server for admins only. */
  role: Role | null;
  sort: MemberSort;
  /** Only the businesses open now (the /members/open-now page); absent for all. */
  openNow?: true;
  /** Only the businesses of a category and its subcategories (/members/category/{slug}). */
  category?: string;
  /** The map's view, `w,s,e,n`: only the listings with a pin in it (absent: everywhere). */
  bounds?: string;
  /** `lat,lng`: nearest first (the visitor's 'Near me'). */
  near?: string;
}

/** The filters of a directory page; `openNow` and `category` are in the key only when set. */
export function directoryFilters(
  filters: Omit<MemberListFilters, 'openNow' | 'category'>,
  openNow: boolean,
  category?: string | null,
): MemberListFilters {
  const withOpen: MemberListFilters = openNow ? { ...filters, openNow: true } : filters;
  return category ? { ...withOpen, category } : withOpen;
}

interface PageRequest extends Partial<MemberListFilters> {
  offset: number;
  limit?: number;
  /** Asks the server for fresh data rather than anything it cached. */
  refresh?: boolean;
}

/** GET /members (docs/product.md#api-calls): one page of active members. */
export function getMembers(
  {
    offset,
    limit = MEMBERS_PAGE_SIZE,
    search,
    role,
    sort,
    refresh,
    openNow,
    category,
    bounds,
    near,
  }: PageRequest,
  signal?: AbortSignal,
) {
  // Empty filters are left out of the query.
  return api.call(endpoints.members.directory, {
    query: {
      source: 'MembersPage',
      limit,
      offset,
      search: search || undefined,
      role: role ?? undefined,
      sort: sort || undefined,
      refresh: refresh || undefined,
      openNow: openNow || undefined,
      category: category || undefined,
      bounds: bounds || undefined,
      near: near || undefined,
    },
    signal,
    errorMessage: 'Failed to load members',
  });
}

/**
 * The offset of the directory's `?page=N` (pages of MEMBERS_PAGE_SIZE, from 1): 0 for the
 * first page or anything that is not a page number.
 */
export function directoryOffset(page: string | null | undefined): number {
  const n = /^[1-9]\d{0,4}$/.test(page ?? '') ? Number(page) : 1;
  return (n - 1) * MEMBERS_PAGE_SIZE;
}

/**
 * The directory's pages, from `from` (the offset of its `?page=N`; in the key only past the
 * first page). `refreshing` is read when a page is fetched, so a refetch started by the
 * refresh button asks for `refresh=true` on every page it reloads.
 */
export const membersInfiniteQueryOptions = (
  filters: MemberListFilters,
  refreshing: () => boolean = () => false,
  from = 0,
) =>
  infiniteQueryOptions({
    queryKey:
      from > 0 ? [...memberKeys.lists(), filters, { from }] : [...memberKeys.lists(), filters],
    queryFn: ({ pageParam, signal }) =>
      getMembers({ ...filters, offset: pageParam, refresh: refreshing() }, signal),
    initialPageParam: from,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.hasMore ? lastOffset + lastPage.members.length : undefined,
  });

/** The directory's pages; while a new search loads, the previous results stay on screen. */
export function useMembers(filters: MemberListFilters, refreshing?: () => boolean, from = 0) {
  return useInfiniteQuery({
    ...membersInfiniteQueryOptions(filters, refreshing, from),
    placeholderData: keepPreviousData,
  });
}

/** How many active members there are in all, for 'Showing X of N members'. */
export const memberCountQueryOptions = () =>
  queryOptions({
    queryKey: [...memberKeys.lists(), 'count'],
    queryFn: ({ signal }) => getMembers({ offset: 0, limit: 1 }, signal).then((r) => r.total),
  });

export function useMemberCount(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...memberCountQueryOptions(),
    enabled,
    // Until it answers, an unfiltered list already loaded knows the count.
    placeholderData: () => {
      const lists = queryClient.getQueriesData<InfiniteData<MemberList>>({
        queryKey: memberKeys.lists(),
      });
      for (const [key, data] of lists) {
        const filters = key[2] as Partial<MemberListFilters> | string | undefined;
        if (
          typeof filters !== 'object' ||
          filters.search ||
          filters.role ||
          filters.openNow ||
          filters.category ||
          filters.bounds
        ) {
          continue;
        }
        const total = data?.pages?.[0]?.total;
        if (total !== undefined) return total;
      }
      return undefined;
    },
  });
}
