import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  mfaChallenges,
  recoveryCodes,
  securitySettings,
  twoFactors,
  type Executor,
} from '@chamber/db';

export async function findTwoFactor(db: Executor, userId: string) {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return row;
}

export async function lockTwoFactor(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

/** A new secret waiting for its first code; replaces a waiting one, never an enabled one. */
export async function putPendingSecret(
  db: Executor,
  userId: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(twoFactors)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: { secret, createdAt: now, lastTimeStep: null },
      setWhere: isNull(twoFactors.enabledAt),
    })
    .returning({ userId: twoFactors.userId });
  return rows.length > 0;
}

export async function updateTwoFactor(
  db: Executor,
  userId: string,
  values: Partial<typeof twoFactors.$inferInsert>,
): Promise<void> {
  await db.update(twoFactors).set(values).where(eq(twoFactors.userId, userId));
}

/** Removes the second factor and its recovery codes; true when there was an enabled one. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ enabledAt: twoFactors.enabledAt });
  return rows.some((r) => r.enabledAt !== null);
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Burns an unused recovery code of the user; true when there was one with this hash. */
export async function spendRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(db: Executor, values: typeof mfaChallenges.$inferInsert) {
  await db.insert(mfaChallenges).values(values);
}

export async function findChallenge(db: Executor, challengeHash: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(eq(mfaChallenges.challengeHash, challengeHash))
    .limit(1);
  return row;
}

export async function lockChallenge(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(eq(mfaChallenges.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function updateChallenge(
  db: Executor,
  id: string,
  values: Partial<typeof mfaChallenges.$inferInsert>,
): Promise<void> {
  await db.update(mfaChallenges).set(values).where(eq(mfaChallenges.id, id));
}

export async function readSecuritySettings(db: Executor) {
  const [row] = await db.select().from(securitySettings).limit(1);
  return { requireStaffTwoFactor: row?.requireStaffTwoFactor ?? false };
}

export async function writeSecuritySettings(
  db: Executor,
  requireStaffTwoFactor: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(securitySettings)
    .values({ id: 1, requireStaffTwoFactor, updatedAt: now })
    .onConflictDoUpdate({
      target: securitySettings.id,
      set: { requireStaffTwoFactor, updatedAt: now },
    });
}

/** Challenges past their expiry, used or not: nothing can complete them any more. */
export async function deleteExpiredChallenges(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(mfaChallenges)
    .where(lte(mfaChallenges.expiresAt, now))
    .returning({ id: mfaChallenges.id });
  return rows.length;
}
