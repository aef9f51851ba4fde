import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Database } from '@chamber/db';
import { JOB_SCHEMA } from './runner.js';

/**
 * pg-boss's own tables, as far as the history reads them: a job row is one run (retries
 * included), and finished rows move from `job` to `archive` after 12 hours. Defined here, not
 * in packages/db, so that drizzle-kit never writes migrations for them; pg-boss owns them.
 */
const boss = pgSchema(JOB_SCHEMA);
const columns = () => ({
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  retryCount: integer('retry_count').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  completedOn: timestamp('completed_on', { withTimezone: true }),
  output: jsonb('output'),
});
const jobTable = boss.table('job', columns());
const archiveTable = boss.table('archive', columns());

export type JobRunState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRun {
  id: string;
  name: string;
  /** `retry`: the last attempt failed and another one is due. */
  state: JobRunState;
  queuedAt: Date;
  /** When the last attempt started. */
  startedAt: Date | null;
  finishedAt: Date | null;
  attempts: number;
  /** Why the last attempt failed, for runs that failed or wait for a retry. */
  error: string | null;
  /** What a completed run returned. */
  output: Record<string, unknown> | null;
}

/** States of runs that failed, finally or for now. */
const FAILED_STATES = ['failed', 'retry'];

/** pg-boss stores a thrown error as the error's fields, and its own reasons as `{ value }`. */
function errorOf(output: unknown): string {
  if (typeof output !== 'object' || output === null) return 'unknown error';
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === 'string') return message;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'message' in value) {
    return String((value as { message: unknown }).message);
  }
  return JSON.stringify(output);
}

function isMissingRelation(err: unknown): boolean {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}

/**
 * The latest runs of the portal's jobs, newest first (pg-boss's internal queues left out);
 * `failed` keeps those that failed. null when the job queue was never set up in this
 * database (no portal has started on it yet).
 */
export async function listJobRuns(
  db: Database,
  { failed = false, limit = 20 }: { failed?: boolean; limit?: number } = {},
): Promise<JobRun[] | null> {
  const read = (table: typeof jobTable | typeof archiveTable) => {
    const where: SQL[] = [sql`not starts_with(${table.name}, '__pgboss__')`];
    if (failed) where.push(inArray(table.state, FAILED_STATES));
    return db
      .select({
        id: table.id,
        name: table.name,
        state: table.state,
        retryCount: table.retryCount,
        createdOn: table.createdOn,
        startedOn: table.startedOn,
        completedOn: table.completedOn,
        output: table.output,
      })
      .from(table)
      .where(and(...where))
      .orderBy(desc(table.createdOn))
      .limit(limit);
  };
  let rows;
  try {
    const [live, archived] = await Promise.all([read(jobTable), read(archiveTable)]);
    rows = [...live, ...archived];
  } catch (err) {
    if (isMissingRelation(err)) return null;
    throw err;
  }
  return rows
    .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
    .slice(0, limit)
    .map((row) => {
      const state = row.state as JobRunState;
      const failedRun = FAILED_STATES.includes(state);
      return {
        id: row.id,
        name: row.name,
        state,
        queuedAt: row.createdOn,
        startedAt: row.startedOn,
        // pg-boss sets completed_on on a failure too; a retry's is empty.
        finishedAt: state === 'retry' ? null : row.completedOn,
        attempts: row.startedOn ? row.retryCount + 1 : 0,
        error: failedRun ? errorOf(row.output) : null,
        output:
          !failedRun && row.output && typeof row.output === 'object'
            ? (row.output as Record<string, unknown>)
            : null,
      };
    });
}
