// Owner: modules/auth. Logins and what signs them in: users, PKCE codes and bearer tokens,
// emailed codes, password resets, second factors, recovery codes, sign-in challenges and
// known browsers, address changes, and the chamber's sign-in rules.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roles, userStatuses } from '@chamber/contract/vocabulary';
import { timestamps } from './columns.js';
import { contacts } from './members.js';

export const roleEnum = pgEnum('role', roles);
export const userStatusEnum = pgEnum('user_status', userStatuses);

/**
 * A login. `contactId` is the business it acts for, one of the businesses it is a person of
 * (business_people); a login of several businesses switches it in the account menu.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: roleEnum('role').notNull().default('member'),
    status: userStatusEnum('status').notNull().default('pending'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_contact_id_idx').on(t.contactId),
  ],
);

/** Single-use PKCE authorization codes; only a hash of the code is stored. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_codes_code_hash_key').on(t.codeHash), index().on(t.expiresAt)],
);

/** Opaque bearer tokens; only a hash of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authCodeId: uuid('auth_code_id').references(() => authCodes.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser that signed in, for the list of sessions in /profile (at most 512 chars). */
    userAgent: text('user_agent'),
    /** When the token was last used, to within a few minutes (modules/auth/sessions.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index().on(t.userId),
    index().on(t.authCodeId),
  ],
);

/**
 * Emailed confirmation codes (the existing-contact sign-up). One live code per purpose and
 * address: a resend replaces it. Only a hash of the code is stored.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes entered; the code is dead after the limit, even for the right one. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * SHA-256 of the claim token handed to whoever entered the right code; registration needs
     * it, so proving the address and finishing the claim must be the same client.
     */
    claimTokenHash: text('claim_token_hash'),
    /** The contact the verified code proved, which the claim token is bound to. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_codes_purpose_email_key').on(t.purpose, t.email),
    index().on(t.expiresAt),
  ],
);

/**
 * Password reset links. Only the SHA-256 of the token is kept; `passwordFingerprint` is the
 * SHA-256 of the account's password hash when the link was made, so any later change of the
 * password (another reset, a change in /profile, the command line) voids the link.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordFingerprint: text('password_fingerprint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index().on(t.userId),
    index().on(t.expiresAt),
  ],
);

/**
 * An account's TOTP (RFC 6238) second factor. The secret has to be read to check a code, so it
 * is stored as the authenticator app holds it. `enabledAt` is null while an enrolment waits
 * for its first code; `lastTimeStep` is the time step of the last code accepted, so a code is
 * never accepted twice.
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * Wrong codes (app or recovery) at sign-in since the last right one, across challenges and
   * throttle windows; at the limit `lockedAt` is set and the second step is refused until a
   * password reset or an admin's reset of two-factor sign-in.
   */
  failedCodes: integer('failed_codes').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});

/**
 * Browsers that signed in to an account: the SHA-256 of the device cookie a successful sign-in
 * set. A known browser has its own budget of wrong passwords for that account, so strangers
 * filling the account's budget do not lock its owner out (docs/decisions/0102-sign-in-guards-the-owners-browser.md).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    deviceHash: text('device_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.userId] }), index().on(t.expiresAt)],
);

/** Single-use recovery codes of a second factor; only a SHA-256 of each code is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_code_hash_key').on(t.codeHash), index().on(t.userId)],
);

/**
 * The second step of a sign-in: the password was right, and a code (or an enrolment, for staff
 * who must have a second factor) is still owed. Carries what the authorization code will need;
 * only a SHA-256 of the challenge id is stored.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'code': the account has a second factor; 'enrol': it must set one up first. */
    kind: text('kind').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    remember: boolean('remember').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_challenge_hash_key').on(t.challengeHash),
    index().on(t.expiresAt),
  ],
);

/**
 * A requested change of an account's sign-in address, waiting for the link mailed to the new
 * address (SHA-256 of its token). One per account: a new request replaces it. `oldEmail` is
 * the address at the time of the request; a link is void once the account's address differs.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    uniqueIndex('email_changes_user_id_key').on(t.userId),
    index().on(t.expiresAt),
  ],
);

/** The chamber's sign-in rules, one row, changed by admins in the Settings tab. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Admins and moderators must sign in with a second factor (and enrol at sign-in). */
    requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('security_settings_single_row', sql`${t.id} = 1`)],
);
