import { randomInt } from 'node:crypto';
import {
  isStaffRole,
  type MfaRequired,
  type MfaVerifyResponse,
  type Role,
  type SecuritySettings,
  type TwoFactorReset,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@chamber/contract';
import type { Database, Executor, users } from '@chamber/db';
import type { Config } from '../../config.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError, OAuthError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import type { Session } from '../../plugins/auth.js';
import { loadChamberIdentity } from '../chamber/index.js';
import { verifyPassword } from './password.js';
import * as q from './queries.js';
import { signInWindows } from './sign-in-windows.js';
import { checkTotp, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp.js';
import { TWO_FACTOR_MAIL, type TwoFactorEvent } from './account-mail.js';
import * as tf from './two-factor-queries.js';

/** Long enough to open the app and type a code; short enough that a stolen id soon dies. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before it is dead; the password must be entered again. */
export const MFA_CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Wrong second-step codes in a row, across challenges and throttle windows, after which the
 * account's second step stops until a password reset or an admin's reset of two-factor sign-in
 * (the owner is mailed). The windows alone renewed every 15 minutes.
 */
export const SECOND_STEP_FAILURES_LIMIT = 10;

export const secondStepStopped =
  'Signing in to this account is stopped after too many wrong codes. Reset your password with ‘Forgot password?’, or contact the chamber office.';
const FIFTEEN_MINUTES = 15 * 60_000;

type UserRow = typeof users.$inferSelect;

/**
 * Wrong second-factor codes are counted as wrong passwords are (sign-in-windows.ts):
 * per account and client address, per address, and per account. A million six-digit codes
 * and a few minutes per challenge leave a guesser nothing within these limits.
 */
export function mfaWindows(userId: string, ip: string): Window[] {
  return [
    { key: `mfa:account-ip:${userId}:${ip}`, limit: 5, windowMs: FIFTEEN_MINUTES },
    { key: `mfa:ip:${ip}`, limit: 30, windowMs: FIFTEEN_MINUTES },
    { key: `mfa:account:${userId}`, limit: 50, windowMs: FIFTEEN_MINUTES },
  ];
}

// 31 letters and digits that are not mistaken for one another (no 0/o, 1/l/i).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 16 symbols (about 79 bits) in groups of four: too many to guess, so SHA-256 is enough. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 16; i += 1) {
    if (i > 0 && i % 4 === 0) code += '-';
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return code;
}

/** What is hashed: lower case, without the dashes and spaces people type or leave out. */
export const recoveryCodeHash = (code: string) =>
  sha256Hex(code.toLowerCase().replace(/[\s-]/g, ''));

const label = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() + ` <${u.email}>`;

const tooMany = (retryAfter: number, oauth: boolean) => {
  const minutes = Math.ceil(retryAfter / 60);
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const headers = { 'retry-after': String(retryAfter) };
  return oauth
    ? new OAuthError(429, 'too_many_attempts', message, headers)
    : new AppError('too_many_requests', message, headers);
};

const challengeGone = () =>
  new OAuthError(
    400,
    'invalid_grant',
    'This sign-in has expired or was already completed. Please sign in again.',
  );

/**
 * Called by authorize once the password is right: null when the account may have its code
 * now, else the challenge the client answers with a code (or, for staff the chamber requires
 * it of who have none, with an enrolment first).
 */
export async function secondStepFor(
  db: Executor,
  clock: Clock,
  user: UserRow,
  request: { codeChallenge: string; redirectUri: string; remember: boolean },
): Promise<MfaRequired | null> {
  const factor = await tf.findTwoFactor(db, user.id);
  if (factor?.enabledAt && factor.lockedAt) {
    throw new OAuthError(403, 'access_denied', secondStepStopped);
  }
  let kind: 'code' | 'enrol';
  if (factor?.enabledAt) kind = 'code';
  else if (isStaffRole(user.role) && (await tf.readSecuritySettings(db)).requireStaffTwoFactor)
    kind = 'enrol';
  else return null;
  const challengeId = randomToken(32);
  const now = clock.now();
  await tf.insertChallenge(db, {
    challengeHash: sha256Hex(challengeId),
    userId: user.id,
    kind,
    codeChallenge: request.codeChallenge,
    redirectUri: request.redirectUri,
    remember: request.remember,
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return {
    status: 'mfa_required',
    challengeId,
    expiresIn: MFA_CHALLENGE_TTL_MS / 1000,
    enrol: kind === 'enrol',
  };
}

/** Deletes sign-in challenges past their expiry (the scheduled clean-up's step). */
export const pruneMfaChallenges = (db: Database, now: Date) => tf.deleteExpiredChallenges(db, now);

/**
 * What the second step needs of sign-in: the authorization code it hands out once passed
 * (AuthService.issueCode). Declared here so that sign-in, which asks for the second step,
 * and the second step do not import each other.
 */
export interface CodeIssuer {
  issueCode(
    db: Executor,
    userId: string,
    request: { codeChallenge: string; redirectUri: string; remember: boolean },
  ): Promise<string>;
}

/**
 * TOTP two-factor sign-in (RFC 6238): enrolment and removal from /profile, the second step of
 * the PKCE sign-in, the chamber's "required for staff" setting, and an admin's reset.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly config: Config,
    private readonly auth: CodeIssuer,
    private readonly outbox: MailOutbox,
  ) {}

  // --- Sign-in ---------------------------------------------------------------------------

  /** A secret to scan for the enrolment a sign-in challenge of kind 'enrol' asks for. */
  async enrolAtSignIn(challengeId: string): Promise<TwoFactorSetup> {
    const challenge = await this.liveChallenge(challengeId);
    if (challenge.kind !== 'enrol') throw challengeGone();
    const user = await q.lockUserById(this.db, challenge.userId);
    if (!user) throw challengeGone();
    return this.newSecret(this.db, user);
  }

  /**
   * Completes a sign-in's second step with an app's code or a recovery code (burnt by its
   * use) and answers the authorization code. A challenge of kind 'enrol' takes the first code
   * of the secret just scanned, turns two-factor on and answers the recovery codes as well.
   */
  async completeSignIn(
    input: { challengeId: string; code: string },
    ip: string,
  ): Promise<MfaVerifyResponse> {
    const found = await this.liveChallenge(input.challengeId);
    const windows = mfaWindows(found.userId, ip);
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) throw tooMany(attempt.retryAfter, true);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const challenge = await tf.lockChallenge(tx, found.id);
      if (!challenge || challenge.usedAt || challenge.expiresAt <= now) return 'gone' as const;
      if (challenge.attempts >= MFA_CHALLENGE_ATTEMPTS) return 'gone' as const;
      const user = await q.lockUserById(tx, challenge.userId);
      if (!user || user.status === 'suspended') return 'gone' as const;
      const factor = await tf.lockTwoFactor(tx, user.id);
      const enrolling = challenge.kind === 'enrol';
      if (!factor || (enrolling ? factor.enabledAt !== null : factor.enabledAt === null)) {
        return 'gone' as const;
      }
      if (!enrolling && factor.lockedAt) return 'stopped' as const;
      const code = input.code.trim();
      const step = await checkTotp(
        factor.secret,
        code.replace(/\s/g, ''),
        now,
        factor.lastTimeStep,
      );
      let recoveryCodes: string[] | undefined;
      if (step !== null) {
        await tf.updateTwoFactor(tx, user.id, {
          lastTimeStep: step,
          failedCodes: 0,
          ...(enrolling ? { enabledAt: now } : {}),
        });
        if (enrolling) {
          recoveryCodes = await this.newRecoveryCodes(tx, user.id);
          await this.audit(tx, user, user, 'twoFactor.enable', { enabled: true });
          await this.tell(tx, user, { kind: 'on' });
        }
      } else if (
        enrolling ||
        !(await tf.spendRecoveryCode(tx, user.id, recoveryCodeHash(code), now))
      ) {
        await tf.updateChallenge(tx, challenge.id, { attempts: challenge.attempts + 1 });
        if (enrolling) return { wrong: user, stopped: false };
        // Counted per account, whichever challenge and address the codes came from.
        const failedCodes = factor.failedCodes + 1;
        const stopped = failedCodes >= SECOND_STEP_FAILURES_LIMIT;
        await tf.updateTwoFactor(tx, user.id, {
          failedCodes,
          ...(stopped ? { lockedAt: now } : {}),
        });
        if (stopped) {
          await this.audit(tx, user, user, 'twoFactor.stopped', { wrongCodes: failedCodes });
          await this.tell(tx, user, { kind: 'stopped', wrongCodes: SECOND_STEP_FAILURES_LIMIT });
        }
        return { wrong: user, stopped };
      } else {
        const left = await tf.countRecoveryCodesLeft(tx, user.id);
        await tf.updateTwoFactor(tx, user.id, { failedCodes: 0 });
        await this.audit(tx, user, user, 'twoFactor.recoveryCodeUsed', { recoveryCodesLeft: left });
        await this.tell(tx, user, { kind: 'recovery-code', left });
      }
      await tf.updateChallenge(tx, challenge.id, { usedAt: now });
      const authCode = await this.auth.issueCode(tx, user.id, challenge);
      return {
        answer: { code: authCode, ...(recoveryCodes ? { recoveryCodes } : {}) },
      };
    });
    // The mail of what happened, queued with it, goes now that it has committed.
    this.outbox.wake();
    if (outcome === 'gone') throw challengeGone();
    if (outcome === 'stopped') throw new OAuthError(403, 'access_denied', secondStepStopped);
    if ('wrong' in outcome) {
      if (outcome.stopped) {
        throw new OAuthError(403, 'access_denied', secondStepStopped);
      }
      throw new OAuthError(401, 'access_denied', 'That code is not right. Please try again.');
    }
    await this.throttle.refund(windows.slice(1), attempt);
    await this.throttle.reset(windows[0]!.key);
    return outcome.answer;
  }

  /** Queues the owner's mail of what happened to their second factor, with the change. */
  private async tell(tx: Executor, user: Pick<UserRow, 'id'>, event: TwoFactorEvent) {
    await this.outbox.queue(tx, TWO_FACTOR_MAIL, { userId: user.id, event });
  }

  private async liveChallenge(challengeId: string) {
    const challenge = await tf.findChallenge(this.db, sha256Hex(challengeId));
    const now = this.clock.now();
    if (
      !challenge ||
      challenge.usedAt ||
      challenge.expiresAt <= now ||
      challenge.attempts >= MFA_CHALLENGE_ATTEMPTS
    ) {
      throw challengeGone();
    }
    return challenge;
  }

  // --- The account's own settings (/profile) ---------------------------------------------

  async status(session: Session): Promise<TwoFactorStatus> {
    const factor = await tf.findTwoFactor(this.db, session.user.id);
    const enabled = Boolean(factor?.enabledAt);
    return {
      enabled,
      enabledAt: factor?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await tf.countRecoveryCodesLeft(this.db, session.user.id) : 0,
      required: await this.requiredOf(session.user.role),
    };
  }

  /** A new secret waiting for its first code (a waiting one is replaced); 409 when on. */
  async setup(session: Session): Promise<TwoFactorSetup> {
    return this.newSecret(this.db, session.user);
  }

  /** The first code of the waiting secret turns two-factor on; answers the recovery codes. */
  async confirm(session: Session, code: string, ip: string): Promise<string[]> {
    const user = session.user;
    const windows = mfaWindows(user.id, ip);
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) throw tooMany(attempt.retryAfter, false);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const factor = await tf.lockTwoFactor(tx, user.id);
      if (factor?.enabledAt) return 'enabled' as const;
      if (!factor) return 'none' as const;
      const step = await checkTotp(factor.secret, code, now, factor.lastTimeStep);
      if (step === null) return 'wrong' as const;
      await tf.updateTwoFactor(tx, user.id, { enabledAt: now, lastTimeStep: step });
      const codes = await this.newRecoveryCodes(tx, user.id);
      await this.audit(tx, user, user, 'twoFactor.enable', { enabled: true });
      await this.tell(tx, user, { kind: 'on' });
      return codes;
    });
    if (outcome === 'enabled') throw alreadyOn();
    if (outcome === 'none') {
      throw new AppError('conflict', 'Start the setup again: no code was asked for yet.');
    }
    if (outcome === 'wrong') {
      throw new AppError(
        'validation_failed',
        'That code is not right. Check the time on your phone and try the newest code.',
      );
    }
    this.outbox.wake();
    await this.throttle.refund(windows, attempt);
    return outcome;
  }

  /** Replaces the recovery codes (the old ones stop working); needs the password. */
  async regenerateRecoveryCodes(session: Session, password: string, ip: string): Promise<string[]> {
    await this.checkPassword(session, password, ip);
    return this.db.transaction(async (tx) => {
      const factor = await tf.lockTwoFactor(tx, session.user.id);
      if (!factor?.enabledAt) throw notOn();
      const codes = await this.newRecoveryCodes(tx, session.user.id);
      await this.audit(tx, session.user, session.user, 'twoFactor.recoveryCodes', {
        recoveryCodesLeft: RECOVERY_CODE_COUNT,
      });
      return codes;
    });
  }

  /** Turns two-factor off; needs the password, and is refused where the chamber requires it. */
  async disable(session: Session, password: string, ip: string): Promise<void> {
    if (await this.requiredOf(session.user.role)) {
      throw new AppError(
        'conflict',
        'The chamber requires two-factor sign-in for admins and moderators, so it cannot be turned off.',
      );
    }
    await this.checkPassword(session, password, ip);
    await this.db.transaction(async (tx) => {
      const had = await tf.deleteTwoFactor(tx, session.user.id);
      if (!had) throw notOn();
      await this.audit(tx, session.user, session.user, 'twoFactor.disable', { enabled: false });
      await this.tell(tx, session.user, { kind: 'off', byStaff: false });
    });
    this.outbox.wake();
  }

  // --- Admin -----------------------------------------------------------------------------

  /** Removes another account's second factor (a lost phone); the next sign-in goes without. */
  async reset(actor: Session, userId: string): Promise<TwoFactorReset> {
    const outcome = await this.db.transaction(async (tx) => {
      const user = isUuid(userId) ? await q.lockUserById(tx, userId) : undefined;
      if (!user) throw new AppError('not_found', 'User not found');
      const had = await tf.deleteTwoFactor(tx, user.id);
      if (!had) return { reset: false, message: 'This account has no two-factor sign-in.' };
      await this.audit(tx, actor.user, user, 'twoFactor.reset', { enabled: false });
      await this.tell(tx, user, { kind: 'off', byStaff: true });
      return { reset: true, message: 'Two-factor sign-in was reset.' };
    });
    this.outbox.wake();
    return { reset: outcome.reset, message: outcome.message };
  }

  async settings(): Promise<SecuritySettings> {
    return tf.readSecuritySettings(this.db);
  }

  async updateSettings(actor: Session, next: SecuritySettings): Promise<SecuritySettings> {
    return this.db.transaction(async (tx) => {
      const before = await tf.readSecuritySettings(tx);
      if (before.requireStaffTwoFactor === next.requireStaffTwoFactor) return before;
      await tf.writeSecuritySettings(tx, next.requireStaffTwoFactor, this.clock.now());
      await recordAudit(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action: 'settings.security',
        targetType: 'settings',
        targetId: 'security',
        targetLabel: 'Sign-in security',
        before,
        after: next,
        reason: null,
      });
      return next;
    });
  }

  // --- Shared ----------------------------------------------------------------------------

  private async requiredOf(role: Role): Promise<boolean> {
    return isStaffRole(role) && (await tf.readSecuritySettings(this.db)).requireStaffTwoFactor;
  }

  private async newSecret(db: Executor, user: UserRow): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    const stored = await tf.putPendingSecret(db, user.id, secret, this.clock.now());
    if (!stored) throw alreadyOn();
    const chamber = await loadChamberIdentity(this.db, this.config);
    const url = otpauthUrl(secret, chamber.name, user.email);
    return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
  }

  private async newRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tf.replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
    return codes;
  }

  /** The password again, counted as sign-in attempts are. */
  private async checkPassword(session: Session, password: string, ip: string): Promise<void> {
    const windows = signInWindows(session.user.email, ip);
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) throw tooMany(attempt.retryAfter, false);
    if (!(await verifyPassword(session.user.passwordHash, password))) {
      throw new AppError('validation_failed', 'That password is not right.');
    }
    await this.throttle.refund(windows, attempt);
  }

  private async audit(
    tx: Executor,
    actor: Pick<UserRow, 'id' | 'email'>,
    target: UserRow,
    action: string,
    after: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      targetType: 'user',
      targetId: target.id,
      targetLabel: label(target),
      before: null,
      after,
      reason: null,
    });
  }
}

const alreadyOn = () => new AppError('conflict', 'Two-factor sign-in is already on.');
const notOn = () => new AppError('conflict', 'Two-factor sign-in is not on.');
