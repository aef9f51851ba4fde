import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * app routes fall back to index.html, and unknown paths under /api answer JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root && existsSync(path.join(opts.root, 'index.html')) ? opts.root : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files: sent as the client accepts.
      preCompressed: true,
      // setHeaders decides the caching of every file.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
        // Which copy was sent depends on Accept-Encoding: shared caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn('web build not found; only the API is served (run the build first)');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !root || !wantsHtml) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No route for ${request.method} ${url}` });
    }
    // A missing file with an extension is a real 404, not an app route.
    if (path.extname(url) !== '') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
});
