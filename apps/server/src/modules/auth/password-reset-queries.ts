import { and, eq, isNull, lte, sql } from 'drizzle-orm';
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

/**
 * Who else holds an address: another login, or a roster contact that is not the account's own
 * (a listing its member may still claim, or someone else's).
 */
export async function addressHolders(db: Executor, email: string, userId: string) {
  const { rows } = await db.execute<{ login: boolean; contact: boolean }>(sql`
    select
      exists (select 1 from users where lower(email) = lower(${email}) and id <> ${userId}) as login,
      exists (
        select 1 from contacts c
        where lower(c.email) = lower(${email})
          and c.id is distinct from (select contact_id from users where id = ${userId})
      ) as contact`);
  return rows[0]!;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setUserEmail(db: Executor, id: string, email: string, now: Date) {
  await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, id));
}
