import { describe, expect, it } from 'vitest';
import { withBody } from './server-renderer.js';

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
