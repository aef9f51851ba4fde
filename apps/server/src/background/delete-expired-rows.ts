import { lte } from 'drizzle-orm';
import { accessTokens, authCodes, type Database } from '@chamber/db';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency-keys.js';
import { deleteOldSentMail } from '../lib/mail/outbox.js';
import { Throttle } from '../lib/throttle.js';
import {
  deleteExpiredEmailChanges,
  deleteExpiredPasswordResets,
  pruneEmailCodes,
  pruneMfaChallenges,
} from '../modules/auth/index.js';
import type { JobDefinition } from './definition.js';

/**
 * A spent authorization code is kept this long after it expires: a second use of a code
 * revokes the token its first use issued (RFC 6749 §4.1.2), and that needs the row.
 */
export const AUTH_CODE_KEPT_MS = 24 * 3600_000;

/** One table's clean-up: deletes the rows no rule needs any more and says how many. */
export interface CleanUpStep {
  table: string;
  deleteExpired(db: Database, now: Date): Promise<number>;
}

/**
 * Every table with rows that expire. A feature that adds such a table adds its step here;
 * each step is one DELETE on its own, so a failing one does not hold back the others.
 */
export const cleanUpSteps: readonly CleanUpStep[] = [
  {
    table: 'rate_limits',
    // The throttle owns its windows and knows when one has ended.
    deleteExpired: (db, now) => new Throttle(db, { now: () => now }).prune(),
  },
  {
    table: 'auth_codes',
    deleteExpired: async (db, now) => {
      const kept = new Date(now.getTime() - AUTH_CODE_KEPT_MS);
      const rows = await db
        .delete(authCodes)
        .where(lte(authCodes.expiresAt, kept))
        .returning({ id: authCodes.id });
      return rows.length;
    },
  },
  {
    table: 'access_tokens',
    // Revoked or not: past its expiry a token opens nothing.
    deleteExpired: async (db, now) => {
      const rows = await db
        .delete(accessTokens)
        .where(lte(accessTokens.expiresAt, now))
        .returning({ id: accessTokens.id });
      return rows.length;
    },
  },
  {
    table: 'email_codes',
    // The onboarding module knows how long a verified code's claim token outlives it.
    deleteExpired: pruneEmailCodes,
  },
  { table: 'mfa_challenges', deleteExpired: pruneMfaChallenges },
  {
    table: 'idempotency_keys',
    deleteExpired: deleteExpiredIdempotencyKeys,
  },
  { table: 'password_resets', deleteExpired: deleteExpiredPasswordResets },
  { table: 'email_changes', deleteExpired: deleteExpiredEmailChanges },
  // Mail sent a month ago; failed mail stays until staff retry it.
  { table: 'mail_outbox', deleteExpired: deleteOldSentMail },
];

export class CleanUpError extends Error {}

/**
 * Runs every step and returns the rows each deleted. A step that fails is named in the error
 * thrown after the others have run.
 */
export async function deleteExpiredRows(
  db: Database,
  now: Date,
  steps: readonly CleanUpStep[] = cleanUpSteps,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  const failures: string[] = [];
  for (const step of steps) {
    try {
      deleted[step.table] = await step.deleteExpired(db, now);
    } catch (err) {
      failures.push(`${step.table}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (failures.length > 0) {
    throw new CleanUpError(`clean-up failed for ${failures.join('; ')}`);
  }
  return deleted;
}

/** Deletes expired rows every 15 minutes (docs/operator/operations.md, "Background jobs"). */
export const deleteExpiredRowsJob: JobDefinition = {
  name: 'delete-expired-rows',
  cron: '*/15 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  run: ({ db, clock }) => deleteExpiredRows(db, clock.now()),
};
