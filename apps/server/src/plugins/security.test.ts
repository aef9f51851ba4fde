import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chambers } from '@chamber/db';
import { createTestApp, createTestUser, signIn, type TestContext } from '../test/app.js';
import { bearer } from '../test/members.js';
import { inlineScriptHashes } from './security.js';

let ctx: TestContext;
let web: string;

beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'chamber-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Portal</title>');
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'assets', 'start-Dji7BCGF.js'), 'export const a = 1;\n');
  await writeFile(
    path.join(web, 'assets', 'mark-B2c3d4e5.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  ctx = await createTestApp({ WEB_DIST: web, TRUST_PROXY: '127.0.0.1' });
  await ctx.db.insert(chambers).values({ id: 'riverton', name: 'Riverton Chamber' });
});
afterAll(async () => {
  await ctx.close();
  await rm(web, { recursive: true, force: true });
});

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe('security headers', () => {
  it('give pages a policy of their own scripts and the map frame, and nothing may frame them', async () => {
    const page = await ctx.app.inject({ url: '/members' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(String(page.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'", 'https://www.google.com']);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The page's Intl warm-up worker is a blob URL (the web app's index.html).
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allow exactly the embed origins an admin configures, as soon as they are saved', async () => {
    const admin = await createTestUser(ctx.db, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/locations/riverton',
      headers: bearer(await signIn(ctx, admin.email)),
      payload: {
        name: 'Riverton Chamber',
        shortName: '',
        address1: '',
        city: '',
        state: '',
        postalCode: '',
        phone: '',
        email: '',
        website: '',
        socialUrl: '',
        logoUrl: '',
        accentColor: '#1f5f8b',
        coursesUrl: '',
        basicSignupUrl: 'https://forms.leadservice.example/widget/form/abc',
        enhancedSignupUrl: '',
        eliteSignupUrl: '',
        businessOfMonthSurveyUrl: 'https://surveys.example.org/s/botm',
        customerServiceSurveyUrl: '',
        contactFormUrl: '',
        formEmbedScriptUrl: 'https://forms.leadservice.example/js/form_embed.js',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const csp = directives(
      String((await ctx.app.inject({ url: '/' })).headers['content-security-policy']),
    );
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://forms.leadservice.example',
      'https://surveys.example.org',
    ]);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://www.google.com',
      'https://forms.leadservice.example',
      'https://surveys.example.org',
    ]);
  });

  it('close the API and files to scripts and frames', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('are on every answer, with its request id: API, error, unknown path, file and page', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/health' }),
      ctx.app.inject({ url: '/api/auth/sessions' }),
      ctx.app.inject({ url: '/api/no-such-route' }),
      ctx.app.inject({ url: '/api/members?limit=9999' }),
      ctx.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } }),
      ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-42' } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 200, 200]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors/);
      expect(res.headers['x-request-id']).toMatch(/^[\w.-]{1,128}$/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(answers[4]!.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(answers[5]!.headers['x-request-id']).toBe('trace-42');
  });

  it('give a built script only what guards a subresource; any other file gets them all', async () => {
    const script = await ctx.app.inject({
      url: '/assets/start-Dji7BCGF.js',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(script.headers['x-request-id']).toMatch(/^[\w.-]{1,128}$/);
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-xss-protection',
    ]) {
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // An SVG opened on its own is a document: it keeps the closed policy and the rest.
    const svg = await ctx.app.inject({ url: '/assets/mark-B2c3d4e5.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toMatch(/frame-ancestors/);
    expect(svg.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A script that is not there is a plain-text 404 that may not be sniffed.
    const missing = await ctx.app.inject({ url: '/assets/gone-Aaaaaaaa.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send HSTS only for requests that came over TLS through the trusted proxy', async () => {
    const plain = await ctx.app.inject({ url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await ctx.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(tls.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    // From an address that is not the proxy, the header is not believed.
    const forged = await ctx.app.inject({
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('inline scripts', () => {
  const sha256 = (text: string) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('are hashed as served, leaving out files and data blocks', () => {
    const html = [
      '<script>\n  document.documentElement.className = "dark";\n</script>',
      '<script src="/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="application/json" id="page-state">{}</script>',
      "<SCRIPT type='module'>import('/x.js')</SCRIPT >",
      '<script type="text/javascript">1</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('\n  document.documentElement.className = "dark";\n'),
      sha256("import('/x.js')"),
      sha256('1'),
    ]);
    expect(inlineScriptHashes('<!doctype html><title>Portal</title>')).toEqual([]);
  });
});
