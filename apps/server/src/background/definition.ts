import type { Database } from '@chamber/db';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { MailDelivery } from '../lib/mail/delivery.js';

/**
 * What a job's work gets: the portal's database and clock, the run's id for log lines, and
 * for jobs that mail, the portal's config and mail (absent where the runner was given none).
 */
export interface JobContext {
  db: Database;
  clock: Clock;
  jobId: string;
  config?: Config;
  mail?: MailDelivery;
}

/**
 * A kind of background work. A run may happen more than once (a process that dies after the
 * work but before recording it gets its run retried), so the work must be safe to repeat.
 */
export interface JobDefinition {
  /** The queue's name, as `chamber jobs` and the log lines show it: lower-case, hyphens. */
  name: string;
  /** When it runs by itself: a five-field cron expression read in UTC. Without one, only when sent. */
  cron?: string;
  /** Further attempts after a run throws, or after its process dies in the middle of it. */
  retryLimit: number;
  /** Seconds to wait before such an attempt. */
  retryDelaySeconds: number;
  /**
   * A run still active this long after it started is taken as lost (its process died) and
   * retried; a run that takes longer than this is failed.
   */
  expireInSeconds: number;
  /** The work. What it returns is kept with the run (`chamber jobs` shows it): keep it small. */
  run(context: JobContext, data: object): Promise<Record<string, unknown> | void>;
}
