import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '@chamber/db';
import { createTestDatabase } from '../test/app.js';
import { gate, recordingLog, startRunner, STUCK_JOB, testJob, waitForRun } from '../test/jobs.js';
import { listJobRuns } from './history.js';
import type { JobRunner, JobRunnerOptions } from './runner.js';

// test/job-process.ts, bundled once for the run (test/bundle.ts).
const jobProcess = inject('processBundles').jobProcess;
const serverPackage = fileURLToPath(new URL('../..', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let running: JobRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.map((r) => r.stop()));
  running = [];
});
afterAll(() => database.close());

async function start(
  options: Omit<JobRunnerOptions, 'url' | 'db' | 'log'> & Partial<JobRunnerOptions>,
) {
  const runner = await startRunner({ url: database.url, db: database.db, ...options });
  running.push(runner);
  return runner;
}

const runOf = async (id: string) =>
  (await listJobRuns(database.db, { limit: 1000 }))!.find((r) => r.id === id);

describe('two portal processes on one database', () => {
  it('run a scheduled job once per time it is due', async () => {
    const runs: string[] = [];
    const everyMinute = testJob('count-runs', async ({ jobId }) => void runs.push(jobId), {
      cron: '* * * * *',
    });
    // Each minute is due once; start early in a minute so that only one is watched.
    const second = new Date().getUTCSeconds();
    if (second > 40) await sleep((61 - second) * 1000);
    await Promise.all([
      start({ definitions: [everyMinute] }),
      start({ definitions: [everyMinute] }),
    ]);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(1);
    // Both processes check the schedule every second; five more checks each queue nothing.
    await sleep(5_000);
    expect(runs).toHaveLength(1);
    expect(await runOf(runs[0]!)).toMatchObject({ name: 'count-runs', state: 'completed' });
  }, 60_000);

  it('share queued runs and never run one twice', async () => {
    const seen = new Map<string, number>();
    const job = testJob('share-work', async ({ jobId }) => {
      seen.set(jobId, (seen.get(jobId) ?? 0) + 1);
      await sleep(50);
    });
    const [a] = await Promise.all([start({ definitions: [job] }), start({ definitions: [job] })]);
    const ids = await Promise.all(Array.from({ length: 12 }, () => a!.send('share-work')));
    for (const id of ids) expect(await waitForRun(database.db, id)).toMatchObject({ attempts: 1 });
    expect([...seen.keys()].sort()).toEqual([...ids].sort());
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);
});

describe('a run that fails', () => {
  it('is retried as its job says, then recorded as failed with its error', async () => {
    let attempts = 0;
    const log = recordingLog();
    const runner = await start({
      log,
      definitions: [
        testJob(
          'always-fails',
          async () => {
            attempts += 1;
            throw new Error('the mail server said no');
          },
          { retryLimit: 1 },
        ),
        testJob('works', async () => ({ sent: 1 })),
      ],
    });
    const failing = await runner.send('always-fails');
    const working = await runner.send('works');
    expect(await waitForRun(database.db, failing)).toMatchObject({
      name: 'always-fails',
      state: 'failed',
      attempts: 2,
      error: 'the mail server said no',
    });
    expect(attempts).toBe(2);
    expect(await waitForRun(database.db, working)).toMatchObject({
      state: 'completed',
      error: null,
      output: { sent: 1 },
    });
    const failed = (await listJobRuns(database.db, { failed: true }))!.map((r) => r.id);
    expect(failed).toContain(failing);
    expect(failed).not.toContain(working);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'job failed',
        details: expect.objectContaining({ job: 'always-fails', jobId: failing }),
      }),
    );
  });
});

describe('stopping', () => {
  it('lets a run in progress finish first', async () => {
    const started = gate();
    const runner = await start({
      definitions: [
        testJob('slow', async () => {
          started.open();
          await sleep(1_500);
          return { done: true };
        }),
      ],
    });
    const id = await runner.send('slow');
    await started.promise;
    await runner.stop();
    expect(await runOf(id)).toMatchObject({ state: 'completed', output: { done: true } });
  });

  it('gives a run still going at the time limit back to the queue for a retry', async () => {
    const started = gate();
    const never = gate();
    const runner = await start({
      stopTimeoutMs: 1_000,
      definitions: [
        testJob(
          'endless',
          async () => {
            started.open();
            await never.promise;
          },
          { retryLimit: 1 },
        ),
      ],
    });
    const id = await runner.send('endless');
    await started.promise;
    await runner.stop();
    expect(await runOf(id)).toMatchObject({ state: 'retry', attempts: 1 });
    never.open();
  });
});

describe('a process that dies in the middle of a run', () => {
  it('loses no job: the run is taken up again by a process still alive', async () => {
    const child = spawn(process.execPath, [jobProcess, database.url], {
      cwd: serverPackage,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const id = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /started (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      setTimeout(() => reject(new Error(`no run started: ${output}`)), 30_000);
    });
    child.kill('SIGKILL');
    await once(child, 'exit');

    const ran: string[] = [];
    await start({
      definitions: [{ ...STUCK_JOB, run: async ({ jobId }) => void ran.push(jobId) }],
    });
    expect(await waitForRun(database.db, id)).toMatchObject({ state: 'completed', attempts: 2 });
    expect(ran).toEqual([id]);
  }, 60_000);

  it('survives losing the database in the middle of a run, and the run is retried', async () => {
    const started = gate();
    const release = gate();
    let attempts = 0;
    const log = recordingLog();
    const runner = await start({
      log,
      definitions: [
        testJob(
          'outlives-outage',
          async () => {
            attempts += 1;
            if (attempts === 1) {
              started.open();
              await release.promise;
            }
            return { attempt: attempts };
          },
          { retryLimit: 1, expireInSeconds: 2 },
        ),
      ],
    });
    const id = await runner.send('outlives-outage');
    await started.promise;
    // The queue's connections are cut and no new one is let in while the run finishes, so
    // recording its end fails.
    const name = new URL(database.url).pathname.slice(1);
    const admin = connect(inject('pgAdminUrl'), { max: 1 });
    await admin.pool.query(`alter database "${name}" allow_connections false`);
    try {
      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'chamber-jobs'`);
      release.open();
      await expect
        .poll(
          () =>
            log.lines.some(
              (l) =>
                l.message === 'job queue error' &&
                (l.details.err as { queue?: string }).queue === 'outlives-outage',
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await admin.pool.query(`alter database "${name}" allow_connections true`);
      await admin.close();
    }
    expect(await waitForRun(database.db, id)).toMatchObject({
      state: 'completed',
      attempts: 2,
      output: { attempt: 2 },
    });
  }, 60_000);
});
