import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  accessTokens,
  authCodes,
  businessPeople,
  contacts,
  memberships,
  signInDevices,
  twoFactors,
  users,
  type Executor,
} from '@chamber/db';
import type { BusinessRole } from '@chamber/contract';
import { reusableQuery } from '../../lib/reusable-query.js';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertAuthCode(
  db: Executor,
  values: typeof authCodes.$inferInsert,
): Promise<void> {
  await db.insert(authCodes).values(values);
}

/** Marks an unused code as used and returns it; nothing when it is unknown or already used. */
export async function consumeAuthCode(db: Executor, codeHash: string, now: Date) {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt)))
    .returning();
  return row;
}

export async function findAuthCode(db: Executor, codeHash: string) {
  const [row] = await db.select().from(authCodes).where(eq(authCodes.codeHash, codeHash)).limit(1);
  return row;
}

export async function insertAccessToken(db: Executor, values: typeof accessTokens.$inferInsert) {
  await db.insert(accessTokens).values(values);
}

export async function revokeTokensOfCode(db: Executor, authCodeId: string, now: Date) {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.authCodeId, authCodeId), isNull(accessTokens.revokedAt)));
}

export async function revokeToken(db: Executor, tokenId: string, now: Date) {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}

/**
 * The live token with this hash and its user, with the user's contact (the business it acts
 * for) for the profile, the status of the contact's membership for the member-only rules, and
 * the user's role among that business's people for the listing's rights.
 */
export async function findSession(db: Executor, tokenHash: string, now: Date) {
  // A placeholder's value skips the column's mapping, and the driver takes timestamps as text.
  const [row] = await sessionQuery(db, { tokenHash, now: now.toISOString() });
  return row;
}

// Every signed-in request runs it: built once (see reusableQuery).
const sessionQuery = reusableQuery((db) =>
  db
    .select({
      token: accessTokens,
      user: users,
      contact: contacts,
      membershipStatus: memberships.status,
      // One probe of the (business, login) key: as a join, the planner's generic plan read
      // the people's login index in order and merged it (a cost that grew with the people).
      businessRole: sql<BusinessRole | null>`(select ${businessPeople.role} from ${businessPeople}
        where ${businessPeople.contactId} = ${users.contactId}
          and ${businessPeople.userId} = ${users.id})`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .leftJoin(memberships, eq(memberships.contactId, users.contactId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

export async function lockUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function lockUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update')
    .limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

/**
 * Who else holds an address: another login, or a roster contact that is not the account's own
 * (a listing its member may still claim, or someone else's). `userId` null: a login to be made.
 */
export async function addressHolders(db: Executor, email: string, userId: string | null) {
  const { rows } = await db.execute<{ login: boolean; contact: boolean }>(sql`
    select
      exists (
        select 1 from users where lower(email) = lower(${email}) and id is distinct from ${userId}::uuid
      ) as login,
      exists (
        select 1 from contacts c
        where lower(c.email) = lower(${email})
          and c.id is distinct from (select contact_id from users where id = ${userId}::uuid)
      ) as contact`);
  return rows[0]!;
}

/** Ends every live session of a user, but `keepTokenId`; returns how many were live. */
export async function revokeTokensOfUser(
  db: Executor,
  userId: string,
  now: Date,
  keepTokenId?: string,
): Promise<number> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
        keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined,
      ),
    )
    .returning({ id: accessTokens.id });
  return rows.length;
}

/** Spends a user's unused sign-in codes, so none issued before a change can still be exchanged. */
export async function spendAuthCodesOfUser(db: Executor, userId: string, now: Date) {
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.userId, userId), isNull(authCodes.usedAt)));
}

/** Clears the count of wrong second-step codes, and the stop it led to, of an account. */
export async function restartSecondStep(db: Executor, userId: string): Promise<void> {
  await db
    .update(twoFactors)
    .set({ failedCodes: 0, lockedAt: null })
    .where(eq(twoFactors.userId, userId));
}

/** Whether this browser (its device cookie's hash) signed in to the account with this address. */
export async function isKnownDevice(db: Executor, deviceHash: string, email: string, now: Date) {
  const [row] = await db
    .select({ userId: signInDevices.userId })
    .from(signInDevices)
    .innerJoin(users, eq(users.id, signInDevices.userId))
    .where(
      and(
        eq(signInDevices.deviceHash, deviceHash),
        sql`lower(${users.email}) = lower(${email})`,
        gt(signInDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Notes a browser's successful sign-in to an account (again: its expiry moves on). */
export async function rememberDevice(db: Executor, values: typeof signInDevices.$inferInsert) {
  await db
    .insert(signInDevices)
    .values(values)
    .onConflictDoUpdate({
      target: [signInDevices.deviceHash, signInDevices.userId],
      set: { lastSignInAt: values.lastSignInAt, expiresAt: values.expiresAt },
    });
}
