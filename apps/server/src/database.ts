import path from 'node:path';
import { connect, type DbHandle, runMigrations, startEmbeddedPostgres } from '@chamber/db';
import type { Config } from './config.js';
import { describeError, isDatabaseUnavailable } from './lib/db-errors.js';

export interface OpenDatabase extends DbHandle {
  /** Where the data lives, for messages: the external URL without its password, or a folder. */
  description: string;
  /**
   * The connection URL, password included, for clients that open connections of their own
   * (the job queue). Never log it.
   */
  url: string;
}

/** What happens to the database worth telling the operator: restarts, lost connections. */
export type DatabaseReport = (message: string, level: 'info' | 'warn') => void;

const EMBEDDED_DB = 'chamber';

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under the data directory and
 * creates the database on first start. Pending migrations are applied either way. The
 * embedded server is restarted if it dies while we run; an external one is waited for (each
 * request meanwhile answers 503).
 */
export async function openDatabase(
  config: Config,
  options: { report?: DatabaseReport; postgresLog?: (line: string) => void } = {},
): Promise<OpenDatabase> {
  const report = options.report ?? (() => {});
  let url: string;
  let description: string;
  let stopCluster: (() => Promise<void>) | undefined;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    description = config.databaseUrl.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
  } else {
    const dir = path.join(config.dataDir, 'postgres');
    const cluster = await startEmbeddedPostgres(dir, {
      report,
      ...(options.postgresLog ? { log: options.postgresLog } : {}),
    });
    stopCluster = cluster.stop;
    try {
      await cluster.createDatabase(EMBEDDED_DB);
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    url = cluster.urlFor(EMBEDDED_DB);
    description = `embedded PostgreSQL in ${dir}`;
  }
  const handle = connect(url, {
    max: config.databasePoolSize,
    onPoolError: (err) => report(`a database connection was lost: ${describeError(err)}`, 'warn'),
  });
  try {
    await runMigrations(handle.db);
  } catch (err) {
    await handle.close();
    await stopCluster?.();
    if (isDatabaseUnavailable(err)) {
      throw new Error(`cannot reach the database (${description}): ${describeError(err)}`);
    }
    throw err;
  }
  return {
    ...handle,
    url,
    description,
    close: async () => {
      await handle.close();
      await stopCluster?.();
    },
  };
}
