import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Database, emailChanges } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { passwordChangedMail } from '../../lib/mail/templates.js';
import {
  confirmEmailMail,
  emailChangeNoticeMail,
  passwordResetMail,
  twoFactorMail,
  PASSWORD_RESET_MAIL,
  PASSWORD_CHANGED_MAIL,
  TWO_FACTOR_MAIL,
  EMAIL_CHANGE_LINK_MAIL,
  EMAIL_CHANGE_NOTICE_MAIL,
  type PasswordResetParams,
  type TwoFactorParams,
  type EmailChangeLinkParams,
  type EmailChangeNoticeParams,
} from './account-mail.js';
import { passwordFingerprint, RESET_TTL_MS } from './password-reset.js';
import * as q from './queries.js';
import * as rq from './password-reset-queries.js';

/**
 * The account mails of the outbox, composed when their turn comes. The links they carry
 * (a password reset's, a new address's) are made then, not when the row is written: the
 * outbox holds no working link, and a link's 30 minutes start as it is mailed.
 */
export class AccountMail {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  register(outbox: MailOutbox): void {
    outbox.register(PASSWORD_RESET_MAIL, (p) =>
      this.passwordReset(p as unknown as PasswordResetParams),
    );
    outbox.register(PASSWORD_CHANGED_MAIL, (p) => this.passwordChanged(String(p.userId)));
    outbox.register(TWO_FACTOR_MAIL, (p) => this.twoFactor(p as unknown as TwoFactorParams));
    outbox.register(EMAIL_CHANGE_LINK_MAIL, (p) =>
      this.emailChangeLink(p as unknown as EmailChangeLinkParams),
    );
    outbox.register(EMAIL_CHANGE_NOTICE_MAIL, (p) =>
      this.emailChangeNotice(p as unknown as EmailChangeNoticeParams),
    );
  }

  /**
   * A reset link for the account, issued now. Null (the row is skipped) for an address with
   * no account or a suspended one: the request that queued it was answered the same either
   * way, having only written this row.
   */
  async passwordReset(p: PasswordResetParams): Promise<Compose | null> {
    const user =
      'userId' in p
        ? await rq.findUserById(this.db, p.userId)
        : await q.findUserByEmail(this.db, p.email);
    // A suspended account cannot sign in, whatever its password.
    if (!user || user.status === 'suspended') return null;
    const token = randomToken(32);
    await rq.insertPasswordReset(this.db, {
      tokenHash: sha256Hex(token),
      userId: user.id,
      passwordFingerprint: passwordFingerprint(user.passwordHash),
      expiresAt: new Date(this.clock.now().getTime() + RESET_TTL_MS),
    });
    const url = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    return (chamber) => ({ to: user.email, ...passwordResetMail(chamber, user.firstName, url) });
  }

  async passwordChanged(userId: string): Promise<Compose | null> {
    const user = await rq.findUserById(this.db, userId);
    if (!user) return null;
    return (chamber) => ({ to: user.email, ...passwordChangedMail(chamber, user.firstName) });
  }

  async twoFactor(p: TwoFactorParams): Promise<Compose | null> {
    const user = await rq.findUserById(this.db, p.userId);
    if (!user) return null;
    return (chamber) => ({ to: user.email, ...twoFactorMail(chamber, user.firstName, p.event) });
  }

  /**
   * The link to the new address, made now for the account's pending change; null when that
   * change is no longer pending (confirmed, replaced by another, expired).
   */
  async emailChangeLink(p: EmailChangeLinkParams): Promise<Compose | null> {
    const user = await rq.findUserById(this.db, p.userId);
    if (!user) return null;
    const token = randomToken(32);
    const [pending] = await this.db
      .update(emailChanges)
      .set({ tokenHash: sha256Hex(token) })
      .where(
        and(
          eq(emailChanges.userId, p.userId),
          eq(emailChanges.newEmail, p.newEmail),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, this.clock.now()),
        ),
      )
      .returning({ id: emailChanges.id });
    if (!pending) return null;
    const url = `${this.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    return (chamber) => ({ to: p.newEmail, ...confirmEmailMail(chamber, user.firstName, url) });
  }

  async emailChangeNotice(p: EmailChangeNoticeParams): Promise<Compose | null> {
    const user = await rq.findUserById(this.db, p.userId);
    if (!user) return null;
    return (chamber) => ({
      to: p.to,
      ...emailChangeNoticeMail(chamber, user.firstName, p.newEmail, p.done),
    });
  }
}
