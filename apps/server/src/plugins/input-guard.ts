import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

const NUL = '\u0000';
/** With the u flag a well-formed pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * How deep a request's values may nest. No form or API body comes near it (the deepest, an
 * event's payload, is three levels); it stops a small body of thousands of brackets.
 */
export const MAX_DEPTH = 32;

/** What is wrong with a value of a request, and where: `a.b.0.c`, as validation errors say. */
export interface InputFault {
  /** '' for the value itself. */
  path: string;
  problem: string;
}

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) {
    return 'must not contain an unpaired surrogate (U+D800 to U+DFFF alone)';
  }
  return undefined;
}

/**
 * The first string or object key of `value` that no column can take (a NUL, an unpaired
 * surrogate), or the first place it nests deeper than MAX_DEPTH; undefined when none. Walked
 * with a stack of its own, so no depth of input can exhaust the call stack.
 */
export function findInputFault(value: unknown): InputFault | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { path, depth } = next;
    const item = next.value;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return { path, problem };
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_DEPTH) {
      // The outermost field names it: the path down is as long as the nesting.
      return {
        path: path.split('.')[0]!,
        problem: `must not nest deeper than ${MAX_DEPTH} levels`,
      };
    }
    const entries = Array.isArray(item)
      ? item.map((child, i) => [String(i), child] as const)
      : Object.entries(item);
    for (const [key] of entries) {
      const problem = textProblem(key);
      if (problem) return { path: path || 'a field name', problem };
    }
    // Pushed last first, so fields are looked at in their order.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Input no handler should meet, refused here for every route at once: path parameters, the
 * query string and the parsed body, before any schema or handler sees them.
 * - A NUL: PostgreSQL text cannot hold U+0000, so it failed in a query as a 500.
 * - An unpaired surrogate: not a character at all, so encoding it (a URL, a mail, a hash)
 *   threw, again a 500.
 * - Nesting past MAX_DEPTH: any walk over the value (this one included, once) could run out
 *   of stack.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const part of [request.params, request.query, request.body]) {
        const fault = findInputFault(part);
        if (fault) {
          return done(
            new AppError('validation_failed', `${fault.path || 'request'}: ${fault.problem}`),
          );
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
