import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

const NUL = '\u0000';

/**
 * The path of the first string (or object key) holding a NUL character, in the `a.b.0.c`
 * form validation errors use; '' when `value` itself is such a string, undefined when none.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return path || 'a field name';
    const found = findNul(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query failed there as a 500.
 * Refused here instead, for every route at once: path parameters, the query string and the
 * parsed body, before any schema or handler sees them.
 */
export const nulGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of [request.params, request.query, request.body]) {
        const path = findNul(part);
        if (path !== undefined) {
          return done(
            new AppError(
              'validation_failed',
              `${path || 'request'}: must not contain a NUL character`,
            ),
          );
        }
      }
      done();
    });
  },
  { name: 'nul-guard' },
);
