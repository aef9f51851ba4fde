import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiErrorSchema } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { IdempotencyKeys } from '../lib/idempotency-keys.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route accepts an `Idempotency-Key` header: a retry with the same key gets the
     * first answer instead of doing the write again. For writes a retry could duplicate.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, whose answer is kept for its retries. */
    idempotency: { scope: string; key: string } | null;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY = /^[\x20-\x7e]{1,255}$/;

/** The header as the OpenAPI document shows it and as it is validated. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(KEY, 'must be 1 to 255 printable ASCII characters')
    .optional()
    .describe(
      'A key the client makes for this one request (a UUID, say) and sends again with each retry of it. A retry gets the first answer, with `Idempotent-Replayed: true`, for 24 hours; the same key with a different request answers 422, and while the first is still running 409.',
    ),
});

/** Kept with an answer and sent again with its replays. */
const KEPT_HEADERS = ['content-type', 'location'];

/**
 * Answers that invite the client to try again later: the request was not carried out, so
 * the key is given back and the retry runs it.
 */
const retryLater = (status: number) => status === 429 || status === 503;

/**
 * Idempotency keys for the routes that opt in with `config.idempotent`, kept in PostgreSQL
 * so every process honours them. A key belongs to its caller (the signed-in user, else the
 * client address) and the route. The request's fingerprint is its path, query and validated
 * body: the claim is made after validation, so a malformed request is answered 400 and claims
 * nothing, and before the handler, so two requests with one key never both run.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; clock: Clock }) => {
    const keys = new IdempotencyKeys(opts.db);
    app.decorateRequest('idempotency', null);

    const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
      // A request that failed validation (routes that answer it themselves) claims nothing.
      if (request.validationError) return;
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string') return;
      const caller = request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`;
      const scope = `${caller} ${request.method} ${request.routeOptions.url}`;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([request.url, request.body ?? null]))
        .digest('hex');
      const claim = await keys.claim(scope, key, fingerprint, opts.clock.now());
      switch (claim.kind) {
        case 'claimed':
          request.idempotency = { scope, key };
          return;
        case 'mismatch':
          throw new AppError(
            'idempotency_key_reused',
            'This Idempotency-Key was already used for a different request.',
          );
        case 'in_flight':
          throw new AppError(
            'conflict',
            'A request with this Idempotency-Key is still being answered. Try again shortly.',
            { 'retry-after': '1' },
          );
        case 'replay':
          return reply
            .code(claim.answer.status)
            .headers(claim.answer.headers)
            .header('idempotent-replayed', 'true')
            .send(Buffer.from(claim.answer.body));
      }
    };

    const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claimed = request.idempotency;
      if (!claimed) return payload;
      request.idempotency = null;
      const status = reply.statusCode;
      try {
        if (retryLater(status) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
          await keys.release(claimed.scope, claimed.key);
        } else {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = reply.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          // Kept whatever the status, a 500 too: whether the write happened is then unknown,
          // and a replay must not risk doing it twice.
          await keys.complete(claimed.scope, claimed.key, {
            status,
            headers,
            body: typeof payload === 'string' ? payload : payload.toString('utf8'),
          });
        }
      } catch (err) {
        // The answer still goes out; the claim lapses after IDEMPOTENCY_CLAIM_MS.
        request.log.error({ err }, 'idempotency key not recorded');
      }
      return payload;
    };

    // Hooks of the routes that opt in only: every other request pays nothing for them. No
    // other route hook or scoped hook runs between the global ones and these, so they run
    // where global hooks of this plugin would.
    const asList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.schema ??= {};
      if (route.schema.headers) throw new Error(`${route.url}: headers schema already set`);
      route.schema.headers = idempotencyHeadersSchema;
      // The answers the key adds: still running (409), used for another request (422).
      const response = (route.schema.response ?? {}) as Record<number, unknown>;
      route.schema.response = { 409: apiErrorSchema, 422: apiErrorSchema, ...response };
      route.preHandler = [...asList(route.preHandler), claimKey as preHandlerAsyncHookHandler];
      route.onSend = [...asList(route.onSend), keep as onSendHookHandler];
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
