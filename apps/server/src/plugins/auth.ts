import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@chamber/contract';
import { AppError } from '../lib/errors.js';
import type { AuthService, Session } from '../modules/auth/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null for anonymous requests and dead tokens. */
    session: Session | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) {
    throw new AppError('unauthorized', 'Please sign in to continue.', {
      'www-authenticate': 'Bearer',
    });
  }
  return request.session;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): Session {
  const session = requireSession(request);
  if (!roles.includes(session.user.role)) {
    throw new AppError('forbidden', 'You do not have permission to do that.');
  }
  return session;
}

/** Resolves the bearer token of every request to a session; routes decide what they need. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token) request.session = await opts.auth.session(token);
    });
  },
  { name: 'auth' },
);
