import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The origins of the forms the chamber embeds (the chamber module keeps them). */
export interface EmbedOrigins {
  get(): Promise<string[]>;
}

/** Google's map embed on member, event and contact pages (spec §2). */
const MAP_ORIGIN = 'https://www.google.com';

/**
 * The Content-Security-Policy of the web app's pages: our own scripts, plus exactly the
 * chamber's configured embed origins (scripts, frames and their calls), the map frame, and
 * images from https (event covers may be links). Nothing may frame the portal.
 */
export function pagePolicy(embeds: readonly string[], https: boolean): string {
  const list = (...extra: string[]) => ["'self'", ...extra].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(...embeds)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    `connect-src ${list(...embeds)}`,
    `frame-src ${list(MAP_ORIGIN, ...embeds)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
    `manifest-src 'self'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** JSON and files are never pages: nothing may run or frame them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const DOCS_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'";

/**
 * Chosen by path, not content type: files streamed from disk get their type after this hook
 * runs. Everything outside /api is the web app (its pages and their assets).
 */
async function policyFor(request: FastifyRequest, embeds: EmbedOrigins, https: boolean) {
  const url = request.url;
  if (url.startsWith('/api/docs')) return DOCS_POLICY;
  if (url === '/api' || url.startsWith('/api/')) return API_POLICY;
  return pagePolicy(await embeds.get(), https);
}

/**
 * Security headers beyond helmet's defaults: the CSP above on pages, a closed one on
 * everything else, and HSTS only on requests that arrived over TLS (at the proxy, when
 * TRUST_PROXY names it), since a plain-HTTP install must stay reachable.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { embeds: EmbedOrigins }) => {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      const https = request.protocol === 'https';
      if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', await policyFor(request, opts.embeds, https));
      }
      return payload;
    });
  },
  { name: 'security' },
);
