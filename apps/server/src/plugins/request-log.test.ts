import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, createTestUser, signIn, type TestContext } from '../test/app.js';
import { loggedUrl } from './request-log.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  userId?: string;
  ip?: string;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-request-log-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An app whose log lines are kept, with a route that fails as a bug does. */
async function appWith(env: Record<string, string>) {
  const lines: Line[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(JSON.parse(text) as Line);
    }
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, logStream: stream });
  app.get('/api/test/broken', async () => {
    throw new Error('a bug');
  });
  apps.push(app);
  const requestLines = () => lines.filter((l) => l.msg === 'request');
  return { app, config, lines, requestLines };
}

describe('the request log', () => {
  it('writes one line per request with what an operator needs, and no secret from the URL', async () => {
    const { app, config, lines, requestLines } = await appWith({});
    const user = await createTestUser(database.db);
    const token = await signIn({ app, config } as TestContext, user.email);
    lines.length = 0;

    await app.inject({ url: '/api/health', headers: { 'x-request-id': 'one-line-1' } });
    const signedIn = await app.inject({
      url: '/api/members?limit=2&search=bakery',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'one-line-2' },
    });
    expect(signedIn.statusCode).toBe(200);
    await app.inject({ url: '/auth?code=s3cret-code&state=s3cret-state&next=%2Fprofile' });

    const health = lines.filter((l) => l.reqId === 'one-line-1');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(health[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(health[0]!.userId).toBeUndefined();
    expect(lines.find((l) => l.reqId === 'one-line-2')).toMatchObject({
      url: '/api/members?limit=2&search=bakery',
      status: 200,
      userId: user.id,
    });
    const page = requestLines().find((l) => l.url?.startsWith('/auth'));
    expect(page?.url).toBe('/auth?code=[redacted]&state=[redacted]&next=%2Fprofile');
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('writes the sampled share of requests, at the level asked for', async () => {
    const { app, requestLines } = await appWith({
      LOG_LEVEL: 'debug',
      LOG_REQUESTS: 'debug',
      LOG_REQUEST_SAMPLE: '0.5',
    });
    for (let i = 0; i < 200; i++) await app.inject({ url: '/api/health' });
    const written = requestLines();
    // Half of 200, give or take far more than chance allows (p < 1e-8 outside 60..140).
    expect(written.length).toBeGreaterThan(60);
    expect(written.length).toBeLessThan(140);
    expect(new Set(written.map((l) => l.level))).toEqual(new Set([20]));
  });

  it('never drops a 5xx, whatever the sampling or LOG_REQUESTS say', async () => {
    const settings: Record<string, string>[] = [
      { LOG_REQUEST_SAMPLE: '0' },
      { LOG_REQUESTS: 'off' },
    ];
    for (const env of settings) {
      const { app, requestLines } = await appWith(env);
      for (let i = 0; i < 5; i++) {
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/members/nobody' })).statusCode).toBe(404);
      }
      const broken = await app.inject({ url: '/api/test/broken?token=abc' });
      expect(broken.statusCode).toBe(500);
      const written = requestLines();
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        level: 50,
        status: 500,
        method: 'GET',
        url: '/api/test/broken?token=[redacted]',
        reqId: broken.headers['x-request-id'],
      });
    }
  });

  it('refuses a sample outside 0..1 and an unknown level at start-up', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir };
    expect(() => loadConfig({ ...base, LOG_REQUEST_SAMPLE: '2' })).toThrow(/^LOG_REQUEST_SAMPLE: /);
    expect(() => loadConfig({ ...base, LOG_REQUESTS: 'loud' })).toThrow(/^LOG_REQUESTS: /);
  });
});

describe('loggedUrl', () => {
  it('leaves out the values of parameters that may be secrets, and nothing else', () => {
    expect(loggedUrl('/api/members?search=a&offset=20')).toBe('/api/members?search=a&offset=20');
    expect(loggedUrl('/reset?token=abc&x=1')).toBe('/reset?token=[redacted]&x=1');
    expect(loggedUrl('/a?access%5Ftoken=abc&API_KEY=k&flag')).toBe(
      '/a?access%5Ftoken=[redacted]&API_KEY=[redacted]&flag',
    );
  });
});
