import {
  EMAIL_CHANGE_TTL_HOURS,
  type ChangeEmailResponse,
  type ChangePasswordResponse,
  type ConfirmEmailResponse,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { recordAudit } from '../../lib/audit.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { type AccountService, addressMessages, assertAddressFree } from './accounts.js';
import {
  EMAIL_CHANGE_LINK_MAIL,
  EMAIL_CHANGE_NOTICE_MAIL,
  type EmailChangeLinkParams,
  type EmailChangeNoticeParams,
} from './account-mail.js';
import { verifyPassword } from './password.js';
import { tooManyRequests } from './password-reset.js';
import * as rq from './password-reset-queries.js';
import type { Session } from '../../plugins/auth.js';

export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3600_000;
const MINUTE = 60_000;

/**
 * A wrong current password is counted like a failed sign-in, per account: whoever holds an
 * unattended session cannot try passwords faster than at the sign-in form. Links mailed to a
 * new address are limited per account, and redeeming links per client.
 */
export const accountThrottles = {
  currentPassword: (userId: string): Window[] => [
    { key: `account:password:user:${userId}`, limit: 5, windowMs: 15 * MINUTE },
  ],
  emailLinks: (userId: string): Window[] => [
    { key: `account:email-link:user:${userId}`, limit: 5, windowMs: 60 * MINUTE },
  ],
  confirm: (ip: string): Window[] => [
    { key: `account:confirm-email:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE },
  ],
};

export const accountMessages = {
  wrongPassword: 'Your current password is not correct.',
  sameEmail: 'This is already your sign-in address.',
  invalidEmailLink:
    'This confirmation link is no longer valid: it was used, it expired, or a newer one was sent. Please ask for a new one from your profile.',
};

const userLabel = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() + ` <${u.email}>`;

/** What a signed-in member changes about their own sign-in: the password and the address. */
export class AccountChangeService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
    private readonly accounts: AccountService,
    private readonly config: Config,
  ) {}

  /** Checks the current password, counted per account; a right one clears the count. */
  private async checkCurrentPassword(session: Session, password: string): Promise<void> {
    const windows = accountThrottles.currentPassword(session.user.id);
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) {
      throw tooManyRequests('Too many wrong passwords.', attempt.retryAfter);
    }
    if (!(await verifyPassword(session.user.passwordHash, password))) {
      throw new AppError('bad_request', accountMessages.wrongPassword);
    }
    await this.throttle.reset(windows[0]!.key);
  }

  /** Sets a new password; every other session of the account ends, this one stays. */
  async changePassword(
    session: Session,
    input: { currentPassword: string; password: string },
  ): Promise<ChangePasswordResponse> {
    await this.checkCurrentPassword(session, input.currentPassword);
    const result = await this.accounts.setPassword({ userId: session.user.id }, input.password, {
      keepSessionId: session.tokenId,
      actor: 'owner',
    });
    const others = result.endedSessions;
    return {
      message:
        others > 0
          ? `Your password was changed. ${others} other session${others === 1 ? ' was' : 's were'} signed out.`
          : 'Your password was changed.',
      endedSessions: others,
    };
  }

  /**
   * Mails a link to the new address and tells the old one; nothing changes until the link is
   * opened. An address another login or another roster listing holds is refused.
   */
  async requestEmailChange(
    session: Session,
    input: { email: string; currentPassword: string },
  ): Promise<ChangeEmailResponse> {
    await this.checkCurrentPassword(session, input.currentPassword);
    const user = session.user;
    const newEmail = input.email.trim();
    if (newEmail.toLowerCase() === user.email.toLowerCase()) {
      throw new AppError('bad_request', accountMessages.sameEmail);
    }
    await assertAddressFree(this.db, newEmail, user.id);
    const links = await this.throttle.take(accountThrottles.emailLinks(user.id));
    if (links.blocked) {
      throw tooManyRequests('Too many address changes were asked for.', links.retryAfter);
    }
    // A placeholder link (nobody learns it): the mail makes the one it carries.
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await rq.replaceEmailChange(tx, {
        tokenHash: sha256Hex(token),
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId: user.id,
        actorEmail: user.email,
        action: 'user.email_change_request',
        targetType: 'user',
        targetId: user.id,
        targetLabel: userLabel(user),
        before: null,
        after: { pendingEmail: newEmail },
        reason: null,
      });
      // The link is made again when its mail is composed: the outbox holds none that works.
      await this.outbox.queue(tx, EMAIL_CHANGE_LINK_MAIL, {
        userId: user.id,
        newEmail,
      } satisfies EmailChangeLinkParams);
      await this.outbox.queue(tx, EMAIL_CHANGE_NOTICE_MAIL, {
        userId: user.id,
        to: user.email,
        newEmail,
        done: false,
      } satisfies EmailChangeNoticeParams);
    });
    this.outbox.wake();
    return {
      message: `We sent a link to ${newEmail}. Your sign-in address changes when you open it.`,
      pendingEmail: newEmail,
      expiresInSeconds: EMAIL_CHANGE_TTL_MS / 1000,
    };
  }

  /** The link from the new address's mailbox: the address becomes the account's sign-in. */
  async confirmEmailChange(token: string, ip: string): Promise<ConfirmEmailResponse> {
    const attempt = await this.throttle.take(accountThrottles.confirm(ip));
    if (attempt.blocked) {
      throw tooManyRequests(
        'Too many confirmation attempts from your network.',
        attempt.retryAfter,
      );
    }
    const invalid = () => new AppError('invalid_token', accountMessages.invalidEmailLink);
    const now = this.clock.now();
    let done: { firstName: string; oldEmail: string; newEmail: string };
    try {
      done = await this.db.transaction(async (tx) => {
        const row = await rq.lockEmailChange(tx, sha256Hex(token.trim()));
        if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid();
        const user = await rq.findUserById(tx, row.userId);
        // The address moved on some other way since the link was made.
        if (!user || user.email.toLowerCase() !== row.oldEmail.toLowerCase()) throw invalid();
        await assertAddressFree(tx, row.newEmail, user.id);
        await rq.setUserEmail(tx, user.id, row.newEmail, now);
        await rq.markEmailChangeUsed(tx, row.id, now);
        await recordAudit(tx, {
          actorId: user.id,
          actorEmail: row.newEmail,
          action: 'user.email_change',
          targetType: 'user',
          targetId: user.id,
          targetLabel: userLabel({ ...user, email: row.newEmail }),
          before: { email: user.email },
          after: { email: row.newEmail },
          reason: null,
        });
        await this.outbox.queue(tx, EMAIL_CHANGE_NOTICE_MAIL, {
          userId: user.id,
          to: user.email,
          newEmail: row.newEmail,
          done: true,
        } satisfies EmailChangeNoticeParams);
        return { firstName: user.firstName, oldEmail: user.email, newEmail: row.newEmail };
      });
    } catch (err) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(err)) throw new AppError('conflict', addressMessages.login);
      throw err;
    }
    this.outbox.wake();
    return {
      message: `Your sign-in address is now ${done.newEmail}.`,
      email: done.newEmail,
    };
  }
}
