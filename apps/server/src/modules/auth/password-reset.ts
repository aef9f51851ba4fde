import {
  FORGOT_PASSWORD_SENT,
  INVALID_RESET_TOKEN,
  PASSWORD_RESET_TTL_MINUTES,
  type MessageResponse,
  type ResetPasswordResponse,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { recordAudit } from '../../lib/audit.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import type { AccountService } from './accounts.js';
import { PASSWORD_RESET_MAIL } from './account-mail.js';
import * as rq from './password-reset-queries.js';
import type { Session } from '../../plugins/auth.js';

export const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;
const MINUTE = 60_000;

/**
 * Requests are counted per address (an honest member asks once or twice; a stranger cannot
 * flood someone's mailbox) and per client. Every request counts, known address or not, so
 * the limit tells nothing about the address. Redeeming is counted per client.
 */
export const resetThrottles = {
  request: (email: string, ip: string): Window[] => [
    { key: `reset:request:email:${email.trim().toLowerCase()}`, limit: 3, windowMs: 15 * MINUTE },
    { key: `reset:request:ip:${ip}`, limit: 20, windowMs: 60 * MINUTE },
  ],
  redeem: (ip: string): Window[] => [
    { key: `reset:redeem:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE },
  ],
};

export function tooManyRequests(what: string, retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  const wait =
    retryAfter < 60
      ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('too_many_requests', `${what} Please try again in ${wait}.`, {
    'retry-after': String(retryAfter),
  });
}

/** A link is bound to the password the account had when it was made. */
export const passwordFingerprint = (passwordHash: string) => sha256Hex(passwordHash);

const invalidToken = () => new AppError('invalid_token', INVALID_RESET_TOKEN);

/**
 * Forgotten passwords: a random link (only its SHA-256 kept) mailed to the account's address,
 * single use, for 30 minutes, and void once the password changes by any road. Redeeming it
 * sets the password through AccountService, so every session ends and the notice is mailed.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly accounts: AccountService,
    private readonly config: Config,
  ) {}

  /**
   * Answers the same for every address, at once: the request only writes an outbox row with
   * the address, the same one statement whether or not the address has an account. Looking
   * the account up, storing the link and mailing it happen when the row's turn comes
   * (AccountMail.passwordReset, which skips the row for an unknown or suspended address), so
   * neither the answer's content nor its timing tells whether the address has an account.
   */
  async request(email: string, ip: string): Promise<MessageResponse> {
    const attempt = await this.throttle.take(resetThrottles.request(email, ip));
    if (attempt.blocked) {
      throw tooManyRequests('Too many reset links were asked for.', attempt.retryAfter);
    }
    await this.outbox.queue(this.db, PASSWORD_RESET_MAIL, { email: email.trim() });
    this.outbox.wake();
    return { message: FORGOT_PASSWORD_SENT };
  }

  /** Staff's 'Send password reset link' in the user edit dialog; audited with its mail. */
  async sendByStaff(staff: Session, userId: string): Promise<MessageResponse> {
    const user = await rq.findUserById(this.db, userId);
    if (!user) throw new AppError('not_found', 'User not found');
    if (user.status === 'suspended') {
      throw new AppError(
        'conflict',
        'This account is suspended. Reactivate it before sending a reset link.',
      );
    }
    await this.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: staff.user.id,
        actorEmail: staff.user.email,
        action: 'user.password_reset_link',
        targetType: 'user',
        targetId: user.id,
        targetLabel: `${user.firstName} ${user.lastName}`.trim() + ` <${user.email}>`,
        before: null,
        after: { sentTo: user.email },
        reason: null,
      });
      await this.outbox.queue(tx, PASSWORD_RESET_MAIL, { userId: user.id });
    });
    this.outbox.wake();
    return { message: `A link to choose a new password was sent to ${user.email}.` };
  }

  /**
   * Sets the password of the link's account. The link is checked before the slow hash (a
   * refused call costs next to nothing), then again under the account's row lock, where the
   * first of two tabs to submit wins and the second finds the link spent.
   */
  async reset(token: string, password: string, ip: string): Promise<ResetPasswordResponse> {
    const attempt = await this.throttle.take(resetThrottles.redeem(ip));
    if (attempt.blocked) {
      throw tooManyRequests('Too many password resets from your network.', attempt.retryAfter);
    }
    const tokenHash = sha256Hex(token.trim());
    const live = (row: { usedAt: Date | null; expiresAt: Date } | undefined) =>
      row !== undefined && !row.usedAt && row.expiresAt.getTime() > this.clock.now().getTime();
    const found = await rq.findPasswordReset(this.db, tokenHash);
    if (!found || !live(found)) throw invalidToken();
    const result = await this.accounts.setPassword({ userId: found.userId }, password, {
      actor: 'owner',
      auditAction: 'user.password_reset',
      guard: async (tx, user) => {
        const row = await rq.lockPasswordReset(tx, tokenHash);
        if (!row || !live(row) || row.userId !== user.id) throw invalidToken();
        if (row.passwordFingerprint !== passwordFingerprint(user.passwordHash)) {
          throw invalidToken();
        }
        if (user.status === 'suspended') throw invalidToken();
        await rq.spendPasswordResets(tx, user.id, this.clock.now());
      },
    });
    return {
      message: 'Your password was changed. Please sign in with your new password.',
      email: result.email,
    };
  }
}
