import Bowser from 'bowser';
import type { AccountSession } from '@chamber/contract';
import type { accessTokens, Database, Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import * as q from './queries.js';
import * as sq from './sessions-queries.js';

/**
 * How fresh "last used" is. Writing it on every request would turn each read into a write;
 * once in five minutes a token is precise enough for a list of devices.
 */
export const LAST_USE_PRECISION_MS = 5 * 60_000;

/** Called with every request's token: records the use when the recorded one is stale. */
export async function touchSession(
  db: Executor,
  token: Pick<typeof accessTokens.$inferSelect, 'id' | 'lastUsedAt'>,
  now: Date,
): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USE_PRECISION_MS);
  if (token.lastUsedAt && token.lastUsedAt >= staleBefore) return;
  await sq.markTokenUsed(db, token.id, now, staleBefore);
}

const deviceTypes = new Set(['desktop', 'mobile', 'tablet']);

/** Browser, system and kind of device from a user agent, as the session list shows them. */
export function describeUserAgent(
  userAgent: string | null,
): Pick<AccountSession, 'browser' | 'os' | 'device'> {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const name = parsed?.browser.name;
  const major = parsed?.browser.version?.split('.')[0];
  const os = parsed?.os.name;
  const type = parsed?.platform.type;
  return {
    browser: name ? (major ? `${name} ${major}` : name) : 'Unknown browser',
    os: os ? [os, parsed?.os.versionName].filter(Boolean).join(' ') : 'Unknown system',
    device: type && deviceTypes.has(type) ? (type as AccountSession['device']) : 'unknown',
  };
}

/** The signed-in devices of one's own account (/profile), and signing them out. */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(session: Session): Promise<AccountSession[]> {
    const rows = await sq.listLiveTokens(this.db, session.user.id, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === session.tokenId,
    }));
  }

  /** Signs one device out (this one too, if asked); 404 for a session not live or not ours. */
  async end(session: Session, tokenId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const ended =
        isUuid(tokenId) && (await sq.revokeTokenOfUser(tx, session.user.id, tokenId, now));
      if (!ended) throw new AppError('not_found', 'That session has already ended.');
      await this.audit(tx, session, { sessionsEnded: 1 });
    });
  }

  /** Every device but this one: their tokens are revoked and unused sign-in codes spent. */
  async endOthers(session: Session): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await q.spendAuthCodesOfUser(tx, session.user.id, now);
      const ended = await q.revokeTokensOfUser(tx, session.user.id, now, session.tokenId);
      if (ended > 0) await this.audit(tx, session, { sessionsEnded: ended });
      return ended;
    });
  }

  private async audit(tx: Executor, session: Session, after: Record<string, unknown>) {
    const { user } = session;
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'sessions.end',
      targetType: 'user',
      targetId: user.id,
      targetLabel: `${user.firstName} ${user.lastName}`.trim() + ` <${user.email}>`,
      before: null,
      after,
      reason: null,
    });
  }
}
