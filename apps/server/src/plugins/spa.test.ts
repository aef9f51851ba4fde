import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Chamber</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  // The web build's compressed copies (contents marked, to see which one was sent).
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), 'brotli copy');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), 'gzip copy');
  ctx = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts, else the file', async () => {
    const get = (acceptEncoding: string) =>
      ctx.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body).toBe('brotli copy');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip copy');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('makes other files revalidate', async () => {
    const res = await ctx.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=0');
  });

  // A member page's status depends on the member: see the public pages' tests.
  it.each(['/', '/calendar', '/members', '/admin?tab=users'])(
    'answers the app route %s with index.html',
    async (url) => {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      // The app's shell, with the page's own head (see the public pages' tests).
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toMatch(/<title>[^<]+<\/title>/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers unknown API paths with JSON 404 even with the app present', async () => {
    const res = await ctx.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'No route for GET /api/nothing-here',
    });
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await ctx.app.inject('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>');
  });
});
