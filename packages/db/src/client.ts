import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The driver under the ORM, for work below it (cursors, a session of its own). */
export type { Pool, PoolClient } from 'pg';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: query functions accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DbHandle {
  db: Database;
  /** The connection pool the ORM runs on. */
  pool: pg.Pool;
  close: () => Promise<void>;
}

/** What the pool reports that no query is waiting for: a connection lost while idle. */
export type PoolErrorListener = (err: Error) => void;

const names = new Map<string, string>();

/** A statement's name: the same text always gets the same name, on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    // The texts are the program's own (values travel as parameters), so the map stays small;
    // the bound only matters if something ever builds texts from data.
    if (names.size >= 10_000) names.clear();
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
const baseConnect = pg.Client.prototype.connect as (
  callback?: (err: Error | null) => void,
) => Promise<void> | undefined;

const CONNECTION_FAILURE = Symbol.for('chamber.db.connectionFailure');

function markConnectionFailure<T>(err: T): T {
  if (typeof err === 'object' && err !== null && !(CONNECTION_FAILURE in err)) {
    Object.defineProperty(err, CONNECTION_FAILURE, { value: true });
  }
  return err;
}

/**
 * Whether the driver gave `err` for a connection that could not be opened or was lost (the
 * server unreachable, restarting, refusing us), rather than for what a query asked.
 */
export function isConnectionFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && CONNECTION_FAILURE in err;
}

/**
 * A connection on which every query is a named prepared statement: PostgreSQL parses and
 * plans it once per connection, and each later call is one Bind/Execute round trip. drizzle
 * names only the queries it is asked to prepare, and an unnamed parameterised query costs a
 * parse and a plan every time, which tripled the cost of a short query. Lists of values go in
 * as one array parameter (`= any(...)`), so the texts, and with them the prepared statements
 * per connection, stay few. A text without parameters that holds a semicolon may be several
 * statements (a migration), which the extended protocol refuses; those run unnamed.
 */
class PreparingClient extends pg.Client {
  /** The pool's release of the current checkout; undefined while the client is idle in the pool. */
  private giveBack: ((err?: Error | boolean) => void) | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection that dies while checked out emits 'error' with no pool listener attached,
    // which would end the process. The error is emitted before the queries waiting on the
    // connection are failed with it, so they see the mark.
    this.on('error', (err: Error) => {
      markConnectionFailure(err);
      // Gone for good: back to the pool, which closes it. drizzle's transaction would never
      // give it back when its `begin` fails (it runs outside the try that releases), and each
      // such client would hold a place in the pool for ever; a holder that releases it later
      // finds that a no-op.
      this.release(err);
    });
  }

  /** pg-pool sets this at each checkout; a second call, which pg-pool would throw on, is ignored. */
  get release(): (err?: Error | boolean) => void {
    return (err) => {
      const giveBack = this.giveBack;
      this.giveBack = undefined;
      giveBack?.(err);
    };
  }

  set release(fn: (err?: Error | boolean) => void) {
    this.giveBack = fn;
  }
}

PreparingClient.prototype.connect = function connect(
  this: pg.Client,
  callback?: (err: Error | null) => void,
) {
  if (callback) {
    return baseConnect.call(this, (err) => callback(err ? markConnectionFailure(err) : err));
  }
  return baseConnect.call(this)!.catch((err: unknown) => {
    throw markConnectionFailure(err);
  });
} as typeof pg.Client.prototype.connect;

PreparingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  if (typeof first === 'string') {
    const values = Array.isArray(args[1]) ? args[1] : [];
    if (values.length > 0 || !first.includes(';')) {
      args[0] = { text: first, name: statementName(first) };
    }
  } else if (typeof first === 'object' && first !== null) {
    const config = first as QueryConfigLike;
    const values = Array.isArray(args[1])
      ? args[1]
      : Array.isArray(config.values)
        ? config.values
        : [];
    if (
      typeof config.text === 'string' &&
      config.name === undefined &&
      typeof config.submit !== 'function' &&
      (values.length > 0 || !config.text.includes(';'))
    ) {
      args[0] = { ...config, name: statementName(config.text) };
    }
  }
  return baseQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

export interface ConnectOptions {
  max?: number;
  /** Told about connections lost while idle (the pool replaces them); they never end the process. */
  onPoolError?: PoolErrorListener;
}

/** How long a query waits for a connection before it fails (and the request answers 503). */
export const CONNECT_TIMEOUT_MS = 5_000;

export function connect(url: string, options: ConnectOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    Client: PreparingClient,
    // While the database is away, requests fail within this time instead of queueing for ever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // Notices a peer that vanished without closing the connection (a host gone, not a restart).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Without a listener, an idle connection the server closes (a restart, a shutdown, a kill)
  // would end the process.
  pool.on('error', options.onPoolError ?? (() => {}));
  const db = drizzle({ client: pool, schema });
  return { db, pool, close: () => pool.end() };
}
