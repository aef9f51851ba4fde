import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_STATE_ID, type RenderedPage, type ServerRenderer } from '@chamber/contract';
import { escapeHtml } from '../../lib/html.js';

/**
 * The web app's server entry, built by `vite build --ssr` into dist-server next to the web
 * build, or null when there is none (the browser then renders every page, as in tests that
 * serve a bare index.html).
 */
export async function loadServerRenderer(webDist: string): Promise<ServerRenderer | null> {
  const file = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}

// Inside <script> only `</script` (and `<!--`) can end the block: escaping every `<` covers both.
const scriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Asks the browser to draw the page once it has parsed it up to the footer, not half of it: on
 * a slow connection or a busy phone it would otherwise draw the part that has arrived and move
 * it when the rest comes (layout shift). Only where the rendered body has the footer: without
 * it the browser waits for the document's end and reports the missing element.
 */
const RENDER_UP_TO_FOOTER = '<link rel="expect" href="#footer" blocking="render" />';

/**
 * The page with the rendered body in `#root` and its query data after it, drawn once parsed up
 * to its footer, its root element styled as the page asks (the accent colours). The template's
 * <noscript> notice goes: the page reads without JavaScript.
 */
export function withBody(html: string, page: RenderedPage): string {
  const drawn = page.html.includes('<footer id="footer"')
    ? html.replace('</head>', () => `${RENDER_UP_TO_FOOTER}</head>`)
    : html;
  const styled = page.rootStyle
    ? drawn.replace(/<html\b/i, () => `<html style="${escapeHtml(page.rootStyle!)}"`)
    : drawn;
  return styled
    .replace(/<noscript>[\s\S]*?<\/noscript>/i, '')
    .replace(
      /<div id="root"><\/div>/,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(page.state)}</script>`,
    );
}
