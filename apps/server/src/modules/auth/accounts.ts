import { emailSchema, passwordSchema } from '@chamber/contract';
import type { Database, Executor, users } from '@chamber/db';
import { type Actor, recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { passwordChangedMail } from '../../lib/mail/templates.js';
import { PASSWORD_CHANGED_MAIL } from './account-mail.js';
import { hashPassword } from './password.js';
import * as q from './queries.js';

/** Which account: by id, or by address (case-insensitive). */
export type AccountRef = { userId: string } | { email: string };

/** How the password-changed notice went: the outbox file, sent by SMTP, or why it failed. */
/**
 * What became of the password-changed notice: sent now (the command line, which says so), or
 * `queued` in the portal's outbox with the change, sent by its workers.
 */
export type Notice =
  { sent: true; outboxFile?: string } | { sent: false; error: string } | { sent: 'queued' };

export interface PasswordSet {
  email: string;
  /** Sessions (access tokens) that were live and are now ended. */
  endedSessions: number;
  notice: Notice;
}

export interface AdminMade extends PasswordSet {
  created: boolean;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof q.lockUserByEmail>>>;

const label = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() + ` <${u.email}>`;

function checkPassword(password: string): string {
  const result = passwordSchema.safeParse(password);
  if (!result.success) throw new AppError('validation_failed', result.error.issues[0]!.message);
  return password;
}

/** What is said when an address is not free for an account. */
export const addressMessages = {
  login: 'An account with this email already exists.',
  roster:
    'This email belongs to another listing on the chamber’s member roster. Please use another address or contact the chamber office.',
};

/**
 * Refuses (409) an address another login holds, or a roster contact that is not the
 * account's own (a listing its member may still claim, or someone else's): each address
 * names one person. `userId` is null for a login not yet made. Every path that sets a sign-in
 * address checks it: the confirmation link of an address change, the admin dashboard's edit,
 * the command line's create-admin and sign-up (which says it its own way).
 */
export async function assertAddressFree(
  db: Executor,
  email: string,
  userId: string | null,
): Promise<void> {
  const holders = await q.addressHolders(db, email.trim(), userId);
  if (holders.login) throw new AppError('conflict', addressMessages.login);
  if (holders.contact) throw new AppError('conflict', addressMessages.roster);
}

/**
 * Ends every session of an account at once (but `keep`, the caller's own): revokes its live
 * tokens and spends its unused sign-in codes, so none issued a moment before can still be
 * exchanged. Returns how many sessions were live. In the caller's transaction.
 */
export async function endSessions(tx: Executor, userId: string, now: Date, keep?: string) {
  await q.spendAuthCodesOfUser(tx, userId, now);
  return q.revokeTokensOfUser(tx, userId, now, keep);
}

/** A login's fields that staff or the member change; `contactId` links its directory contact. */
export type LoginChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'email' | 'phone' | 'role' | 'status' | 'contactId'
  >
>;

/**
 * Passwords and accounts outside the sign-in flow: the command line's set-password and
 * create-admin, reset links, a member's own password change, and the admin dashboard's edits.
 * Setting a password ends every session of the account (but the caller's own, when asked)
 * and spends its unused sign-in codes in the same transaction, writes the audit entry when
 * an operator made the change, and mails the owner a notice. Saving a login as suspended ends
 * its sessions in the same way.
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly mail: MailDelivery,
    /**
     * The portal's outbox: the notice is queued with the change. Without one (the command
     * line) it is sent at once and the answer says whether it went: an operator setting a
     * password there may have no portal running to send it (recovering the only admin), and
     * is told so, rather than the notice waiting unseen for a start.
     */
    private readonly outbox?: MailOutbox,
  ) {}

  async setPassword(
    account: AccountRef,
    password: string,
    options: {
      keepSessionId?: string;
      /** Who to audit; `owner` is the account itself (its own change, or a reset link). */
      actor?: Actor | 'owner';
      auditAction?: string;
      /** Checks run under the account's row lock, before the change (a reset link's rules). */
      guard?: (tx: Executor, user: UserRow) => Promise<void>;
    } = {},
  ): Promise<PasswordSet> {
    const passwordHash = await hashPassword(checkPassword(password));
    const now = this.clock.now();
    const { user, endedSessions, notice } = await this.db.transaction(async (tx) => {
      const user =
        'userId' in account
          ? await q.lockUserById(tx, account.userId)
          : await q.lockUserByEmail(tx, account.email.trim());
      if (!user) {
        const who = 'email' in account ? `with email ${account.email.trim()}` : account.userId;
        throw new AppError('not_found', `No account ${who}`);
      }
      await options.guard?.(tx, user);
      await q.updateUser(tx, user.id, { passwordHash, updatedAt: now });
      // A new password voids whatever the guesser knew: a stopped second step starts again.
      await q.restartSecondStep(tx, user.id);
      const endedSessions = await endSessions(tx, user.id, now, options.keepSessionId);
      if (options.actor) {
        const actor =
          options.actor === 'owner' ? { id: user.id, label: user.email } : options.actor;
        await recordAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.label,
          action: options.auditAction ?? 'user.password',
          targetType: 'user',
          targetId: user.id,
          targetLabel: label(user),
          before: null,
          after: { sessionsEnded: endedSessions },
          reason: null,
        });
      }
      const notice = await this.queueNotice(tx, user);
      return { user, endedSessions, notice };
    });
    return { email: user.email, endedSessions, notice: await this.notify(user, notice) };
  }

  /**
   * Creates an active admin, or makes an existing account (of any role and status) an active
   * admin with this password, ending its sessions as any password change does.
   */
  async createAdmin(
    input: { email: string; password: string; firstName: string; lastName: string },
    actor: Actor,
  ): Promise<AdminMade> {
    const parsed = emailSchema.safeParse(input.email);
    if (!parsed.success) {
      throw new AppError('validation_failed', `"${input.email.trim()}" is not an email address`);
    }
    const email = input.email.trim();
    const passwordHash = await hashPassword(checkPassword(input.password));
    const now = this.clock.now();
    try {
      const outcome = await this.db.transaction(async (tx) => {
        const existing = await q.lockUserByEmail(tx, email);
        if (!existing) {
          await assertAddressFree(tx, email, null);
          const user = await q.insertUser(tx, {
            email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            role: 'admin',
            status: 'active',
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(tx, {
            actorId: actor.id,
            actorEmail: actor.label,
            action: 'user.create',
            targetType: 'user',
            targetId: user.id,
            targetLabel: label(user),
            before: null,
            after: {
              email,
              firstName: user.firstName,
              lastName: user.lastName,
              role: 'admin',
              status: 'active',
            },
            reason: null,
          });
          const notice = await this.queueNotice(tx, user);
          return { user, created: true, endedSessions: 0, notice };
        }
        await q.updateUser(tx, existing.id, {
          role: 'admin',
          status: 'active',
          passwordHash,
          updatedAt: now,
        });
        const endedSessions = await endSessions(tx, existing.id, now);
        const target = {
          actorId: actor.id,
          actorEmail: actor.label,
          targetType: 'user',
          targetId: existing.id,
          targetLabel: label(existing),
          reason: null,
        };
        if (existing.role !== 'admin' || existing.status !== 'active') {
          await recordAudit(tx, {
            ...target,
            action: 'user.update',
            before: { role: existing.role, status: existing.status },
            after: { role: 'admin', status: 'active' },
          });
        }
        await recordAudit(tx, {
          ...target,
          action: 'user.password',
          before: null,
          after: { sessionsEnded: endedSessions },
        });
        const notice = await this.queueNotice(tx, existing);
        return { user: existing, created: false, endedSessions, notice };
      });
      const { user, created, endedSessions, notice } = outcome;
      return { email: user.email, created, endedSessions, notice: await this.notify(user, notice) };
    } catch (err) {
      // Another process created the same address between our lookup and insert.
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', `An account with email ${email} was created meanwhile`);
      }
      throw err;
    }
  }

  /** The login, locked for a change in the caller's transaction; nothing for an unknown id. */
  async lock(tx: Executor, userId: string): Promise<UserRow | undefined> {
    return isUuid(userId) ? q.lockUserById(tx, userId) : undefined;
  }

  /**
   * Saves a login's fields in the caller's transaction, which checks and audits. A suspended
   * account keeps no session: saving one as suspended ends them all and spends its codes.
   */
  async saveLogin(
    tx: Executor,
    user: Pick<UserRow, 'id'>,
    changes: LoginChanges,
    now = this.clock.now(),
  ): Promise<UserRow> {
    const saved = await q.updateUser(tx, user.id, { ...changes, updatedAt: now });
    if (changes.status === 'suspended') await endSessions(tx, user.id, now);
    return saved;
  }

  /** Queues the password-changed notice in the change's transaction, with an outbox. */
  private async queueNotice(tx: Executor, user: Pick<UserRow, 'id'>): Promise<boolean> {
    if (!this.outbox) return false;
    await this.outbox.queue(tx, PASSWORD_CHANGED_MAIL, { userId: user.id });
    return true;
  }

  /**
   * The password-changed notice: queued with the change (the outbox sends it now that it
   * has committed), or, without an outbox, sent now; a failure is reported, never thrown.
   */
  private async notify(
    user: Pick<UserRow, 'email' | 'firstName'>,
    queued: boolean,
  ): Promise<Notice> {
    if (queued) {
      this.outbox?.wake();
      return { sent: 'queued' };
    }
    try {
      const sent = await this.mail.send((chamber) => ({
        to: user.email,
        ...passwordChangedMail(chamber, user.firstName),
      }));
      return sent.outboxFile ? { sent: true, outboxFile: sent.outboxFile } : { sent: true };
    } catch (err) {
      return { sent: false, error: err instanceof Error ? err.message : String(err) };
    }
  }
}
