// Starts the production build on a fresh embedded database, seeded at a given scale, and
// stops it again. Only the processes started here are ever signalled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's own node flags, as the Dockerfile's CMD and `npm start` give them. */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=16'];

/**
 * The C library's setting the container image gives the server (docs/operator/operations.md,
 * Memory): blocks of 32 kB and more are mapped on their own and handed back when freed
 * (decisions 48 and 165).
 */
export const SERVER_ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * @param {{ scale?: number, port: number, app?: string, nodeArgs?: string[],
 *   env?: Record<string, string>, log?: (line: string) => void, readyWithinMs?: number }} options
 *   `scale` undefined loads the demo chamber only; `app` is the checkout whose build runs
 *   (this one by default; another, built, to measure an earlier state); `nodeArgs` go to the
 *   server's node (e.g. --cpu-prof); `env` is added to the server's environment. `dataDir`:
 *   a data folder of its own that outlives the run, seeded only when it holds no database yet
 *   (to measure several builds on the same data without seeding each time).
 */
export async function startPortal({
  scale,
  port,
  app = root,
  nodeArgs = [],
  env: extraEnv = {},
  log = console.log,
  readyWithinMs = 60_000,
  dataDir: keptDataDir,
}) {
  const serverJs = path.join(app, 'apps/server/dist/server.js');
  const cliJs = path.join(app, 'apps/server/dist/cli.js');
  const dataDir = keptDataDir
    ? path.resolve(keptDataDir)
    : path.join(os.tmpdir(), `chamber-bench-${process.pid}-${port}`);
  const seeded = keptDataDir !== undefined && existsSync(path.join(dataDir, 'postgres'));
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    NODE_ENV: 'production',
    // The log as a deployment has it (a line per request at info), written to a file.
    ...extraEnv,
  };

  const seedArgs = [cliJs, 'seed', ...(scale === undefined ? [] : ['--scale', String(scale)])];
  const seedStarted = Date.now();
  if (!seeded) {
    const seed = spawnSync(process.execPath, seedArgs, { cwd: app, env, encoding: 'utf8' });
    if (seed.status !== 0) {
      throw new Error(`seeding failed (exit ${seed.status ?? seed.signal}):\n${seed.stderr}`);
    }
    for (const line of seed.stdout.split('\n')) if (/scale|contacts:/.test(line)) log(line.trim());
  } else log(`reusing the data seeded in ${dataDir}`);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const serverEnv = { ...env, ...extraEnv };
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverJs], {
    cwd: app,
    env: serverEnv,
    stdio: ['ignore', openSync(path.join(dataDir, 'server.log'), 'a'), 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await waitUntilReady(url, exited, readyWithinMs).catch((err) => {
    // Not ready in time: the process started here does not outlive the run.
    server.kill('SIGTERM');
    throw err;
  });
  log(`portal ready at ${url} (pid ${server.pid})`);

  return {
    url,
    pid: /** @type {number} */ (server.pid),
    dataDir,
    /** Resolves when the server process ends, for whatever reason. */
    exited,
    seedSeconds,
    /** The server's environment, for starting it again on the same data (`restartServer`). */
    serverEnv,
    app,
    /** Stops the server (it stops its database) and removes the data folder (unless kept). */
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the server of `portal` again on its data (after it was killed), as the first start
 * did; answers once it is ready. The caller stops it (`child.kill`).
 */
export async function restartServer(portal, readyWithinMs = 180_000) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(portal.app, 'apps/server/dist/server.js')],
    {
      cwd: portal.app,
      env: portal.serverEnv,
      stdio: ['ignore', openSync(path.join(portal.dataDir, 'server.log'), 'a'), 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitUntilReady(portal.url, exited, readyWithinMs).catch((err) => {
    child.kill('SIGTERM');
    throw err;
  });
  return { pid: /** @type {number} */ (child.pid), exited, child };
}

/** Polls /api/ready until it answers 200, the server exits, or `withinMs` pass. */
async function waitUntilReady(url, exited, withinMs) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the server exited during start-up');
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become ready within ${withinMs / 1000} s`);
}

/** Exits with a line naming what to run when a file of the build (relative to `app`) is missing. */
export function requireBuilt(files, app = root) {
  for (const built of files) {
    if (!existsSync(path.join(app, built))) {
      console.error(
        `${path.join(app, built)} is missing: run the build first (npx pnpm@10 run build).`,
      );
      process.exit(1);
    }
  }
}

/** A free TCP port on loopback. */
export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
