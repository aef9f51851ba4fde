import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
});
afterAll(() => ctx.close());

/** '/api/members/:id' in Fastify's form is '/api/members/{id}' in OpenAPI's. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isDocs = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

describe('the OpenAPI document', () => {
  it('lists every registered API route with its method', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = ctx.app.routeList.filter((r) => r.url.startsWith('/api/') && !isDocs(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('describes request bodies and answers from the route schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    }>();
    const put = doc.paths['/api/members/{id}']!.put!;
    expect(put.requestBody).toBeDefined();
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
  });

  it('documents the directory’s categories and its category filter', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: object }>
      >;
    }>();
    expect(doc.paths['/api/categories']!.get!.responses).toHaveProperty('200');
    expect(Object.keys(doc.paths['/api/admin/categories']!.put!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409']),
    );
    expect(Object.keys(doc.paths['/api/members/{id}/categories']!.put!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '404']),
    );
    const list = doc.paths['/api/members']!.get!;
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'category' }),
    );
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'search' }),
    );
  });

  it('documents the Idempotency-Key header of the writes a retry could duplicate', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string; required?: boolean }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    }>();
    const keyed = [
      ['/api/calendars/appointments', 'post'],
      ['/api/calendars/appointments/{id}/registrations', 'post'],
      ['/api/calendars/appointments/{id}/series-registrations', 'post'],
      ['/api/calendars/appointments/{id}/walk-ins', 'post'],
      ['/api/calendars/appointments/{id}/check-in/payments', 'post'],
      ['/api/site/contact', 'post'],
      ['/api/site/nominations', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/email', 'post'],
      ['/api/auth/confirm-email', 'post'],
      ['/api/admin/users/{id}/password-reset', 'post'],
      ['/api/admin/invoices', 'post'],
      ['/api/admin/invoices/{id}/reissue', 'post'],
      ['/api/admin/invoices/{id}/payments', 'post'],
      ['/api/admin/payments/{id}/refunds', 'post'],
      ['/api/membership/join', 'post'],
      ['/api/deals', 'post'],
      ['/api/admin/events/{id}/ticket-types', 'post'],
      ['/api/admin/promo-codes', 'post'],
      ['/api/events/{id}/orders', 'post'],
    ] as const;
    for (const [path, method] of keyed) {
      const header = doc.paths[path]![method]!.parameters?.find(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect(header, `${method} ${path}`).toMatchObject({ in: 'header', required: false });
      expect(Object.keys(doc.paths[path]![method]!.responses)).toEqual(
        expect.arrayContaining(['409', '422']),
      );
    }
    const keyedRoutes = ctx.app.routeList.filter((r) =>
      doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.parameters?.some(
        (p) => p.name === 'idempotency-key',
      ),
    );
    expect(keyedRoutes).toHaveLength(keyed.length);
  });

  it('is browsable at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await ctx.app.inject({ method: 'GET', url: `/api/docs/${res.headers.location}` })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });

  it('passes `redocly lint` with its recommended rules without an error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, res.body);
      const cli = path.join(
        path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
        'bin/cli.js',
      );
      const run = promisify(execFile);
      const { stdout } = await run(
        process.execPath,
        [cli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
      const { problems } = JSON.parse(stdout) as {
        problems: {
          ruleId: string;
          severity: string;
          message: string;
          location: { pointer: string }[];
        }[];
      };
      const found = problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
      expect(found).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation, types every nullable and says where the API is', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      servers: unknown;
      paths: Record<string, Record<string, { operationId?: string }>>;
    }>();
    expect(doc.servers).toEqual([{ url: 'https://portal.example' }]);
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/members/{id}']!.get!.operationId).toBe('getMembersById');
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record.nullable === true && record.type === undefined) untyped.push(at);
      for (const [key, value] of Object.entries(record)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(untyped).toEqual([]);
  });

  it('declares the real media types of calendar files, uploaded files and the token request', async () => {
    type Content = Record<string, { schema: Record<string, unknown> }>;
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> }
        >
      >;
    }>();
    const answer = (path: string, status = '200') =>
      doc.paths[path]!.get!.responses[status]!.content!;
    for (const path of [
      '/api/calendars/{calendarId}/feed.ics',
      '/api/calendars/appointments/{id}/ics',
    ]) {
      expect(Object.keys(answer(path)), path).toEqual(['text/calendar']);
      expect(answer(path)['text/calendar']!.schema).toMatchObject({ type: 'string' });
    }
    const media = answer('/api/media/{key}');
    expect(Object.keys(media).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(media['image/png']!.schema).toMatchObject({ type: 'string', format: 'binary' });
    const token = doc.paths['/api/auth/token']!.post!.requestBody!.content;
    expect(Object.keys(token).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(token['application/x-www-form-urlencoded']!.schema).toMatchObject({
      properties: { grant_type: expect.anything(), code_verifier: expect.anything() },
    });
  });
});
