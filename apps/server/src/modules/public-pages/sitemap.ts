import { paths, SITEMAP_MAX_URLS, type AppPathName } from '@chamber/contract';

export interface SitemapEntry {
  /** Path on the portal, e.g. /members/…. */
  path: string;
  lastmod?: Date;
}

/** The public pages without parameters, as search engines should list them. */
export const PUBLIC_PAGES: AppPathName[] = [
  'home',
  'calendar',
  'members',
  'join',
  'nominations',
  'basicMembership',
  'enhancedMembership',
  'eliteMembership',
  'jobPostings',
  'deals',
  'news',
  'sponsorships',
  'about',
  'contact',
  'privacy',
  'terms',
];

/** Paths crawlers must not fetch: the API, staff screens and each person's own pages. */
export const DISALLOWED: AppPathName[] = [
  'dashboard',
  'admin',
  'profile',
  'account',
  'membership',
  'courses',
  'login',
  'register',
  'registerExisting',
  'forgotPassword',
  'resetPassword',
  'confirmEmail',
  'connectAccount',
  'manageRegistration',
  'newsletterConfirm',
  'mailPreferences',
];

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const day = (date: Date) => date.toISOString().slice(0, 10);

export function urlset(entries: SitemapEntry[], base: string): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/** The parts of a sitemap past the limit, each named by an index that lists them. */
export function sitemapIndex(parts: number, base: string, lastmod: Date): string {
  const items = Array.from(
    { length: parts },
    (_, i) =>
      `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc><lastmod>${day(lastmod)}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>\n`;
}

export function robotsTxt(base: string): string {
  const disallowed = ['/api/', ...DISALLOWED.map((name) => paths[name].path)];
  // A page's sub-paths (the event door /events/{id}/check-in) are staff screens too.
  return [
    'User-agent: *',
    ...disallowed.map((p) => `Disallow: ${p}`),
    'Disallow: /events/*/check-in',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

export const partsOf = (count: number, max = SITEMAP_MAX_URLS) => Math.ceil(count / max);
