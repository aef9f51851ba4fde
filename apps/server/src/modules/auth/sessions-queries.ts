import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { accessTokens, type Executor } from '@chamber/db';

/** The account's live tokens, most recently used first. */
export async function listLiveTokens(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: accessTokens.id,
      userAgent: accessTokens.userAgent,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
      expiresAt: accessTokens.expiresAt,
    })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt), desc(accessTokens.id));
}

/** Ends one live token of the user; false when it is not theirs, or not live. */
export async function revokeTokenOfUser(
  db: Executor,
  userId: string,
  tokenId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.id, tokenId),
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    )
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

/** Records a use, unless one was recorded since `staleBefore` (so most requests write nothing). */
export async function markTokenUsed(db: Executor, tokenId: string, now: Date, staleBefore: Date) {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, tokenId),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, staleBefore)),
      ),
    );
}
