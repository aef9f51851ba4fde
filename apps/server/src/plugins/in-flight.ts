import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
    const running = new Set<FastifyRequest>();
    let idle: (() => void) | null = null;
    const done = (request: FastifyRequest) => {
      if (running.delete(request) && running.size === 0) idle?.();
    };
    app.addHook('onRequest', async (request) => {
      running.add(request);
    });
    app.addHook('onSend', async (request) => {
      done(request);
    });
    // Any that never reached onSend (an answer not sent through the reply) ends here.
    app.addHook('onResponse', async (request) => {
      done(request);
    });
    // onClose hooks run after the server stopped listening, the last registered first: this
    // one before the mail and storage close (app.ts registers those before this plugin).
    app.addHook('onClose', async () => {
      if (running.size === 0) return;
      await new Promise<void>((resolve) => (idle = resolve));
    });
  },
  { name: 'in-flight' },
);
