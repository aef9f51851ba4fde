import type { Executor } from '@chamber/db';

interface Runnable<Params, Result> {
  execute(params: Params): Promise<Result>;
}

/**
 * A query drizzle builds once per database handle and afterwards only runs, with its values
 * given as placeholders. Building a select over a wide table walks every column and costs
 * drizzle more CPU than PostgreSQL needs to answer it, which on the paths every request takes
 * (the session, a member, the data version) was most of the request's cost. Inside a
 * transaction, a new handle each time, the query is built for that transaction.
 */
export function reusableQuery<Params extends Record<string, unknown>, Result>(
  build: (db: Executor) => Runnable<Params, Result>,
): (db: Executor, params: Params) => Promise<Result> {
  const built = new WeakMap<Executor, Runnable<Params, Result>>();
  return (db, params) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query.execute(params);
  };
}
