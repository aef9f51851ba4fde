/** Small rules about values as requests bring them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a path can name a row: anything else is answered 404 before a query
 * (PostgreSQL would refuse it as a uuid with an error, not an empty result).
 */
export const isUuid = (value: string): boolean => UUID.test(value);
