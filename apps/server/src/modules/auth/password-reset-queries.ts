import { and, eq, isNull, lte } from 'drizzle-orm';
import { emailChanges, passwordResets, users, type Executor } from '@chamber/db';

export async function insertPasswordReset(
  db: Executor,
  values: typeof passwordResets.$inferInsert,
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

export async function findPasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function lockPasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

/** Spends every unused link of the account (the one used, and any other still out there). */
export async function spendPasswordResets(db: Executor, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function deleteExpiredPasswordResets(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  return rows.length;
}

/** The account's pending change, replacing an earlier one (and its link). */
export async function replaceEmailChange(
  db: Executor,
  values: Omit<typeof emailChanges.$inferInsert, 'id' | 'usedAt'>,
) {
  await db
    .insert(emailChanges)
    .values(values)
    .onConflictDoUpdate({
      target: emailChanges.userId,
      set: {
        tokenHash: values.tokenHash,
        oldEmail: values.oldEmail,
        newEmail: values.newEmail,
        expiresAt: values.expiresAt,
        createdAt: values.createdAt,
        usedAt: null,
      },
    });
}

export async function lockEmailChange(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

export async function markEmailChangeUsed(db: Executor, id: string, now: Date) {
  await db.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, id));
}

export async function deleteExpiredEmailChanges(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(emailChanges)
    .where(lte(emailChanges.expiresAt, now))
    .returning({ id: emailChanges.id });
  return rows.length;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setUserEmail(db: Executor, id: string, email: string, now: Date) {
  await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, id));
}
