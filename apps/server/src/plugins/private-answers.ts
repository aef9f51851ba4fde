import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same whoever asks (a content-addressed file, the public start-up
     * configuration), so the route's own Cache-Control stands even for signed-in callers.
     */
    publicCache?: boolean;
  }
}

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Whatever answers a request that carries a session or credentials may hold that person's
 * data (an email address, an internal note, what they may edit): no cache may keep it, in
 * the browser or on the way. Decided here for every route, after the route has set its own
 * header, so a route that forgets cannot leak; the few answers that are the same for everyone
 * opt out with `config.publicCache`.
 */
export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const credentials = request.session !== null || request.headers.authorization !== undefined;
      if (credentials && !request.routeOptions.config.publicCache) {
        reply.header('cache-control', PRIVATE_NO_STORE);
      }
      done(null, payload);
    });
  },
  { name: 'private-answers', dependencies: ['auth'] },
);
