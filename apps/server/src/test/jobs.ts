import { asc } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import type { Database } from '@chamber/db';
import type { JobDefinition } from '../background/definition.js';
import { type JobRun, type JobRunState, listJobRuns } from '../background/history.js';
import {
  JOB_SCHEMA,
  type JobLog,
  JobRunner,
  type JobRunnerOptions,
  type JobTiming,
} from '../background/runner.js';

/** The runner's timing at its shortest, so tests wait seconds rather than minutes. */
export const FAST: JobTiming = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  maintenanceIntervalSeconds: 1,
};

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

/** A log that keeps its lines for the test to read. */
export function recordingLog(): JobLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (details: object, message: string): void => {
      lines.push({ level, details: details as Record<string, unknown>, message });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A runner on the test's database with the short timing and a recording log. */
export function startRunner(
  options: Omit<JobRunnerOptions, 'log'> & { log?: JobLog },
): Promise<JobRunner> {
  return JobRunner.start({
    log: recordingLog(),
    ...options,
    timing: { ...FAST, ...options.timing },
  });
}

/** Waits until the run is in one of `states` (by default finished either way) and returns it. */
export async function waitForRun(
  db: Database,
  id: string,
  states: JobRunState[] = ['completed', 'failed'],
  timeoutMs = 20_000,
): Promise<JobRun> {
  const deadline = Date.now() + timeoutMs;
  let last: JobRun | undefined;
  for (;;) {
    last = (await listJobRuns(db, { limit: 1000 }))?.find((r) => r.id === id);
    if (last && states.includes(last.state)) return last;
    if (Date.now() > deadline) {
      throw new Error(`run ${id} is ${last?.state ?? 'missing'}, not ${states.join(' or ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A job a process takes and then dies in the middle of (test/job-process.ts): it is taken as
 * lost 2 seconds after it started, and has one retry.
 */
export const STUCK_JOB = {
  name: 'stuck-job',
  retryLimit: 1,
  retryDelaySeconds: 0,
  expireInSeconds: 2,
} as const;

/** A promise with its resolve, for work a test holds open and lets go. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** A job for a test: no retries unless asked. */
export function testJob(
  name: string,
  run: JobDefinition['run'],
  overrides: Partial<Omit<JobDefinition, 'name' | 'run'>> = {},
): JobDefinition {
  return { name, retryLimit: 0, retryDelaySeconds: 0, expireInSeconds: 60, run, ...overrides };
}

const schedule = pgSchema(JOB_SCHEMA).table('schedule', {
  name: text('name').notNull(),
  cron: text('cron').notNull(),
  timezone: text('timezone'),
});

/** The schedules in the queue, read from its table (as another process would see them). */
export const schedulesIn = (db: Database) =>
  db
    .select({ name: schedule.name, cron: schedule.cron, timezone: schedule.timezone })
    .from(schedule)
    .orderBy(asc(schedule.name));
