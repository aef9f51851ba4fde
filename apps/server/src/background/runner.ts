import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '@chamber/db';
import { type Clock, systemClock } from '../lib/clock.js';
import type { MailDelivery } from '../lib/mail/delivery.js';
import type { JobDefinition } from './definition.js';
import { jobDefinitions } from './registry.js';

/** The schema pg-boss keeps its queue in, apart from ours (backups leave it out). */
export const JOB_SCHEMA = 'pgboss';

/** What the runner writes to the log: pino's logger fits. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often the runner looks at the queue; tests shorten these. */
export interface JobTiming {
  /** Each job's worker asks for work this often (seconds). */
  pollingIntervalSeconds: number;
  /** Schedules are checked this often, by one process at a time (seconds, at most 45). */
  cronMonitorIntervalSeconds: number;
  /** A due schedule becomes a job within this (seconds). */
  cronWorkerIntervalSeconds: number;
  /** Runs lost with their process are noticed, and old runs archived, this often (seconds). */
  maintenanceIntervalSeconds: number;
}

const defaultTiming: JobTiming = {
  pollingIntervalSeconds: 5,
  // A due time is acted on only within the minute after it, and a check counts only when the
  // last one (by any process) was more than this long ago, so a check may be skipped: at 30
  // seconds (pg-boss's default) two checks could be 60 seconds apart and miss a due time.
  cronMonitorIntervalSeconds: 20,
  cronWorkerIntervalSeconds: 5,
  maintenanceIntervalSeconds: 120,
};

// Any constant other than the migrations' lock (packages/db/src/migrate.ts).
const SETUP_LOCK = 727_412;

/** How long stop() lets a run in progress finish before giving it back to the queue. */
export const STOP_TIMEOUT_MS = 8_000;

/** Finished runs stay listed by `chamber jobs` this long. */
export const HISTORY_DAYS = 30;

export interface JobRunnerOptions {
  /** The database's URL: the queue opens a few connections of its own. */
  url: string;
  /** The portal's database, for the jobs' work. */
  db: Database;
  clock?: Clock;
  /** The portal's mail, for jobs that send some (the dues job). */
  mail?: MailDelivery;
  log: JobLog;
  definitions?: readonly JobDefinition[];
  timing?: Partial<JobTiming>;
  stopTimeoutMs?: number;
}

/**
 * Runs the portal's background jobs inside the portal process, on pg-boss: jobs are rows in
 * PostgreSQL, taken with FOR UPDATE SKIP LOCKED, so several processes on one database share
 * the work and never run one job twice; a schedule is turned into a job by one process at a
 * time, at most once a minute. A run whose process dies stays active until it expires, and is
 * then retried by whichever process is alive.
 */
export class JobRunner {
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobRunnerOptions,
  ) {}

  /** Sets the queue up (its own schema, created or migrated at the first start), schedules and works every job. */
  static async start(options: JobRunnerOptions): Promise<JobRunner> {
    const timing = { ...defaultTiming, ...options.timing };
    const boss = new PgBoss({
      connectionString: options.url,
      schema: JOB_SCHEMA,
      application_name: 'chamber-jobs',
      max: 3,
      ...timing,
      deleteAfterDays: HISTORY_DAYS,
    });
    // pg-boss reports a lost connection or a failed poll as an 'error' event, and an event
    // emitter without a listener throws it, which would end the process.
    boss.on('error', (err) => options.log.warn({ err }, 'job queue error'));
    const runner = new JobRunner(boss, options);
    try {
      // Setting a queue up creates its table, and two processes doing that for one queue at
      // once deadlock: processes starting together take turns.
      await options.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
        await boss.start();
        await runner.register(options.definitions ?? jobDefinitions, timing);
      });
    } catch (err) {
      await boss.stop({ graceful: false });
      throw err;
    }
    return runner;
  }

  private async register(definitions: readonly JobDefinition[], timing: JobTiming) {
    for (const definition of definitions) {
      const queue = {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        expireInSeconds: definition.expireInSeconds,
      };
      // createQueue leaves an existing queue as it is; updateQueue brings its settings to this build's.
      await this.boss.createQueue(definition.name, queue);
      await this.boss.updateQueue(definition.name, queue);
      if (definition.cron) {
        await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      } else {
        await this.boss.unschedule(definition.name);
      }
      await this.boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: timing.pollingIntervalSeconds, batchSize: 1 },
        ([job]) => this.run(definition, job!),
      );
    }
    // A job this build no longer has would otherwise keep being queued with nobody to run it.
    const names = new Set(definitions.map((d) => d.name));
    for (const schedule of await this.boss.getSchedules()) {
      if (!names.has(schedule.name)) await this.boss.unschedule(schedule.name);
    }
  }

  private async run(definition: JobDefinition, job: PgBoss.Job<object>) {
    const { log } = this.options;
    const details = { job: definition.name, jobId: job.id };
    // Taken just as stop() began: give it back at once rather than start work on a closing process.
    if (this.stopping) throw new Error('the portal is shutting down');
    const started = Date.now();
    try {
      const output = await definition.run(
        {
          db: this.options.db,
          clock: this.options.clock ?? systemClock,
          mail: this.options.mail,
          jobId: job.id,
        },
        job.data ?? {},
      );
      log.info({ ...details, ms: Date.now() - started, output }, 'job completed');
      return output ?? undefined;
    } catch (err) {
      log.error({ ...details, ms: Date.now() - started, err }, 'job failed');
      throw err;
    }
  }

  /** Queues a run of a job now; resolves to its id. */
  async send(name: string, data: object = {}, options: PgBoss.SendOptions = {}): Promise<string> {
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /**
   * Stops taking work, lets a run in progress finish (up to the stop timeout; one still
   * running then is given back to the queue for a retry), and closes the queue's connections.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.boss.stop({
      graceful: true,
      wait: true,
      close: true,
      timeout: this.options.stopTimeoutMs ?? STOP_TIMEOUT_MS,
    });
  }
}
