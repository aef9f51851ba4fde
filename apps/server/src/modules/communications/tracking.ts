import type { CampaignLinkReport } from '@chamber/contract';
import {
  campaignClicks,
  campaignLinks,
  campaignOpens,
  campaignRecipients,
  communicationSettings,
  type Database,
  type Executor,
} from '@chamber/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SigningKey } from '../../lib/signing-key.js';
import { escapeHtml } from '../../lib/html.js';

const KEY_NAME = 'campaign-tracking';
const CLICK = 'k1';
const OPEN = 'o1';
const SIGNATURE_BYTES = 16;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A uuid as 22 base64url characters, and back (null for anything else). */
const pack = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
function unpack(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
  const hex = Buffer.from(text, 'base64url').toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) ? id : null;
}

/**
 * The signed tokens of a campaign's tracked links (`k1.<recipient>.<link>.<signature>`) and of
 * its open-counting image (`o1.<recipient>.<signature>`): ids only, each a uuid in base64url,
 * with an HMAC-SHA256 under a key only the portal holds (lib/signing-key.ts). A token never
 * carries an address to go to: the redirect reads the link's stored one (decision 0139).
 */
export class TrackingTokens {
  private readonly clickKey: SigningKey;
  private readonly openKey: SigningKey;

  constructor(db: Executor) {
    this.clickKey = new SigningKey(db, KEY_NAME, CLICK, SIGNATURE_BYTES);
    this.openKey = new SigningKey(db, KEY_NAME, OPEN, SIGNATURE_BYTES);
  }

  async click(recipientId: string, linkId: string): Promise<string> {
    const payload = `${pack(recipientId)}.${pack(linkId)}`;
    return `${CLICK}.${payload}.${await this.clickKey.sign(payload)}`;
  }

  async open(recipientId: string): Promise<string> {
    const payload = pack(recipientId);
    return `${OPEN}.${payload}.${await this.openKey.sign(payload)}`;
  }

  async readClick(token: string): Promise<{ recipientId: string; linkId: string } | null> {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== CLICK) return null;
    const [, recipient, link, signature] = parts as [string, string, string, string];
    const recipientId = unpack(recipient);
    const linkId = unpack(link);
    if (!recipientId || !linkId) return null;
    if (!(await this.clickKey.verify(`${recipient}.${link}`, signature))) return null;
    return { recipientId, linkId };
  }

  async readOpen(token: string): Promise<string | null> {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== OPEN) return null;
    const [, recipient, signature] = parts as [string, string, string];
    const recipientId = unpack(recipient);
    if (!recipientId) return null;
    return (await this.openKey.verify(recipient, signature)) ? recipientId : null;
  }
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const encodeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A link's `href` in the sanitized content (attribute values are double-quoted there). */
const HREF = /(<a\b[^>]*?\shref=")([^"]*)(")/g;

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** The content's web (http, https) links, each once, in order; mailto: and others are not. */
export function webLinks(html: string): string[] {
  const seen = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const url = decodeAttribute(match[2]!);
    if (isWebAddress(url)) seen.add(url);
  }
  return [...seen];
}

/** The content with each web link that `redirectOf` knows replaced by its redirect. */
export function rewriteLinks(html: string, redirectOf: (url: string) => string | undefined) {
  return html.replace(HREF, (whole, start: string, value: string, end: string) => {
    const redirect = redirectOf(decodeAttribute(value));
    return redirect ? `${start}${encodeAttribute(redirect)}${end}` : whole;
  });
}

/** Stores a click-tracked campaign's links as sent, once (its send starting). */
export async function storeLinks(db: Executor, campaignId: string, sentHtml: string) {
  const urls = webLinks(sentHtml);
  if (urls.length === 0) return;
  await db
    .insert(campaignLinks)
    .values(urls.map((url, position) => ({ campaignId, url, position })))
    .onConflictDoNothing();
}

export async function linksOf(db: Executor, campaignId: string) {
  return db
    .select({ id: campaignLinks.id, url: campaignLinks.url })
    .from(campaignLinks)
    .where(eq(campaignLinks.campaignId, campaignId))
    .orderBy(asc(campaignLinks.position));
}

/** Each link of the campaign with its clicks and the recipients that clicked it. */
export async function linkReport(db: Executor, campaignId: string): Promise<CampaignLinkReport[]> {
  const { rows } = await db.execute<{ url: string; clicks: number; unique_clicks: number }>(sql`
    select l.url, count(c.id)::int as clicks, count(distinct c.recipient_id)::int as unique_clicks
    from campaign_links l left join campaign_clicks c on c.link_id = l.id
    where l.campaign_id = ${campaignId}
    group by l.id, l.url, l.position
    order by l.position`);
  return rows.map((r) => ({
    url: r.url,
    clicks: Number(r.clicks),
    uniqueClicks: Number(r.unique_clicks),
  }));
}

export async function openCount(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignOpens)
    .innerJoin(campaignRecipients, eq(campaignRecipients.id, campaignOpens.recipientId))
    .where(eq(campaignRecipients.campaignId, campaignId));
  return Number(row?.n ?? 0);
}

/** Where a click token's link goes, when the link and the recipient are of one campaign. */
export async function clickTarget(db: Executor, recipientId: string, linkId: string) {
  const [row] = await db
    .select({ url: campaignLinks.url })
    .from(campaignLinks)
    .innerJoin(campaignRecipients, eq(campaignRecipients.campaignId, campaignLinks.campaignId))
    .where(and(eq(campaignLinks.id, linkId), eq(campaignRecipients.id, recipientId)));
  return row && isWebAddress(row.url) ? row.url : null;
}

export async function recordClick(db: Database, recipientId: string, linkId: string, at: Date) {
  await db.insert(campaignClicks).values({ recipientId, linkId, at });
}

/** The first open of a recipient's mail; later ones change nothing. */
export async function recordOpen(db: Database, recipientId: string, at: Date) {
  await db.insert(campaignOpens).values({ recipientId, at }).onConflictDoNothing();
}

export async function readSettings(db: Executor) {
  const [row] = await db
    .select()
    .from(communicationSettings)
    .where(eq(communicationSettings.id, 1));
  return { countOpens: row?.countOpens ?? false };
}

export async function writeSettings(db: Executor, countOpens: boolean, now: Date) {
  await db
    .insert(communicationSettings)
    .values({ id: 1, countOpens, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: communicationSettings.id, set: { countOpens, updatedAt: now } });
  return { countOpens };
}

/** A transparent 1×1 GIF. */
export const PIXEL = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** The page a forged or damaged link opens: no redirect anywhere, the way to the portal. */
export function unknownLinkPage(home: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>This link does not work</title>
  </head>
  <body>
    <main>
      <h1>This link does not work</h1>
      <p>The link in the message was changed or cut short, so we cannot tell where it leads. Open the message again and follow the link from there, or copy it whole.</p>
      <p><a href="${escapeHtml(home)}">Go to the chamber's portal</a></p>
    </main>
  </body>
</html>
`;
}
