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
  // A small file, which the build does not compress.
  await writeFile(path.join(dist, 'assets', 'check-def456.js'), 'export const a=1');
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

  it('keeps each hashed file it has sent in memory, in the form it was asked for', async () => {
    const get = (url: string, acceptEncoding: string) =>
      ctx.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
    expect((await get('/assets/index-abc123.js', 'br')).body).toBe('brotli copy');
    expect((await get('/assets/check-def456.js', 'br')).body).toBe('export const a=1');
    // A hashed file never changes while the server runs: what was read once is sent again.
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), 'changed on disk');
    await writeFile(path.join(dist, 'assets', 'check-def456.js'), 'changed on disk');
    const again = await get('/assets/index-abc123.js', 'br');
    expect(again.body).toBe('brotli copy');
    expect(again.headers['content-length']).toBe(String('brotli copy'.length));
    const small = await get('/assets/check-def456.js', 'gzip, br');
    expect(small.body).toBe('export const a=1');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The gzip form is read when first asked for.
    expect((await get('/assets/index-abc123.js', 'gzip')).body).toBe('gzip copy');
  });

  it('answers HEAD for a hashed file with its headers and no body', async () => {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('');
  });

  it('sends nothing outside the hashed files from under /assets', async () => {
    for (const url of [
      '/assets/..%2Findex.html',
      '/assets/%2E%2E%2Ffavicon.svg',
      '/assets/index-abc123.js.br',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>');
    }
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
