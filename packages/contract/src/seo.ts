import { z } from 'zod';

/** GET /sitemap.xml: a sitemaps.org urlset, or a sitemap index past 50,000 URLs. */
export const sitemapXmlSchema = z.string().describe('XML (application/xml)');
/** GET /sitemap-{n}.xml: one part of a large sitemap. */
export const sitemapPartParamsSchema = z.object({ n: z.coerce.number().int().min(1).max(1000) });
/** GET /robots.txt: what crawlers may fetch, and where the sitemap is. */
export const robotsTxtSchema = z.string().describe('text/plain');

/** The sitemaps.org limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
