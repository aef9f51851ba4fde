/** Small rules about values as requests bring them. */

import { AppError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a path can name a row: anything else is answered 404 before a query
 * (PostgreSQL would refuse it as a uuid with an error, not an empty result).
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The 404 answer for a row a request names that is not there (or not the viewer's to see). */
export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found`);

/**
 * The row a path's id names, or `notFound(what)`: an id that is not a uuid is refused without
 * a query, like one that names nothing.
 */
export async function findById<T>(
  id: string,
  what: string,
  find: (id: string) => Promise<T | undefined>,
): Promise<T> {
  const row = isUuid(id) ? await find(id) : undefined;
  if (!row) throw notFound(what);
  return row;
}
