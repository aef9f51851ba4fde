import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, runMigrations, startEmbeddedPostgres } from '@chamber/db';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestDatabase, createTestUser, PASSWORD, pkcePair } from './test/app.js';
import { schedulesIn } from './test/jobs.js';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './test/server-process.js';

/** Real server processes on one database, as several instances behind a load balancer run. */

/** A server process on the test's database and data folder, silent unless SERVER_LOG is set. */
const startServer = (databaseUrl: string, dataDir: string) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.SERVER_LOG ?? 'silent',
  });

const json = (body: object) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function authorizeBody(email: string, password: string, challenge = pkcePair().challenge) {
  return {
    email,
    password,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    redirectUri: 'http://localhost:3000/auth',
  };
}

describe('two server processes on one database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-servers-'));
    [a, b] = await Promise.all([
      startServer(database.url, dataDir),
      startServer(database.url, dataDir),
    ]);
    // Two processes compiling and migrating at once on a busy 2-core machine.
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('share sign-ins: a token issued by one works on the other, and logout on either ends it', async () => {
    const user = await createTestUser(database.db);
    const { verifier, challenge } = pkcePair();
    const { code } = await (
      await fetch(
        `${a.url}/api/auth/authorize`,
        json(authorizeBody(user.email, PASSWORD, challenge)),
      )
    ).json();
    // The code issued by A is exchanged at B.
    const token = await fetch(
      `${b.url}/api/auth/token`,
      json({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: 'http://localhost:3000/auth',
      }),
    );
    expect(token.status).toBe(200);
    const { access_token } = await token.json();
    const auth = { headers: { authorization: `Bearer ${access_token}` } };
    expect((await fetch(`${a.url}/api/auth/profile`, auth)).status).toBe(200);
    expect((await fetch(`${b.url}/api/auth/profile`, auth)).status).toBe(200);

    await fetch(`${b.url}/api/auth/logout`, { method: 'POST', ...auth });
    expect((await fetch(`${a.url}/api/auth/profile`, auth)).status).toBe(401);
  });

  it('share throttling: failed sign-ins count across both', async () => {
    const user = await createTestUser(database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(
        `${server.url}/api/auth/authorize`,
        json(authorizeBody(user.email, 'wrong password!')),
      );
      statuses.push(res.status);
    }
    // Five failures in all (three on A, two on B) close the window for the sixth.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await fetch(
      `${b.url}/api/auth/authorize`,
      json(authorizeBody(user.email, PASSWORD)),
    );
    expect(right.status).toBe(429);
  });

  it('set up one job queue between them, with every scheduled job (clean-up, reminders, seat offers, dues, expiry, refunds, geocoding, celebrations, approvals digest) scheduled once', async () => {
    expect(await schedulesIn(database.db)).toEqual([
      { name: 'approvals-digest', cron: '*/5 * * * *', timezone: 'UTC' },
      { name: 'celebration-reminders', cron: '17 * * * *', timezone: 'UTC' },
      { name: 'delete-expired-rows', cron: '*/15 * * * *', timezone: 'UTC' },
      { name: 'event-reminders', cron: '*/5 * * * *', timezone: 'UTC' },
      { name: 'geocode-listings', cron: '* * * * *', timezone: 'UTC' },
      { name: 'job-posts-expiry', cron: '7 * * * *', timezone: 'UTC' },
      { name: 'membership-dues', cron: '7 * * * *', timezone: 'UTC' },
      { name: 'pending-refunds', cron: '*/10 * * * *', timezone: 'UTC' },
      { name: 'seat-offers', cron: '* * * * *', timezone: 'UTC' },
    ]);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const server = await startServer(database.url, dataDir);
    const body = JSON.stringify({
      grant_type: 'authorization_code',
      code: 'no-such-code',
      code_verifier: pkcePair().verifier,
      redirect_uri: 'http://localhost:3000/auth',
    });
    const socket = connectTcp(server.port, '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    // Headers and half the body now; the rest after the server is told to stop.
    socket.write(
      `POST /api/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Still alive: the request in flight holds the shutdown open.
    expect(server.process.exitCode).toBeNull();
    socket.write(body.slice(20));
    await once(socket, 'close');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response).toContain('invalid_grant');
    expect(await server.exit).toBe(0);
    // A process of its own started and stopped: on a busy machine that alone nears 20 s.
  }, 60_000);
});

describe('the log', () => {
  it('writes every request line, off the request path, and none is lost on a clean stop', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-log-lines-'));
    try {
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      });
      const ids = Array.from({ length: 300 }, (_, n) => `log-line-${n}`);
      for (let n = 0; n < ids.length; n += 50) {
        await Promise.all(
          ids
            .slice(n, n + 50)
            .map((id) => fetch(`${server.url}/api/health`, { headers: { 'x-request-id': id } })),
        );
      }
      server.process.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      const logged = new Set(lines.map((line) => line.reqId));
      expect(ids.filter((id) => !logged.has(id))).toEqual([]);
      // The last line, written after everything else has closed, is there too.
      expect(lines.at(-1)?.msg).toBe('stopped');
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('/api/ready', () => {
  it('turns false when the database stops and true when it returns, without a restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-ready-'));
    const port = await freePort();
    let cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), { port });
    await cluster.createDatabase('ready');
    const handle = connect(cluster.urlFor('ready'), { max: 2 });
    await runMigrations(handle.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, db: handle.db, logger: false });
    try {
      expect((await app.inject('/api/ready')).json()).toEqual({ ready: true });
      await cluster.stop();
      const down = await app.inject('/api/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ ready: false, reason: 'database unreachable' });
      cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), { port });
      await expect
        .poll(async () => (await app.inject('/api/ready')).statusCode, { timeout: 10_000 })
        .toBe(200);
    } finally {
      await app.close();
      await handle.close();
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
