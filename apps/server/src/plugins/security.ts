import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The origins of the forms the chamber embeds (the chamber module keeps them). */
export interface EmbedOrigins {
  get(): Promise<string[]>;
}

/** Google's map embed on member, event and contact pages (docs/product.md#screens). */
const MAP_ORIGIN = 'https://www.google.com';

/**
 * The Content-Security-Policy of the web app's pages: our own scripts (files, and the inline
 * scripts of the web app's index.html by their hashes), plus exactly the chamber's configured
 * embed origins (scripts, frames and their calls), the map frame, and images from https
 * (event covers may be links). Nothing may frame the portal.
 */
export function pagePolicy(
  embeds: readonly string[],
  https: boolean,
  scriptHashes: readonly string[] = [],
  imageOrigins: readonly string[] = [],
): string {
  const list = (...extra: string[]) => ["'self'", ...extra].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(...scriptHashes, ...embeds)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https: ${imageOrigins.join(' ')}`.trimEnd(),
    `font-src 'self' data:`,
    `connect-src ${list(...embeds)}`,
    // The page's own warm-up worker is a blob (web app's index.html); nothing else is.
    `worker-src 'self' blob:`,
    `frame-src ${list(MAP_ORIGIN, ...embeds)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
    `manifest-src 'self'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts an HTML template runs: every <script>
 * without src whose type is none, JavaScript or module; data blocks (JSON, JSON-LD) run
 * nothing and need none. The hash covers the text between the tags exactly as served.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/(java|ecma)script$/.test(type)) {
      continue;
    }
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The CSP source of a tile URL template: its scheme and host, a `{s}` subdomain as `*`
 * (https://{s}.tile.example.org/{z}/{x}/{y}.png → https://*.tile.example.org).
 */
export function tileOrigin(template: string): string {
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(template)?.[1] ?? '';
  return origin.replace(/\{[a-z]+\}/gi, '*');
}

/** JSON and files are never pages: nothing may run or frame them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const DOCS_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'";

const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's headers for these options: the same for every request, so worked out once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The options given to helmet: its defaults, less what the hooks below decide per request. */
const HELMET: HelmetOptions = {
  // Set below, by path: pages get the chamber's embed origins.
  contentSecurityPolicy: false,
  // The embedded forms and map come from other origins.
  crossOriginEmbedderPolicy: false,
  // Only over TLS: see below.
  strictTransportSecurity: false,
  // Keep the origin on links out (embeds and maps need it), never the path.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The web app's built scripts, styles and fonts (`/assets/`, named by their content): a page
 * loads 20 to 70 of them. The document's headers (its policy, framing, opener, cluster and
 * download rules) do nothing on a script or a style, and were 850 of each such answer's 1,140
 * bytes of headers; such a file keeps what guards a subresource (decision 168).
 */
const isBuiltSubresource = (url: string) =>
  url.startsWith('/assets/') && /\.(?:js|css|woff2?)(?:[?#]|$)/.test(url);

/** What a built script, style or font is sent with: no MIME sniffing, no other site's pages. */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

/**
 * Every answer's security headers and its request id: helmet's (computed once at start, set
 * in one call), a closed CSP on the API and files, the CSP above on pages, and HSTS only on
 * requests that arrived over TLS (at the proxy, when TRUST_PROXY names it), since a
 * plain-HTTP install must stay reachable. The CSP is chosen by path, not content type: files
 * streamed from disk get their type later. Set as the request arrives, so a route may still
 * send a policy of its own; pages get theirs as they are sent (the embed origins are read
 * from the database, and only pages need them).
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      embeds: EmbedOrigins;
      /** The CSP sources of the web app's inline scripts (inlineScriptHashes of index.html). */
      scriptHashes?: readonly string[];
      /** Origins pages load images from besides https: (the map's tiles, which may be http). */
      imageOrigins?: readonly string[];
    },
  ) => {
    const scriptHashes = opts.scriptHashes ?? [];
    const imageOrigins = opts.imageOrigins ?? [];
    const fixed = helmetHeaders(HELMET);
    const forSubresources = Object.fromEntries(SUBRESOURCE_HEADERS.map((h) => [h, fixed[h]!]));
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const url = request.url;
      const subresource = isBuiltSubresource(url);
      reply.headers(subresource ? forSubresources : fixed);
      reply.header('x-request-id', request.id);
      const https = request.protocol === 'https';
      if (https) reply.header('strict-transport-security', HSTS);
      if (subresource) return done();
      if (url.startsWith('/api/docs')) reply.header('content-security-policy', DOCS_POLICY);
      else if (isApi(url)) reply.header('content-security-policy', API_POLICY);
      done();
    });
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      if (reply.hasHeader('content-security-policy') || isBuiltSubresource(request.url)) {
        return done(null, payload);
      }
      opts.embeds.get().then(
        (embeds) => {
          reply.header(
            'content-security-policy',
            pagePolicy(embeds, request.protocol === 'https', scriptHashes, imageOrigins),
          );
          done(null, payload);
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'security' },
);
