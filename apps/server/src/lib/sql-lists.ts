import { type Column, type SQL, sql } from 'drizzle-orm';

/** A PostgreSQL array literal: every element quoted, so any text is safe in it. */
function arrayLiteral(values: readonly (string | Date)[]): string {
  const items = values.map((v) => {
    const text = v instanceof Date ? v.toISOString() : v;
    return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  });
  return `{${items.join(',')}}`;
}

/**
 * `column = any($1::type[])`: the list is one parameter, so the statement reads the same for
 * any number of values and stays one prepared statement (drizzle's inArray writes one
 * placeholder per value, a new statement for every length).
 */
export function isAnyOf(
  column: Column | SQL,
  values: readonly (string | Date)[],
  type: 'uuid' | 'text' | 'timestamptz',
): SQL {
  return sql`${column} = any(${sql.param(arrayLiteral(values))}::${sql.raw(type)}[])`;
}

/** `$1::text[]`: a list of texts as one parameter (for `unnest`). */
export const textArray = (values: readonly string[]): SQL =>
  sql`${sql.param(arrayLiteral(values))}::text[]`;
