import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const serverPackage = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exit: Promise<number | null>;
  /** Everything it printed so far. */
  output: () => string;
}

/**
 * The server from source in a process of its own (node running the bundle of the run,
 * test/bundle.ts, so signals reach it directly), resolved once it says it is running; rejected
 * with its output if it exits first.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [inject('processBundles').server], {
    cwd: serverPackage,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close' rather than 'exit': by then everything it wrote has been read.
  const exit = once(child, 'close').then(([code]) => code as number | null);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Chamber portal is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => reject(new Error(`server exited ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
  });
  return { url: `http://127.0.0.1:${port}`, port, process: child, exit, output: () => output };
}

/** Stops a server process with SIGTERM (it stops its embedded database), waits for it and answers its exit code. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGTERM');
  }
  return server.exit;
}

/** The postmaster.pid of an embedded cluster: its process id and state ("ready", "starting"...). */
export async function postmasterStatus(
  databaseDir: string,
): Promise<{ pid: number; status: string } | undefined> {
  try {
    const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    return { pid: Number(lines[0]), status: (lines[7] ?? '').trim() };
  } catch {
    return undefined;
  }
}

/** Whether a process runs: it exists (signal 0 checks without signalling) and is no zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true;
  }
}
