import { and, eq, lte, sql } from 'drizzle-orm';
import { type Database, idempotencyKeys } from '@chamber/db';

/** How long a key is remembered: a client retrying a day later means a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * How long a first request may take before a retry with its key may run it again. Only a
 * process that died mid-request leaves a claim this old; until then a retry gets 409.
 */
export const IDEMPOTENCY_CLAIM_MS = 60_000;

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/** Idempotency keys in PostgreSQL, so every portal process sees the same ones. */
export class IdempotencyKeys {
  constructor(private readonly db: Database) {}

  /**
   * Claims `key` for a request, or says what became of an earlier one with the same key: its
   * answer, still running, or a different request. A key whose time is up (or whose claim
   * was left by a process that died) is taken over as if new, in the same statement, so two
   * requests can never both claim it.
   */
  async claim(scope: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
    const t = idempotencyKeys;
    const at = now.toISOString();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claimed = await this.db
        .insert(t)
        .values({
          scope,
          key,
          fingerprint,
          lockedUntil: new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [t.scope, t.key],
          set: {
            fingerprint,
            status: null,
            headers: null,
            body: null,
            lockedUntil: sql`excluded.locked_until`,
            expiresAt: sql`excluded.expires_at`,
            createdAt: sql`excluded.created_at`,
          },
          setWhere: sql`${t.expiresAt} <= ${at} or (${t.status} is null and ${t.lockedUntil} <= ${at} and ${t.fingerprint} = ${fingerprint})`,
        })
        .returning({ key: t.key });
      if (claimed.length > 0) return { kind: 'claimed' };

      const [row] = await this.db
        .select()
        .from(t)
        .where(and(eq(t.scope, scope), eq(t.key, key)));
      // Released or cleaned up between the two statements: try to claim it again.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status === null) return { kind: 'in_flight' };
      return {
        kind: 'replay',
        answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
      };
    }
    return { kind: 'in_flight' };
  }

  /** Keeps the answer of a claimed request for its retries. */
  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    const t = idempotencyKeys;
    await this.db
      .update(t)
      .set({ status: answer.status, headers: answer.headers, body: answer.body })
      .where(and(eq(t.scope, scope), eq(t.key, key), sql`${t.status} is null`));
  }

  /** Gives a claimed key back (the request was not carried out), so a retry runs it. */
  async release(scope: string, key: string): Promise<void> {
    const t = idempotencyKeys;
    await this.db
      .delete(t)
      .where(and(eq(t.scope, scope), eq(t.key, key), sql`${t.status} is null`));
  }
}

/**
 * Deletes the keys whose 24 hours are over (a retry would run them afresh anyway); meant to
 * run on a schedule. Returns how many were deleted.
 */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
