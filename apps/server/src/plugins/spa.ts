import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Database } from '@chamber/db';
import { CompressedBody } from '../lib/compressed-body.js';
import { currentDataVersion, VersionedCache } from '../lib/versioned-cache.js';
import { HASHED_DIR, serveHashedAssets } from './hashed-assets.js';
import {
  matchAppPath,
  pagesReadingClock,
  pagesReadingTheMinute,
  type RenderedPage,
} from '@chamber/contract';
import type { Clock } from '../lib/clock.js';
import { type PageHead, withBody, withHead } from '../modules/public-pages/index.js';

/** The head of an app route's page, or null for a path that is no app route. */
export type PageHeadOf = (pathname: string) => Promise<PageHead | null>;

/**
 * The server-rendered body of a public page, or null when the browser renders it. `withQuery`:
 * the request has a query string; `now`: the clock the page is drawn at (RenderOptions in the
 * contract).
 */
export type RenderPage = (
  pathname: string,
  options: RenderPageOptions,
) => Promise<RenderedPage | null>;

/** `search`: the query string without its `?` (the calendar's month, the directory's page). */
interface RenderPageOptions {
  withQuery: boolean;
  search: string;
  now: Date;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * What a page is kept under besides the data version: its path, its query string (a calendar
 * month or a directory page is a page of its own; the cache's size bounds how many are kept),
 * and for a page drawn from the clock (upcoming events, whether an event has started, its
 * countdown: `pagesReadingClock`) the hour of the server's clock, so that it moves on with
 * time even when no data changes: drawn at the first request of each hour, it is at most an
 * hour behind; the pages saying whether a business is open (`pagesReadingTheMinute`) the
 * minute. (The browser corrects it as soon as it has hydrated.)
 */
export function keptPageKey(url: string, search: string, now: Date): string {
  const route = matchAppPath(url);
  const timed = route !== null && pagesReadingClock.has(route.name);
  // Whether a business is open changes at any minute: those pages are a minute's.
  const slot = route !== null && pagesReadingTheMinute.has(route.name) ? MINUTE : HOUR;
  const at = Math.floor(now.getTime() / slot);
  return `${url}${search ? `?${search}` : ''}${timed ? `@${slot === MINUTE ? 'm' : ''}${at}` : ''}`;
}

interface ServedPage {
  status: number;
  /** The page's HTML, with its brotli and gzip forms made once when it is kept. */
  html: CompressedBody;
}

/**
 * Serves the built web app: hashed assets from memory, cached for a year; everything else from
 * disk, revalidated; unknown paths under /api answer JSON 404. With `pages`, an app route gets index.html
 * with its page's head and status (a missing member or event is a 404 that still carries the
 * app, which draws the error card), and a path that is no app route is redirected home. With
 * `render`, a public page's body is rendered on the server as an anonymous visitor sees it.
 * Each page is kept until the data version moves, as the directory's answers are, and
 * compressed once when it is kept: brotli or gzip as the browser accepts, plain (made again
 * from the gzip form) otherwise.
 */
export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      root: string | undefined;
      pages?: {
        db: Database;
        clock: Clock;
        headOf: PageHeadOf;
        render?: RenderPage | null;
        /** Told of each page sent whole (200), kept or drawn now: the views counted. */
        sent?: (pathname: string, request: FastifyRequest) => void;
      };
    },
  ) => {
    const root =
      opts.root && existsSync(path.join(opts.root, 'index.html')) ? opts.root : undefined;
    const { pages } = opts;
    // Each page held as its brotli and gzip forms only (CompressedBody): 3 kB (the head only)
    // to about 400 kB (the calendar's month with a year of upcoming events, 3 MB of HTML). At
    // most 16 MB of the server's 256 MB, the least recently asked going first.
    const served = new VersionedCache<ServedPage | null>({
      name: 'pages with their head tags',
      maxEntries: 5000,
      maxSize: 16 * 1024 * 1024,
      sizeOf: (page) => page?.html.size ?? 0,
    });
    let template: Promise<string> | undefined;
    const page = async (
      pathname: string,
      options: RenderPageOptions,
    ): Promise<ServedPage | null> => {
      const head = await pages!.headOf(pathname);
      if (!head) return null;
      template ??= readFile(path.join(root!, 'index.html'), 'utf8');
      const html = withHead(await template, head);
      // A 404 or 410 carries the app, which draws the error card.
      const body = head.status === 200 ? await renderBody(pathname, options) : null;
      return {
        status: head.status,
        html: await CompressedBody.from(
          body ? withBody(html, body) : html,
          'text/html; charset=utf-8',
        ),
      };
    };
    const renderBody = async (pathname: string, options: RenderPageOptions) => {
      try {
        return (await pages!.render?.(pathname, options)) ?? null;
      } catch (error) {
        // The browser renders what the server could not: the page still works.
        app.log.error({ err: error, pathname }, 'server rendering failed');
        return null;
      }
    };
    if (root) {
      // The hashed files are sent from memory (serveHashedAssets); the rest from disk.
      await serveHashedAssets(app, root);
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        globIgnore: [`${HASHED_DIR}/**`],
        // The web build writes .br and .gz copies of its text files: sent as the client accepts.
        preCompressed: true,
        // setHeaders decides the caching of every file: none of these is hashed.
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('cache-control', 'public, max-age=0, must-revalidate');
          // Which copy was sent depends on Accept-Encoding: shared caches must keep them apart.
          res.setHeader('vary', 'accept-encoding');
        },
      });
    } else {
      app.log.warn('web build not found; only the API is served (run the build first)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const [url = '/', query = ''] = request.url.split('?');
      const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
      if (url === '/api' || url.startsWith('/api/') || !root || !wantsHtml) {
        return reply
          .status(404)
          .send({ error: 'not_found', message: `No route for ${request.method} ${url}` });
      }
      // A missing file with an extension is a real 404, not an app route; a preference link's
      // token has dots in it, and is the app's.
      if (path.extname(url) !== '' && matchAppPath(url)?.name !== 'mailPreferences') {
        return reply.status(404).type('text/plain').send('Not found');
      }
      if (!pages) {
        return reply
          .header('cache-control', 'no-cache')
          .sendFile('index.html', { cacheControl: false });
      }
      const version = await currentDataVersion(pages.db);
      // Pages are kept by path and query string: the server renders the calendar's month and
      // the directory's page from theirs; another page drawn from its query is left to the
      // browser, which reads it (the job board's search). A page drawn from the clock is kept
      // for the hour it was drawn in (keptPageKey).
      const withQuery = query !== '';
      const now = pages.clock.now();
      const shown = await served.get(keptPageKey(url, query, now), version, () =>
        page(url, { withQuery, search: query, now }),
      );
      // The spec: an unknown page redirects home.
      if (!shown) return reply.redirect('/', 302);
      if (shown.status === 200 && request.method === 'GET') pages.sent?.(url, request);
      return shown.html.send(
        request,
        reply.status(shown.status).header('cache-control', 'no-cache'),
      );
    });
  },
);
