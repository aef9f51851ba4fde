import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import type { ChamberIdentity } from '../../lib/mail/templates.js';
import { CAMPAIGN_HTML } from './template/campaign.html.js';
import { ACCENT_SLOT } from './template/campaign.mjml.js';
import { escapeHtml } from '../../lib/html.js';

/** The blocks a message may hold, filled from the portal's data when it is sent. */
export const CONTENT_BLOCKS = ['upcoming-events', 'new-members'] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];

/**
 * What staff's editor may store: headings, paragraphs, links (a link with the class `button`
 * is drawn as a button), lists, images, emphasis, and the block placeholders
 * `<div data-block="upcoming-events"></div>` / `<div data-block="new-members"></div>`.
 * Everything else (scripts, styles, event handlers, other attributes) is dropped.
 */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'a',
      'ul',
      'ol',
      'li',
      'img',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'blockquote',
      'hr',
      'div',
    ],
    allowedAttributes: {
      a: ['href', 'class', 'title'],
      img: ['src', 'alt', 'width', 'height'],
      div: ['data-block'],
    },
    allowedClasses: { a: ['button'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // A div is kept only as a block placeholder (emptied below); any other becomes a p.
    transformTags: {
      div: (_tagName, attribs): sanitizeHtml.Tag => {
        const block = attribs['data-block'];
        return block && CONTENT_BLOCKS.includes(block as ContentBlock)
          ? { tagName: 'div', attribs: { 'data-block': block } }
          : { tagName: 'p', attribs: {} };
      },
    },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
  }).replace(/<div data-block="([a-z-]+)">[\s\S]*?<\/div>/g, '<div data-block="$1"></div>');
}

/** A block's content as sent: a heading and its lines, each a title, a detail and a link. */
export interface BlockItems {
  title: string;
  items: { title: string; detail: string; url: string }[];
}

/** Whether the content holds a block placeholder still to fill. */
export const hasBlocks = (html: string) => /<div data-block="[a-z-]+"><\/div>/.test(html);

/** Replaces each block placeholder with its HTML, from `blocks` (an empty block is dropped). */
export function fillBlocks(html: string, blocks: Partial<Record<ContentBlock, BlockItems>>) {
  return html.replace(/<div data-block="([a-z-]+)"><\/div>/g, (_, name: string) => {
    const block = blocks[name as ContentBlock];
    if (!block || block.items.length === 0) return '';
    const items = block.items
      .map(
        (item) =>
          `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${item.detail ? ` — ${escapeHtml(item.detail)}` : ''}</li>`,
      )
      .join('');
    return `<h3>${escapeHtml(block.title)}</h3><ul>${items}</ul>`;
  });
}

/** The links every bulk message's footer carries. */
export interface FooterLinks {
  unsubscribeUrl: string;
  preferencesUrl: string;
}

const absolute = (url: string, base: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url}`);

/** The styles mail programs need written on each element (they drop <style> blocks). */
const HEADING_STYLE = 'color:#111827;margin:0 0 12px';
const IMAGE_STYLE = 'max-width:100%;height:auto';
const buttonStyle = (accent: string) =>
  `display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px`;

/**
 * The content's headings, links and images with their styles inline: links in the chamber's
 * colour, a link of the class `button` drawn as a button. The content is the sanitizer's
 * output (attribute values quoted, `>` escaped) and the blocks `fillBlocks` writes.
 */
export function inlineContentStyles(html: string, accent: string): string {
  return html.replace(
    /<(a|h[1-4]|img)\b([^>]*?)(\s*\/)?>/g,
    (_, tag: string, attrs: string, end = '') => {
      const style =
        tag === 'a'
          ? / class="button"/.test(attrs)
            ? buttonStyle(accent)
            : `color:${accent}`
          : tag === 'img'
            ? IMAGE_STYLE
            : HEADING_STYLE;
      return `<${tag}${attrs} style="${style}"${end}>`;
    },
  );
}

/**
 * The message as mail programs show it: the chamber's branded template (logo or name on its
 * colour, the content, a footer with the chamber's postal address as CAN-SPAM asks and the
 * unsubscribe and preference links; MJML compiled once, decision 134) with the content's
 * styles inline, and the plain-text part made from the same HTML.
 */
export async function renderCampaign(
  chamber: ChamberIdentity,
  message: { subject: string; html: string },
  links: FooterLinks,
): Promise<{ subject: string; html: string; text: string }> {
  // A hex colour: the chamber's identity holds to that (modules/chamber/identity.ts).
  const accent = chamber.accentColor;
  const logo = chamber.logoUrl ? absolute(chamber.logoUrl, chamber.publicUrl) : '';
  const slots: Record<string, string> = {
    SUBJECT: escapeHtml(message.subject),
    CHAMBER: escapeHtml(chamber.name),
    LOGO_URL: escapeHtml(logo),
    HOME_URL: escapeHtml(chamber.publicUrl),
    BODY: inlineContentStyles(message.html, accent),
    FOOTER: [chamber.name, chamber.addressLine].filter(Boolean).map(escapeHtml).join('<br>'),
    UNSUBSCRIBE_URL: escapeHtml(links.unsubscribeUrl),
    PREFERENCES_URL: escapeHtml(links.preferencesUrl),
  };
  // One pass: a value holding `%%…%%` (a subject, say) is not read as a slot.
  const html = CAMPAIGN_HTML[logo ? 'logo' : 'name']
    .replaceAll(ACCENT_SLOT, accent)
    .replace(/%%([A-Z_]+)%%/g, (token, name: string) => slots[name] ?? token);
  const text = [
    convert(message.html, {
      wordwrap: 78,
      selectors: [
        { selector: 'img', format: 'skip' },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
      ],
    }),
    '',
    '-- ',
    chamber.name,
    chamber.addressLine,
    `Unsubscribe: ${links.unsubscribeUrl}`,
    `Email preferences: ${links.preferencesUrl}`,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
  return { subject: message.subject, html, text };
}
