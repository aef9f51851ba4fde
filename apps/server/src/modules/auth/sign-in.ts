import type {
  AuthorizeRequest,
  AuthorizeResponse,
  TokenRequest,
  TokenResponse,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { OAuthError } from '../../lib/errors.js';
import type { Throttle } from '../../lib/throttle.js';
import type { Session, SessionSource } from '../../plugins/auth.js';
import { verifyPassword } from './password.js';
import { verifyCodeVerifier } from './pkce.js';
import * as q from './queries.js';
import { touchSession } from './sessions.js';
import { signInWindows } from './sign-in-windows.js';
import { secondStepFor } from './two-factor.js';

export const CODE_TTL_MS = 60_000;
export const TOKEN_TTL_REMEMBER_MS = 30 * 24 * 3600_000;
export const TOKEN_TTL_SESSION_MS = 12 * 3600_000;

/** The cookie a successful sign-in leaves in the browser, which then counts as known. */
export const DEVICE_COOKIE = 'chamber_device';
export const DEVICE_TTL_MS = 365 * 24 * 3600_000;
const DEVICE_COOKIE_VALUE = new RegExp(
  `(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]{32,128})(?:;|$)`,
);

/** The device cookie's value in a Cookie header, if it has a well-formed one. */
export function deviceCookieOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? DEVICE_COOKIE_VALUE.exec(cookieHeader)?.[1] : undefined;
}

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/** Sign-in (the spec's PKCE flow), the sessions it opens, and sign-out. */
export class AuthService implements SessionSource {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly config: Config,
  ) {}

  async authorize(
    input: AuthorizeRequest & { remember: boolean },
    ip: string,
    deviceToken?: string,
  ): Promise<AuthorizeResponse> {
    if (input.redirectUri !== this.config.redirectUri) {
      throw new OAuthError(400, 'invalid_request', 'redirectUri is not registered for this portal');
    }
    const deviceHash = deviceToken ? sha256Hex(deviceToken) : undefined;
    const known =
      deviceHash !== undefined &&
      (await q.isKnownDevice(this.db, deviceHash, input.email.trim(), this.clock.now()));
    const windows = signInWindows(input.email, ip, known ? deviceHash : undefined);
    const attempt = await this.throttle.take(windows);
    if (attempt.blocked) {
      const minutes = Math.ceil(attempt.retryAfter / 60);
      throw new OAuthError(
        429,
        'too_many_attempts',
        `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    const user = await q.findUserByEmail(this.db, input.email.trim());
    const ok = await verifyPassword(user?.passwordHash, input.password);
    // A failure stays counted; a right password is not a failure, and clears the tight window.
    if (!user || !ok) throw new OAuthError(401, 'access_denied', 'Invalid email or password.');
    await this.throttle.refund(windows.slice(1), attempt);
    await this.throttle.reset(windows[0]!.key);
    if (user.status === 'suspended') {
      throw new OAuthError(
        403,
        'access_denied',
        'This account is suspended. Please contact the chamber office.',
      );
    }
    // An account with a second factor gets a challenge to answer instead of the code.
    const challenge = await secondStepFor(this.db, this.clock, user, input);
    if (challenge) return challenge;
    return { code: await this.issueCode(this.db, user.id, input) };
  }

  /** A fresh authorization code for the account, bound to the client's PKCE challenge. */
  async issueCode(
    db: Executor,
    userId: string,
    request: { codeChallenge: string; redirectUri: string; remember: boolean },
  ): Promise<string> {
    const code = randomToken(32);
    await q.insertAuthCode(db, {
      codeHash: sha256Hex(code),
      userId,
      codeChallenge: request.codeChallenge,
      redirectUri: request.redirectUri,
      remember: request.remember,
      expiresAt: new Date(this.clock.now().getTime() + CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Exchanges a code for a token. The code is spent by the first attempt whatever its outcome;
   * a later use of a spent code fails and revokes the token the first use issued
   * (RFC 6749 §4.1.2). Spending and issuing share one transaction, so a parallel exchange
   * waits on the row lock and then sees the code as spent.
   */
  async exchange(
    input: TokenRequest,
    client: { userAgent?: string; deviceToken?: string } = {},
  ): Promise<TokenResponse & { deviceToken: string }> {
    // The browser's device cookie, or a new one: it signed in, so it is known from now on.
    const deviceToken = client.deviceToken ?? randomToken(32);
    const codeHash = sha256Hex(input.code);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const code = await q.consumeAuthCode(tx, codeHash, now);
      if (!code) return { kind: 'spent' as const };
      if (code.expiresAt.getTime() <= now.getTime()) {
        return { kind: 'error' as const, error: invalidGrant('Authorization code has expired') };
      }
      if (code.redirectUri !== input.redirect_uri) {
        return { kind: 'error' as const, error: invalidGrant('redirect_uri does not match') };
      }
      if (!verifyCodeVerifier(input.code_verifier, code.codeChallenge)) {
        return { kind: 'error' as const, error: invalidGrant('code_verifier does not match') };
      }
      const ttl = code.remember ? TOKEN_TTL_REMEMBER_MS : TOKEN_TTL_SESSION_MS;
      const token = randomToken(32);
      await q.insertAccessToken(tx, {
        tokenHash: sha256Hex(token),
        userId: code.userId,
        authCodeId: code.id,
        expiresAt: new Date(now.getTime() + ttl),
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        createdAt: now,
        lastUsedAt: now,
      });
      await q.rememberDevice(tx, {
        deviceHash: sha256Hex(deviceToken),
        userId: code.userId,
        lastSignInAt: now,
        expiresAt: new Date(now.getTime() + DEVICE_TTL_MS),
      });
      return { kind: 'ok' as const, token, ttl };
    });
    if (outcome.kind === 'spent') {
      const code = await q.findAuthCode(this.db, codeHash);
      if (code) await q.revokeTokensOfCode(this.db, code.id, now);
      throw invalidGrant('Authorization code is invalid or has already been used');
    }
    if (outcome.kind === 'error') throw outcome.error;
    return {
      access_token: outcome.token,
      token_type: 'Bearer',
      expires_in: Math.floor(outcome.ttl / 1000),
      deviceToken,
    };
  }

  /** The session behind a bearer token, or null when it is unknown, expired, revoked or suspended. */
  async session(token: string): Promise<Session | null> {
    const row = await q.findSession(this.db, sha256Hex(token), this.clock.now());
    if (!row || row.user.status === 'suspended') return null;
    await touchSession(this.db, row.token, this.clock.now());
    return {
      tokenId: row.token.id,
      expiresAt: row.token.expiresAt,
      user: row.user,
      contact: row.contact,
      membershipStatus: row.membershipStatus,
      businessRole: row.businessRole,
    };
  }

  async logout(session: Session): Promise<void> {
    await q.revokeToken(this.db, session.tokenId, this.clock.now());
  }
}
