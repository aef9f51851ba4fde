import { randomInt } from 'node:crypto';
import {
  CLAIM_TOKEN_TTL_MINUTES,
  CONFIRMATION_CODE_MAX_ATTEMPTS,
  CONFIRMATION_CODE_TTL_MINUTES,
  type ContactRef,
  type RegistrationResponse,
  type SendConfirmationResponse,
  type VerifyConfirmationResponse,
  type VerifyContactResponse,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { constantTimeEqual, randomToken, sha256Hex } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { confirmationCodeMail, claimWelcomeMail, welcomeMail } from '../../lib/mail/templates.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import { findUserById } from './password-reset-queries.js';
import { insertUser } from './queries.js';
import * as q from './sign-up-queries.js';

/** The outbox's kinds of sign-up mail: a roster contact's code, a new login's welcome. */
export const CONFIRMATION_CODE_MAIL = 'confirmation-code';
export const WELCOME_MAIL = 'welcome';

/** The `email_codes` purpose of the existing-contact sign-up. */
export const CLAIM_PURPOSE = 'claim-contact';
export const CODE_TTL_MS = CONFIRMATION_CODE_TTL_MINUTES * 60_000;
/** How long the claim token of a verified code lets the registration be completed. */
export const CLAIM_TTL_MS = CLAIM_TOKEN_TTL_MINUTES * 60_000;
const MINUTE = 60_000;

/**
 * Throttles. Looking an address up (verify-contact, and /register, which tells a taken address
 * too) shares one budget per client address, so neither can harvest the roster faster than
 * the other. Codes are limited per address (a resend replaces the code) and per client.
 */
export const throttles = {
  lookup: (ip: string): Window[] => [
    { key: `onboarding:lookup:ip:${ip}`, limit: 10, windowMs: 15 * MINUTE },
  ],
  send: (email: string, ip: string): Window[] => [
    { key: `onboarding:send:email:${email}`, limit: 3, windowMs: 15 * MINUTE },
    { key: `onboarding:send:ip:${ip}`, limit: 20, windowMs: 60 * MINUTE },
  ],
  verify: (ip: string): Window[] => [
    { key: `onboarding:verify:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE },
  ],
  /** register-existing: an honest claim takes one call, a few with typing mistakes. */
  claim: (ip: string): Window[] => [
    { key: `onboarding:claim:ip:${ip}`, limit: 10, windowMs: 15 * MINUTE },
  ],
};

export const messages = {
  accountExists: 'An account with this email already exists. Please sign in instead.',
  contactOnFile:
    'This email is already on the chamber’s member roster. Connect your membership to claim it.',
  invalidCode: 'Invalid confirmation code. Please try again.',
  codeLocked: 'Too many incorrect codes. Please use Resend email to get a new code.',
  codeExpired: 'This code has expired. Please use Resend email to get a new code.',
  notVerified:
    'Please confirm your email address with the code we sent before completing registration.',
  claimInvalid:
    'This confirmation is no longer valid. Please start over and confirm your email address with a new code.',
  contactMismatch: 'This contact does not belong to the confirmed email address.',
  contactGone:
    'We could not find your membership record any more. Please contact the chamber office.',
  codeSent: `If this address is on the chamber’s roster, a confirmation code is on its way. It expires in ${CONFIRMATION_CODE_TTL_MINUTES} minutes.`,
  registered: 'Registration successful! You can now sign in with your credentials.',
  welcome:
    'Welcome! Your account is ready to sign in. Chamber staff will confirm your membership, and then your business appears in the directory.',
};

type Address =
  { kind: 'claimable'; contact: q.ContactRow } | { kind: 'taken' } | { kind: 'unknown' };

/** A contact can be claimed when it has no login and no login uses its address. */
async function classifyAddress(db: Executor, email: string): Promise<Address> {
  const found = await q.findAddress(db, email);
  if (found.loginExists || found.contactHasLogin) return { kind: 'taken' };
  return found.contact ? { kind: 'claimable', contact: found.contact } : { kind: 'unknown' };
}

const normalize = (email: string) => email.trim().toLowerCase();

function tooMany(what: string, retryAfter: number): AppError {
  const wait =
    retryAfter < 60
      ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) === 1 ? '' : 's'}`;
  return new AppError('too_many_requests', `${what} Please try again in ${wait}.`, {
    'retry-after': String(retryAfter),
  });
}

const toContactRef = (contact: q.ContactRow): ContactRef => ({
  id: contact.id,
  firstName: contact.firstName,
  lastName: contact.lastName,
  businessName: contact.businessName,
});

/** Six digits from the operating system's secure random source. */
export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Sign-up: the existing-contact claim (docs/product.md#screens Register existing contact, docs/product.md#states, docs/product.md#api-calls) and the
 * new-member registration. See docs/decisions/0024-existing-contact-sign-up-what-each.md for what each answer may reveal.
 */
export class SignUpService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly outbox: MailOutbox,
  ) {}

  /** Registers the sign-up's mails with the outbox (once, where the routes are built). */
  registerMail(): void {
    this.outbox.register(CONFIRMATION_CODE_MAIL, (p) => this.composeCode(String(p.email)));
    this.outbox.register(WELCOME_MAIL, (p) =>
      this.composeWelcome(String(p.userId), p.claimed === true),
    );
  }

  /**
   * The confirmation code of a claimable address, made and stored now; null (skipped) for an
   * address that is not on the roster or already has a login.
   */
  private async composeCode(address: string): Promise<Compose | null> {
    const found = await classifyAddress(this.db, address);
    if (found.kind !== 'claimable') return null;
    const code = newConfirmationCode();
    const now = this.clock.now();
    await q.replaceEmailCode(this.db, {
      purpose: CLAIM_PURPOSE,
      email: address,
      codeHash: await hashPassword(code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      now,
    });
    const to = found.contact.email ?? address;
    return (chamber) => ({
      to,
      ...confirmationCodeMail(chamber, code, CONFIRMATION_CODE_TTL_MINUTES),
    });
  }

  private async composeWelcome(userId: string, claimed: boolean): Promise<Compose | null> {
    const user = await findUserById(this.db, userId);
    if (!user) return null;
    return (chamber) => ({
      to: user.email,
      ...(claimed
        ? claimWelcomeMail(chamber, user.firstName)
        : welcomeMail(chamber, user.firstName)),
    });
  }

  /** Tells whether the address belongs to a roster contact without a login (409 if taken). */
  async verifyContact(email: string, ip: string): Promise<VerifyContactResponse> {
    await this.take(throttles.lookup(ip), 'Too many email checks from your network.');
    const address = await classifyAddress(this.db, email);
    if (address.kind === 'taken') throw new AppError('conflict', messages.accountExists);
    return { exists: address.kind === 'claimable', contact: null };
  }

  /**
   * Replaces the address's code and mails it when the address is claimable. Every address gets
   * a stored code, hashed the same slow way, so the answer and its timing are the same whether
   * or not the address is on file; the others' codes match nothing.
   */
  async sendConfirmation(email: string, ip: string): Promise<SendConfirmationResponse> {
    const address = normalize(email);
    await this.take(
      throttles.send(address, ip),
      'Too many confirmation emails were requested for this address.',
    );
    // A code nobody learns voids the earlier one; the mail's own is made as it is composed
    // (`composeCode`, which skips an address that is not claimable). The request does the
    // same work for every address: one slow hash, one row replaced, one outbox row.
    const codeHash = await hashPassword(randomToken(16));
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await q.replaceEmailCode(tx, {
        purpose: CLAIM_PURPOSE,
        email: address,
        codeHash,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        now,
      });
      await this.outbox.queue(tx, CONFIRMATION_CODE_MAIL, { email: address });
    });
    this.outbox.wake();
    return { message: messages.codeSent, expiresInSeconds: CODE_TTL_MS / 1000 };
  }

  /**
   * Checks a code. Wrong codes are counted on the locked row, so parallel guesses cannot
   * exceed the limit; after the last allowed wrong code the code is dead, even for the right
   * one. Every check costs one slow hash, whatever its outcome. A right code answers a fresh
   * claim token (only its hash is kept, bound to the address and the contact), which the
   * registration must bring back: proving the address and claiming the listing are then the
   * same client, not anyone who learns the address in the next 15 minutes.
   */
  async verifyConfirmation(
    email: string,
    code: string,
    ip: string,
  ): Promise<VerifyConfirmationResponse> {
    await this.take(throttles.verify(ip), 'Too many code attempts from your network.');
    const address = normalize(email);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const row = await q.lockEmailCode(tx, CLAIM_PURPOSE, address);
      const live = row && !row.usedAt && row.expiresAt.getTime() > now.getTime();
      const locked = row && row.attempts >= CONFIRMATION_CODE_MAX_ATTEMPTS;
      const matches = await verifyPassword(live && !locked ? row.codeHash : undefined, code);
      if (!row || !live) return { error: new AppError('bad_request', messages.codeExpired) };
      if (locked) return { error: new AppError('bad_request', messages.codeLocked) };
      if (!matches) {
        const attempts = await q.countWrongCode(tx, row.id);
        const message =
          attempts >= CONFIRMATION_CODE_MAX_ATTEMPTS ? messages.codeLocked : messages.invalidCode;
        return { error: new AppError('bad_request', message) };
      }
      const found = await classifyAddress(tx, address);
      if (found.kind === 'taken')
        return { error: new AppError('conflict', messages.accountExists) };
      if (found.kind === 'unknown')
        return { error: new AppError('not_found', messages.contactGone) };
      const claimToken = randomToken(32);
      await q.markCodeVerified(tx, row.id, {
        now,
        claimTokenHash: sha256Hex(claimToken),
        contactId: found.contact.id,
      });
      return { contact: found.contact, claimToken };
    });
    if ('error' in outcome) throw outcome.error;
    return {
      verified: true,
      contact: toContactRef(outcome.contact),
      claimToken: outcome.claimToken,
      claimExpiresInSeconds: CLAIM_TTL_MS / 1000,
    };
  }

  /**
   * Creates the login of a verified roster contact and links it; it is active at once. Needs
   * the claim token of this address's verified code; the throttle and the token are checked
   * before the slow password hash, so refused calls cost next to nothing.
   */
  async registerExisting(
    input: {
      email: string;
      password: string;
      existingContactId?: string | undefined;
      claimToken?: string | undefined;
    },
    ip: string,
  ): Promise<RegistrationResponse> {
    await this.take(throttles.claim(ip), 'Too many registration attempts from your network.');
    const address = normalize(input.email);
    const token = input.claimToken?.trim();
    if (!token) throw new AppError('forbidden', messages.notVerified);
    // Checked again under the row lock below, where it counts.
    this.assertClaim(await q.findEmailCode(this.db, CLAIM_PURPOSE, address), token);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    let created: { email: string; firstName: string };
    try {
      created = await this.db.transaction(async (tx) => {
        const row = this.assertClaim(await q.lockEmailCode(tx, CLAIM_PURPOSE, address), token);
        const found = await classifyAddress(tx, address);
        if (found.kind === 'taken') throw new AppError('conflict', messages.accountExists);
        if (found.kind === 'unknown') throw new AppError('not_found', messages.contactGone);
        const { contact } = found;
        // The token proved this contact; the roster may have moved the address since.
        if (contact.id !== row.contactId) throw new AppError('forbidden', messages.claimInvalid);
        if (input.existingContactId && input.existingContactId !== contact.id) {
          throw new AppError('bad_request', messages.contactMismatch);
        }
        const user = await insertUser(tx, {
          email: contact.email ?? input.email.trim(),
          passwordHash,
          firstName: contact.firstName,
          lastName: contact.lastName,
          phone: contact.phone,
          role: 'member',
          // Already a member on the roster and listed in the directory: nothing to confirm.
          status: 'active',
          contactId: contact.id,
          createdAt: now,
          updatedAt: now,
        });
        await q.markCodeUsed(tx, row.id, now);
        await this.outbox.queue(tx, WELCOME_MAIL, { userId: user.id, claimed: true });
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', messages.accountExists);
      throw err;
    }
    this.outbox.wake();
    return { message: messages.registered, email: created.email, status: 'active' };
  }

  /** A new member not on the roster: a contact and a pending login, and a welcome mail. */
  async register(
    input: {
      firstName: string;
      lastName: string;
      businessName?: string | undefined;
      email: string;
      password: string;
      joining?: boolean | undefined;
    },
    ip: string,
  ): Promise<RegistrationResponse> {
    await this.take(throttles.lookup(ip), 'Too many sign-ups from your network.');
    const email = input.email.trim();
    const address = await classifyAddress(this.db, email);
    if (address.kind === 'taken') throw new AppError('conflict', messages.accountExists);
    if (address.kind === 'claimable') {
      throw new AppError('contact_on_file', messages.contactOnFile);
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const names = { firstName: input.firstName.trim(), lastName: input.lastName.trim() };
    try {
      await this.db.transaction(async (tx) => {
        const contact = await q.insertContact(tx, {
          ...names,
          email,
          businessName: input.businessName?.trim() || null,
          membershipTier: 'standard',
          paymentStatus: 'pending',
          createdAt: now,
          updatedAt: now,
        });
        const user = await insertUser(tx, {
          ...names,
          email,
          passwordHash,
          role: 'member',
          status: 'pending',
          contactId: contact.id,
          createdAt: now,
          updatedAt: now,
        });
        // Signing up on /join: what the member's standing will be depends on how they pay
        // and on the chamber's approval setting, so the join's invoice or receipt mail says it.
        if (!input.joining) {
          await this.outbox.queue(tx, WELCOME_MAIL, { userId: user.id, claimed: false });
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', messages.accountExists);
      throw err;
    }
    this.outbox.wake();
    return { message: messages.welcome, email, status: 'pending' };
  }

  /**
   * The code row whose live claim token this is. A missing row, a code never verified, spent
   * or verified too long ago, and a token of another address or an older verification all
   * answer the same 403, so the answer tells nothing about the address.
   */
  private assertClaim(row: q.EmailCodeRow | undefined, token: string): q.EmailCodeRow {
    const expected = row?.claimTokenHash ?? '';
    const matches = constantTimeEqual(sha256Hex(token), expected);
    const fresh =
      row?.verifiedAt != null &&
      this.clock.now().getTime() - row.verifiedAt.getTime() <= CLAIM_TTL_MS;
    if (!row || !matches || !fresh || row.usedAt) {
      throw new AppError('forbidden', messages.claimInvalid);
    }
    return row;
  }

  private async take(windows: Window[], what: string): Promise<void> {
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) throw tooMany(what, attempt.retryAfter);
  }
}

/**
 * Deletes confirmation codes and claim tokens that can no longer be used (spent, or past the
 * code's life and the claim token's after it). Meant for the scheduled clean-up.
 */
export function pruneEmailCodes(db: Executor, now: Date): Promise<number> {
  return q.deleteExpiredEmailCodes(db, now, CLAIM_TTL_MS);
}
