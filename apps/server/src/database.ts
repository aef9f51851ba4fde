import path from 'node:path';
import { connect, type DbHandle, runMigrations, startEmbeddedPostgres } from '@chamber/db';
import type { Config } from './config.js';

export interface OpenDatabase extends DbHandle {
  /** Where the data lives, for messages: the external URL without its password, or a folder. */
  description: string;
  /**
   * The connection URL, password included, for clients that open connections of their own
   * (the job queue). Never log it.
   */
  url: string;
}

const EMBEDDED_DB = 'chamber';

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under the data directory and
 * creates the database on first start. Pending migrations are applied either way.
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void = () => {},
): Promise<OpenDatabase> {
  let handle: DbHandle;
  let description: string;
  let url: string;
  let stopCluster: (() => Promise<void>) | undefined;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    handle = connect(url, { max: config.databasePoolSize });
    description = config.databaseUrl.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
  } else {
    const dir = path.join(config.dataDir, 'postgres');
    const cluster = await startEmbeddedPostgres(dir, { log });
    await cluster.createDatabase(EMBEDDED_DB);
    url = cluster.urlFor(EMBEDDED_DB);
    handle = connect(url, { max: config.databasePoolSize });
    description = `embedded PostgreSQL in ${dir}`;
    stopCluster = cluster.stop;
  }
  try {
    await runMigrations(handle.db);
  } catch (err) {
    await handle.close();
    await stopCluster?.();
    throw err;
  }
  return {
    ...handle,
    description,
    url,
    close: async () => {
      await handle.close();
      await stopCluster?.();
    },
  };
}
