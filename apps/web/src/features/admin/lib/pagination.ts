import { ADMIN_USERS_PAGE_SIZE } from '@chamber/contract';

/** Admin lists are offset-paged, 25 a page (docs/product.md#constants). */
export const PAGE_SIZE = ADMIN_USERS_PAGE_SIZE;

/** Previous and Next show only when the total exceeds one page (docs/product.md#screens User Management). */
export const needsPager = (total: number, pageSize = PAGE_SIZE) => total > pageSize;

export const pageCount = (total: number, pageSize = PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * The page to show: never past the last one, so deleting the only user of the last page
 * falls back to the page before it rather than an empty table.
 */
export const clampPage = (page: number, total: number, pageSize = PAGE_SIZE) =>
  Math.max(0, Math.min(page, pageCount(total, pageSize) - 1));

/** A noun's singular and plural, e.g. `['user', 'users']`. */
export type Noun = readonly [one: string, other: string];

/** 'Showing 26 to 50 of 61 users' for the zero-based `page` holding `count` rows. */
export function pageSummary({
  page,
  count,
  total,
  noun = ['user', 'users'],
  pageSize = PAGE_SIZE,
}: {
  page: number;
  count: number;
  total: number;
  noun?: Noun;
  pageSize?: number;
}): string {
  const offset = page * pageSize;
  const from = count === 0 ? 0 : offset + 1;
  const to = offset + count;
  return `Showing ${from} to ${to} of ${total} ${total === 1 ? noun[0] : noun[1]}`;
}
