import type { Thing, WithContext } from 'schema-dts';
import { escapeHtml } from '../../lib/html.js';

/** What the served HTML says about one page before the app runs. */
export interface PageHead {
  /**
   * 200, 404 for a member, event or job post that is not (or no longer) public, 410 for a
   * job post that has closed or expired.
   */
  status: 200 | 404 | 410;
  title: string;
  description: string;
  /** Absolute; null on a 404 or 410, which search engines must not index. */
  canonical: string | null;
  /** Absolute image for link previews, or null. */
  image: string | null;
  /** What the image shows, for readers who cannot see it (og:image:alt). */
  imageAlt: string | null;
  ogType: 'website' | 'profile' | 'article';
  /** A page search engines must not index although it answers 200 (a mail recipient's). */
  noindex?: boolean;
  jsonLd: WithContext<Thing>[];
  /** A feed of the page's kind (the news archive's Atom feed), linked as an alternate. */
  feed?: { href: string; title: string };
}

// Inside <script> only `</script` (and `<!--`) can end the block: escaping every `<` covers both.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's tags, each value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.status !== 200 || head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.feed
      ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}" />`
      : '',
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image) : '',
    head.image && head.imageAlt ? meta('property', 'og:image:alt', head.imageAlt) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
    head.image && head.imageAlt ? meta('name', 'twitter:image:alt', head.imageAlt) : '',
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}

/**
 * index.html with the page's head: the build's own title and description are replaced, the
 * rest goes before </head>. The template is the web build's, so its shape is known. The tags
 * are spliced in by a function, never as a replacement string: there `$'`, `` $` `` and `$&`
 * in a business name or a title would repeat parts of the template.
 */
export function withHead(template: string, head: PageHead): string {
  const stripped = template
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  if (/<\/head>/i.test(stripped)) {
    return stripped.replace(/<\/head>/i, (end) => `${headTags(head)}${end}`);
  }
  // A template without a head element: the tags open the document instead.
  return stripped.replace(/^(<!doctype[^>]*>)?/i, (doctype) => `${doctype}${headTags(head)}`);
}
