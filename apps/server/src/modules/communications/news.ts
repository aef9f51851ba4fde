import { NEWS_PAGE_SIZE, type NewsItem, type NewsList } from '@chamber/contract';
import { campaigns, type Database } from '@chamber/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { convert } from 'html-to-text';
import { AppError } from '../../lib/errors.js';
import { firstChamber } from '../chamber/index.js';
import { fillBlocks, sanitizeContent } from './content.js';

/** How many messages the Atom feed carries: the newest. */
export const FEED_ENTRIES = 20;
const EXCERPT_LENGTH = 200;

/** As the archive's index holds them. */
const newestFirst = sql`${campaigns.startedAt} desc nulls last`;

/** Sent (the send finished) and marked public: the archive's messages. */
const archived = and(eq(campaigns.public, true), eq(campaigns.state, 'sent'));

/**
 * The message's content as the archive shows it: as it was sent, its blocks filled when the
 * send started (`sent_content`; a row sent before that was kept has its blocks left out),
 * sanitized again should an older row hold anything else. Recipients' links (unsubscribe,
 * preferences) are the template's, never here.
 */
export const archivedHtml = (row: { content: string; sentContent: string | null }) =>
  sanitizeContent(fillBlocks(row.sentContent ?? row.content, {}));

/** The start of the message's text (its headings left out), on one line, cut at a word. */
export function excerptOf(html: string): string {
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      // Headings would run into the sentences after them: the text is read from the rest.
      { selector: 'h1', format: 'skip' },
      { selector: 'h2', format: 'skip' },
      { selector: 'h3', format: 'skip' },
      { selector: 'h4', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: ' ' } },
      { selector: 'hr', format: 'skip' },
      // A quotation as its words, without the mail-style '> ' before each line.
      { selector: 'blockquote', format: 'block' },
    ],
  })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The slug a subject gives: lower-case ASCII words joined by hyphens, at most 60 characters. */
export function slugBase(subject: string): string {
  return (
    subject
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'message'
  );
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Gives the campaign its slug if it has none: the subject's, or with `-2`, `-3`, … when taken.
 * A slug once given is kept, whatever later becomes of the subject, so links to it hold.
 */
export async function assignSlug(db: Database, id: string, subject: string): Promise<void> {
  const base = slugBase(subject);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db
      .select({ slug: campaigns.slug })
      .from(campaigns)
      .where(sql`${campaigns.slug} = ${base} or ${campaigns.slug} like ${`${base}-%`}`);
    const used = new Set(taken.map((t) => t.slug));
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    try {
      await db
        .update(campaigns)
        .set({ slug })
        .where(sql`${campaigns.id} = ${id} and ${campaigns.slug} is null`);
      return;
    } catch (error) {
      // Another campaign took it meanwhile: look again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError('conflict', 'No free address for this message in the archive; try again.');
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 does not allow at all (a sanitized message should hold none).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/**
 * The public archive of sent messages (/news, /news/{slug}, the Atom feed): the campaigns
 * whose send finished and that staff marked public, newest first.
 */
export class NewsArchive {
  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
    private readonly chamberName: string,
  ) {}

  async list(page: number): Promise<NewsList> {
    const [rows, [counted]] = await Promise.all([
      this.rows(NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(archived),
    ]);
    return {
      news: rows.map((row) => ({
        slug: row.slug!,
        subject: row.subject,
        sentAt: row.startedAt!.toISOString(),
        excerpt: excerptOf(archivedHtml(row)),
      })),
      total: counted?.n ?? 0,
      page,
      pageSize: NEWS_PAGE_SIZE,
    };
  }

  /** A sent public message; 404 for any other (a draft, one not public, no such slug). */
  async get(slug: string): Promise<NewsItem> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(archived, eq(campaigns.slug, slug)));
    if (!row?.startedAt) throw new AppError('not_found', 'No such message in the news archive.');
    return {
      slug,
      subject: row.subject,
      sentAt: row.startedAt.toISOString(),
      html: archivedHtml(row),
    };
  }

  /** Every archived message's path and send date, for the sitemap. */
  async pages(): Promise<{ slug: string; sentAt: Date }[]> {
    const rows = await this.db
      .select({ slug: campaigns.slug, startedAt: campaigns.startedAt })
      .from(campaigns)
      .where(archived)
      .orderBy(newestFirst, desc(campaigns.id));
    return rows.map((r) => ({ slug: r.slug!, sentAt: r.startedAt! }));
  }

  /** The newest messages as an Atom 1.0 feed (RFC 4287), every value escaped. */
  async feed(): Promise<string> {
    const [rows, chamber] = await Promise.all([this.rows(FEED_ENTRIES, 0), firstChamber(this.db)]);
    const name = chamber?.name || this.chamberName;
    const base = this.publicUrl;
    const newest = rows[0]?.startedAt ?? new Date(0);
    const entries = rows.map((row) => {
      const url = `${base}/news/${encodeURIComponent(row.slug!)}`;
      const html = archivedHtml(row);
      const when = row.startedAt!.toISOString();
      return [
        '<entry>',
        `<id>${escapeXml(url)}</id>`,
        `<title>${escapeXml(row.subject)}</title>`,
        `<published>${when}</published>`,
        `<updated>${when}</updated>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
        `<summary>${escapeXml(excerptOf(html))}</summary>`,
        `<content type="html" xml:base="${escapeXml(`${base}/`)}">${escapeXml(html)}</content>`,
        '</entry>',
      ].join('');
    });
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<id>${escapeXml(`${base}/news`)}</id>`,
      `<title>${escapeXml(`${name} news`)}</title>`,
      `<subtitle>${escapeXml(`Newsletters and announcements of ${name}`)}</subtitle>`,
      `<updated>${newest.toISOString()}</updated>`,
      `<author><name>${escapeXml(name)}</name></author>`,
      `<link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/api/news/feed.atom`)}"/>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(`${base}/news`)}"/>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
  }

  private rows(limit: number, offset: number) {
    return this.db
      .select()
      .from(campaigns)
      .where(archived)
      .orderBy(newestFirst, desc(campaigns.id))
      .limit(limit)
      .offset(offset);
  }
}
