import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withBody } from './server-renderer.js';

const SERVER_ENTRY = fileURLToPath(new URL('../../../../web/dist-server', import.meta.url));

const template =
  '<html><head><title>x</title></head><body><div id="root"></div><noscript>needs JS</noscript></body></html>';

describe('withBody', () => {
  it('draws a page with its footer once parsed up to it, and drops the noscript notice', () => {
    const html = withBody(template, {
      html: '<main>Hi</main><footer id="footer" class="mt-16">F</footer>',
      state: '{}',
    });
    expect(html).toContain('<link rel="expect" href="#footer" blocking="render" /></head>');
    expect(html).toContain('<div id="root"><main>Hi</main>');
    expect(html).not.toContain('noscript');
  });

  it('asks nothing of a body without the footer (the browser would report it missing)', () => {
    const html = withBody(template, { html: '<main>Hi</main>', state: '{}' });
    expect(html).not.toContain('rel="expect"');
  });

  it("styles the root element as the page asks (the chamber's accent), escaped", () => {
    const page = { html: '<main>Hi</main>', state: '{}' };
    expect(withBody(template, page)).toMatch(/^<html>/);
    const html = withBody(template, { ...page, rootStyle: '--accent-light:#1e4f8a;x:"<' });
    expect(html).toMatch(/^<html style="--accent-light:#1e4f8a;x:&quot;&lt;">/);
  });
});

describe("the web app's built server entry", () => {
  // V8 keeps a module's source text in the heap while the server runs, at two bytes a
  // character once one character is past Latin-1 (apps/web/vite.config.ts).
  it('is ASCII, without whitespace, and without React development builds', () => {
    const files = readdirSync(SERVER_ENTRY, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    expect(files).toContain('entry-server.js');
    for (const file of files) {
      const text = readFileSync(path.join(SERVER_ENTRY, file), 'utf8');
      expect(/\P{ASCII}/u.exec(text)?.[0], file).toBeUndefined();
    }
    const entry = readFileSync(path.join(SERVER_ENTRY, 'entry-server.js'), 'utf8');
    // Unminified it ran to 35,000 lines; minified, only licences and multi-line strings break it.
    expect(entry.split('\n').length).toBeLessThan(2_000);
    expect(entry).toContain('react-dom-server.node.production.js');
    expect(entry).not.toContain('.development.js');
  });
});
