import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
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
      ['/api/site/contact', 'post'],
      ['/api/site/nominations', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/email', 'post'],
      ['/api/auth/confirm-email', 'post'],
      ['/api/admin/users/{id}/password-reset', 'post'],
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
});
