import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_STATE_ID, type RenderedPage, type ServerRenderer } from '@chamber/contract';

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
 * The page with the rendered body in `#root` and its query data after it. The template's
 * <noscript> notice goes: the page reads without JavaScript.
 */
export function withBody(html: string, page: RenderedPage): string {
  return html
    .replace(/<noscript>[\s\S]*?<\/noscript>/i, '')
    .replace(
      /<div id="root"><\/div>/,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(page.state)}</script>`,
    );
}
