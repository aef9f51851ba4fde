import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.js';

/** The raw client under the ORM (COPY streams and the like). */
export type { Sql, TransactionSql } from 'postgres';

export type Database = PostgresJsDatabase<typeof schema>;
/** A database handle or an open transaction: query functions accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DbHandle {
  db: Database;
  sql: postgres.Sql;
  close: () => Promise<void>;
}

type Client = postgres.Sql | postgres.TransactionSql;

/**
 * The client as drizzle sees it, with every query a prepared statement. drizzle runs its
 * queries unprepared, and postgres.js then asks the server for the parameter types before
 * every parameterised query: two round trips and a fresh plan each time, which tripled the
 * cost of a short query. Prepared, a statement is parsed once per connection and each later
 * call is one round trip. Lists of values go in as one array parameter (`= any(...)`), so
 * the statement text, and with it the number of prepared statements, stays fixed.
 */
function preparedClient<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, params?: never[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const method = Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown;
          return method.call(target, ...args, (tx: postgres.TransactionSql) =>
            work(preparedClient(tx)),
          );
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

export function connect(url: string, options: { max?: number } = {}): DbHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Dates come back as Date objects; timestamps are always timestamptz.
  });
  const db = drizzle(preparedClient(sql), { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
