import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const counted = Symbol('in flight');

declare module 'fastify' {
  interface FastifyRequest {
    [counted]?: boolean;
  }
}

/**
 * Closing the app waits for every request already being answered, including those whose
 * client hung up: Fastify's close resolves once the sockets are gone, which for a client
 * that went away is before its handler ends, and the mail and then the database would close
 * under it ('Cannot use a pool after calling end on the pool'). A request counts from its
 * `onRequest` (registered before the session's, which reads the database) to its `onSend`,
 * which runs for every answer, sent to a socket or not. A query a later `onSend` starts (the
 * idempotency plugin's) has its connection by then, and the pool's end waits for it.
 */
export const inFlightPlugin = fp(
  async (app: FastifyInstance) => {
    // A count and a mark on the request rather than a set of requests: this runs for every
    // request, and callback hooks cost no promise.
    let running = 0;
    let idle: (() => void) | null = null;
    const done = (request: FastifyRequest) => {
      if (!request[counted]) return;
      request[counted] = false;
      running -= 1;
      if (running === 0) idle?.();
    };
    app.addHook('onRequest', (request, _reply, next) => {
      request[counted] = true;
      running += 1;
      next();
    });
    app.addHook('onSend', (request, _reply, payload, next) => {
      done(request);
      next(null, payload);
    });
    // Any that never reached onSend (an answer not sent through the reply) ends here.
    app.addHook('onResponse', (request, _reply, next) => {
      done(request);
      next();
    });
    // onClose hooks run after the server stopped listening, the last registered first: this
    // one before the mail and storage close (app.ts registers those before this plugin).
    app.addHook('onClose', async () => {
      if (running === 0) return;
      await new Promise<void>((resolve) => (idle = resolve));
    });
  },
  { name: 'in-flight' },
);
