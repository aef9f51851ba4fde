import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type BusinessRole,
  hasPlanFeatures,
  isStaffRole,
  type MembershipStatus,
  type Role,
} from '@chamber/contract';
import type { contacts, users } from '@chamber/db';
import { AppError } from '../lib/errors.js';

/**
 * Who is calling: the live access token, its account and the account's contact. Every module
 * reads it from `request.session`; the auth module issues the tokens and resolves them.
 */
export interface Session {
  tokenId: string;
  expiresAt: Date;
  user: typeof users.$inferSelect;
  contact: typeof contacts.$inferSelect | null;
  /** The status of the contact's membership; null (or absent) without one. */
  membershipStatus?: MembershipStatus | null;
  /**
   * The login's role among the people of the business it acts for (`user.contactId`); null
   * (or absent) without one. Read with the session, so the listing's rights cost no query.
   */
  businessRole?: BusinessRole | null;
}

/** How the plugin turns a bearer token into a session (the auth module's AuthService). */
export interface SessionSource {
  session(token: string): Promise<Session | null>;
}

/**
 * A session of an account the chamber has confirmed. A pending account (self-registered, not
 * yet confirmed by staff) signs in and keeps up its own profile, and otherwise has a
 * visitor's rights: it sees other members as visitors do and creates nothing for the public.
 * (A suspended account has no session at all.)
 */
export const isActiveAccount = (session: Session | null): session is Session =>
  session?.user.status === 'active';

/** Moderators and admins. Rights over other members' pages also need an active account. */
export const isStaff = (session: Session | null): boolean =>
  session !== null && isStaffRole(session.user.role);

/**
 * The one rule of member-only rights (members' email addresses, members-only deals, putting
 * events and their files on the public calendar): a confirmed account whose business has a
 * current membership, active or in grace. A lapsed, cancelled or still unpaid membership is
 * a visitor's rights, however active the login. Staff keep theirs without a membership.
 */
export const isCurrentMember = (session: Session | null): boolean =>
  isActiveAccount(session) &&
  (isStaff(session) ||
    (session.membershipStatus != null && hasPlanFeatures(session.membershipStatus)));

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null for anonymous requests and dead tokens. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route at all: any live session, staff (moderators and admins) or
     * admins. Checked as the request arrives, before its body is read or validated, so a
     * caller without the right learns nothing about the route's fields (401, then 403).
     * Rules that need the resource (owner or staff) stay in the service.
     */
    access?: Access;
  }
}

export type Access = 'signed-in' | 'staff' | 'admin';

/**
 * The OpenAPI security of a route anyone may call whose answer a bearer token changes (what
 * its owner or staff see, who registers): clients send the token when they have one.
 */
export const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];

const rolesFor: Record<Access, Role[] | undefined> = {
  'signed-in': undefined,
  staff: ['moderator', 'admin'],
  admin: ['admin'],
};

/** RFC 6750 §2.1: `Bearer` and one b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
/** RFC 7235 §2.1: an auth-scheme, alone or with its credentials after a space. */
const CREDENTIALS = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?: +\S.*)?$/;

/**
 * The bearer token of the request: undefined without an Authorization header or with another
 * scheme's credentials (which this API does not read). A header that is no credentials at all,
 * or a Bearer one that is not exactly one token, answers 400 `invalid_request` (RFC 6750 §3.1),
 * so a client learns its header is broken instead of being served as anonymous.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = BEARER.exec(header)?.[1];
  if (token) return token;
  const scheme = CREDENTIALS.exec(header)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== 'bearer') return undefined;
  throw new AppError(
    'invalid_request',
    'The Authorization header is malformed: send "Bearer" and the access token.',
    { 'www-authenticate': 'Bearer error="invalid_request"' },
  );
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) {
    // RFC 6750 3.1: a token that was sent but is unknown, expired or revoked is named as
    // such, so a client knows to sign in again; a request without one gets the bare scheme.
    const challenge = bearerToken(request)
      ? 'Bearer error="invalid_token", error_description="The access token is expired, revoked or unknown."'
      : 'Bearer';
    throw new AppError('unauthorized', 'Please sign in to continue.', {
      'www-authenticate': challenge,
    });
  }
  return request.session;
}

/**
 * RFC 6750 §3.1: what a signed-in call that lacks the right is answered with, besides its 403
 * (the error handler adds it to every 403 of a signed-in request).
 */
export const INSUFFICIENT_SCOPE = 'Bearer error="insufficient_scope"';

export function requireRole(request: FastifyRequest, ...roles: Role[]): Session {
  const session = requireSession(request);
  if (!roles.includes(session.user.role)) {
    throw new AppError('forbidden', 'You do not have permission to do that.', {
      'www-authenticate': INSUFFICIENT_SCOPE,
    });
  }
  return session;
}

/** Resolves the bearer token of every request to a session; routes decide what they need. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: SessionSource }) => {
    app.decorateRequest('session', null);
    // Callback hooks: an anonymous request, or a route open to all, passes without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      let token: string | undefined;
      try {
        token = bearerToken(request);
      } catch (err) {
        return done(err as Error);
      }
      if (!token) return done();
      opts.auth.session(token).then((session) => {
        request.session = session;
        done();
      }, done);
    });
    // Added after the hook above, so it runs once the session is known.
    app.addHook('onRequest', (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      if (!access) return done();
      try {
        const roles = rolesFor[access];
        if (roles) requireRole(request, ...roles);
        else requireSession(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    });
    app.addHook('onRoute', (route) => {
      // The OpenAPI document says which routes need a bearer token.
      if (route.config?.access && route.schema) route.schema.security ??= [{ bearer: [] }];
    });
  },
  { name: 'auth' },
);
