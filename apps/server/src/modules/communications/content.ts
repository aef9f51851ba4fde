import { convert } from 'html-to-text';
import mjml2html from 'mjml';
import sanitizeHtml from 'sanitize-html';
import type { ChamberIdentity } from '../../lib/mail/templates.js';

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

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A block's content as sent: a heading and its lines, each a title, a detail and a link. */
export interface BlockItems {
  title: string;
  items: { title: string; detail: string; url: string }[];
}

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

/**
 * The message as mail programs show it: the chamber's branded MJML template (logo or name on
 * its colour, the content, a footer with the chamber's postal address as CAN-SPAM asks and the
 * unsubscribe and preference links), compiled to HTML with its CSS inlined, and the plain-text
 * part made from the same HTML.
 */
export async function renderCampaign(
  chamber: ChamberIdentity,
  message: { subject: string; html: string },
  links: FooterLinks,
): Promise<{ subject: string; html: string; text: string }> {
  const accent = chamber.accentColor;
  // Buttons: a link of the class `button` gets the chamber's colour, inline (mail programs
  // drop <style> blocks; MJML's juice inlines what the head's mj-style declares too).
  const body = message.html.replace(
    /<a ([^>]*?)class="button"([^>]*)>/g,
    `<a $1class="button"$2 style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">`,
  );
  const logo = chamber.logoUrl ? absolute(chamber.logoUrl, chamber.publicUrl) : '';
  const header = logo
    ? `<mj-image src="${escapeHtml(logo)}" alt="${escapeHtml(chamber.name)}" width="180px" href="${escapeHtml(chamber.publicUrl)}" />`
    : `<mj-text color="#ffffff" font-size="20px" font-weight="700">${escapeHtml(chamber.name)}</mj-text>`;
  const footer = [chamber.name, chamber.addressLine].filter(Boolean).map(escapeHtml).join('<br>');
  const source = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(message.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
    <mj-style inline="inline">
      a { color: ${accent}; }
      h1, h2, h3, h4 { color: #111827; margin: 0 0 12px; }
      img { max-width: 100%; height: auto; }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${accent}" padding="16px 24px">
      <mj-column>${header}</mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>${body}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">
          ${footer}<br>
          You receive this as a member or subscriber of the ${escapeHtml(chamber.name)}.<br>
          <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(links.preferencesUrl)}">Email preferences</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Synchronous in MJML 4, a promise in its types (and in MJML 5): awaited either way.
  const { html, errors } = await mjml2html(source, {
    validationLevel: 'soft',
    keepComments: false,
  });
  if (errors.length > 0 && !html) throw new Error(`template: ${errors[0]!.formattedMessage}`);
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
