// The embedded PostgreSQL under DATA_DIR: it survives a hard crash of the portal, its
// superuser has a password of its own, and only the portal's user can reach it.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type EmbeddedCluster, passwordFileOf, startEmbeddedPostgres } from '@chamber/db';
import {
  freePort,
  isAlive,
  postmasterStatus,
  startServerProcess,
  stopServerProcess,
} from './test/server-process.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dir: string, options: Parameters<typeof startEmbeddedPostgres>[1] = {}) {
  const cluster = await startEmbeddedPostgres(dir, options);
  cleanup.push(() => cluster.stop());
  return cluster;
}

/** Connects with `password` instead of the cluster's own; resolves with the error code, if any. */
async function tryPassword(cluster: EmbeddedCluster, password: string) {
  const url = new URL(cluster.adminUrl);
  url.password = password;
  const handle = connect(url.toString(), { max: 1 });
  try {
    await handle.pool.query('select 1');
    return 'connected';
  } catch (err) {
    return (err as { code?: string }).code;
  } finally {
    await handle.close();
  }
}

async function query<T>(cluster: EmbeddedCluster, text: string): Promise<T[]> {
  const handle = connect(cluster.adminUrl, { max: 1 });
  try {
    return (await handle.pool.query(text)).rows as T[];
  } finally {
    await handle.close();
  }
}

function tcpRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe('the superuser password', () => {
  it('is random per data folder, kept in a file only its owner may read; the old default no longer opens it', async () => {
    const dir = path.join(await tempDir('chamber-pw-'), 'pg');
    const cluster = await start(dir);
    const file = passwordFileOf(dir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(new URL(cluster.adminUrl).password).toBe(password);
    expect(await tryPassword(cluster, password)).toBe('connected');
    expect(await tryPassword(cluster, 'postgres')).toBe('28P01');

    const other = await start(path.join(await tempDir('chamber-pw-'), 'pg'));
    expect(new URL(other.adminUrl).password).not.toBe(password);
  }, 60_000);

  it('replaces the old default of a data folder made before, on its next start, and says so', async () => {
    const dir = path.join(await tempDir('chamber-pw-old-'), 'pg');
    // A data folder as earlier versions left it: the superuser's password is "postgres" and
    // there is no password file.
    const first = await start(dir);
    await query(first, `alter role postgres password 'postgres'`);
    await first.stop();
    await rm(passwordFileOf(dir));

    const lines: string[] = [];
    const cluster = await start(dir, { report: (line) => lines.push(line) });
    expect(lines).toContain(
      `the embedded database's superuser now has its own password, kept in ${passwordFileOf(dir)}`,
    );
    expect((await stat(passwordFileOf(dir))).mode & 0o777).toBe(0o600);
    const password = (await readFile(passwordFileOf(dir), 'utf8')).trim();
    expect(await tryPassword(cluster, password)).toBe('connected');
    expect(await tryPassword(cluster, 'postgres')).toBe('28P01');

    // And on the start after that, nothing more to do.
    await cluster.stop();
    const again: string[] = [];
    const restarted = await start(dir, { report: (line) => again.push(line) });
    expect(again.filter((l) => l.includes('password'))).toEqual([]);
    expect(await tryPassword(restarted, password)).toBe('connected');
  }, 60_000);
});

describe('the way in', () => {
  it('is a Unix socket inside the data folder; nothing listens on TCP', async () => {
    const dir = path.join(await tempDir('chamber-socket-'), 'pg');
    const port = await freePort();
    const cluster = await start(dir, { port });
    const url = new URL(cluster.adminUrl);
    expect(url.searchParams.get('host')).toBe(dir);
    expect(await query(cluster, 'show listen_addresses')).toEqual([{ listen_addresses: '' }]);
    expect(await tcpRefused(port)).toBe(true);
    // The socket's folder is the data folder: no one but its owner may enter it.
    expect((await stat(dir)).mode & 0o077).toBe(0);
    expect((await stat(path.join(dir, `.s.PGSQL.${port}`))).isSocket()).toBe(true);
  }, 60_000);

  it('is TCP on 127.0.0.1 when the socket path would be too long, and the log says why', async () => {
    const base = await tempDir('chamber-long-');
    const dir = path.join(base, 'a-folder-name-long-enough-'.repeat(3), 'pg');
    const lines: string[] = [];
    const cluster = await start(dir, { report: (line) => lines.push(line) });
    expect(lines.some((l) => /longer than the 107 bytes .* listens on 127\.0\.0\.1/.test(l))).toBe(
      true,
    );
    const url = new URL(cluster.adminUrl);
    expect(url.hostname).toBe('127.0.0.1');
    expect(await query(cluster, 'show listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
  }, 60_000);
});

describe('after a hard crash of the portal', () => {
  it('the next start stops the database the killed portal left running, and comes up', async () => {
    const dataDir = await tempDir('chamber-orphan-');
    const clusterDir = path.join(dataDir, 'postgres');
    const first = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    const orphan = (await postmasterStatus(clusterDir))!.pid;
    cleanup.push(async () => isAlive(orphan) && process.kill(orphan, 'SIGINT'));
    first.process.kill('SIGKILL');
    await first.exit;
    // The database outlives the portal that started it and still holds the folder.
    expect(isAlive(orphan)).toBe(true);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    cleanup.push(() => stopServerProcess(second));
    expect(isAlive(orphan)).toBe(false);
    expect((await postmasterStatus(clusterDir))!.pid).not.toBe(orphan);
    const members = await fetch(`${second.url}/api/members?limit=1`);
    expect(members.status).toBe(200);
    // The demo chamber loaded before the crash is still there.
    expect((await members.json()).total).toBeGreaterThan(0);
  }, 120_000);

  it('a second start on a folder a running portal holds is refused, and the portal keeps its database', async () => {
    const dataDir = await tempDir('chamber-busy-');
    const clusterDir = path.join(dataDir, 'postgres');
    const portal = await startServerProcess({ DATA_DIR: dataDir });
    cleanup.push(() => stopServerProcess(portal));
    const running = (await postmasterStatus(clusterDir))!.pid;
    await expect(startEmbeddedPostgres(clusterDir)).rejects.toThrow(
      `the embedded database in ${clusterDir} is in use by process ${portal.process.pid} (a running portal or chamber command); stop it first, or use DATABASE_URL to share one database`,
    );
    expect(isAlive(running)).toBe(true);
    expect((await fetch(`${portal.url}/api/ready`)).status).toBe(200);
  }, 60_000);

  it('a start that fails says why in one line, never "undefined"', async () => {
    const dataDir = await tempDir('chamber-broken-');
    const cluster = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    await cluster.stop();
    // Files of a PostgreSQL version these binaries cannot read.
    await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '99\n');
    const server = await startServerProcess({ DATA_DIR: dataDir }).catch((err: Error) => err);
    expect(server).toBeInstanceOf(Error);
    const failure = /Failed to start:.*/.exec((server as Error).message)?.[0];
    expect(failure).toMatch(
      /^Failed to start: the embedded database in .*postgres did not start: database files are incompatible with server/,
    );
    expect(failure).not.toContain('undefined');
  }, 60_000);
});
