import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { contacts, emailCodes, users, type Executor } from '@chamber/db';

export type ContactRow = typeof contacts.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;

/**
 * What the portal holds for an address: the contact with this email (and whether a login is
 * linked to it), and whether any login uses the address. Both lookups always run, so the
 * time taken does not depend on which of them finds something.
 */
export async function findAddress(db: Executor, email: string) {
  const [contactRows, userRows] = await Promise.all([
    db
      .select({ contact: contacts, linkedUserId: users.id })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.primaryUserId))
      .where(sql`lower(${contacts.email}) = lower(${email})`)
      .limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1),
  ]);
  const row = contactRows[0];
  return {
    contact: row?.contact,
    contactHasLogin: Boolean(row?.linkedUserId),
    loginExists: userRows.length > 0,
  };
}

/** Stores a fresh code for (purpose, email), replacing any earlier one with its attempts. */
export async function replaceEmailCode(
  db: Executor,
  values: { purpose: string; email: string; codeHash: string; expiresAt: Date; now: Date },
) {
  const fresh = {
    codeHash: values.codeHash,
    attempts: 0,
    expiresAt: values.expiresAt,
    verifiedAt: null,
    claimTokenHash: null,
    contactId: null,
    usedAt: null,
    createdAt: values.now,
  };
  await db
    .insert(emailCodes)
    .values({ purpose: values.purpose, email: values.email, ...fresh })
    .onConflictDoUpdate({ target: [emailCodes.purpose, emailCodes.email], set: fresh });
}

export async function findEmailCode(db: Executor, purpose: string, email: string) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email)))
    .limit(1);
  return row;
}

/** The code row locked for this transaction, so parallel guesses are counted one by one. */
export async function lockEmailCode(db: Executor, purpose: string, email: string) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email)))
    .for('update')
    .limit(1);
  return row;
}

export async function countWrongCode(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id))
    .returning({ attempts: emailCodes.attempts });
  return row!.attempts;
}

/** A right code: the claim token (its hash) and the contact it is bound to replace any earlier. */
export async function markCodeVerified(
  db: Executor,
  id: string,
  claim: { now: Date; claimTokenHash: string; contactId: string },
) {
  await db
    .update(emailCodes)
    .set({
      verifiedAt: claim.now,
      claimTokenHash: claim.claimTokenHash,
      contactId: claim.contactId,
    })
    .where(eq(emailCodes.id, id));
}

/** A completed claim spends the code and its claim token. */
export async function markCodeUsed(db: Executor, id: string, now: Date) {
  await db
    .update(emailCodes)
    .set({ usedAt: now, claimTokenHash: null })
    .where(eq(emailCodes.id, id));
}

/**
 * Deletes codes nothing can use any more: spent ones, and those past their life plus the
 * claim token's (a token is issued before the code expires and lasts `claimTtlMs` after).
 * For the scheduled clean-up; returns how many rows went.
 */
export async function deleteExpiredEmailCodes(
  db: Executor,
  now: Date,
  claimTtlMs: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - claimTtlMs);
  const rows = await db
    .delete(emailCodes)
    .where(or(isNotNull(emailCodes.usedAt), lt(emailCodes.expiresAt, cutoff)))
    .returning({ id: emailCodes.id });
  return rows.length;
}

export async function insertContact(db: Executor, values: typeof contacts.$inferInsert) {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}
