import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test/app.js';

it('closing waits for a request whose client hung up, before the database closes', async () => {
  const handle = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent-web-dist',
  });
  const app = await buildApp({ config, db: handle.db, logger: false });
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let read: unknown = null;
  // A slow answer that still reads the database once its client has gone.
  app.get('/api/test/slow', async () => {
    arrive();
    await released;
    read = (await handle.db.execute<{ one: number }>(sql`select 1 as one`)).rows[0];
    return { ok: true };
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const request = http.get(`http://127.0.0.1:${port}/api/test/slow`);
    request.on('error', () => {});
    await arrived;
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    let closed = false;
    // As server.ts shuts down: the app, then the database.
    const shutdown = app.close().then(async () => {
      closed = true;
      await handle.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    release();
    await shutdown;
    expect(read).toEqual({ one: 1 });
  } finally {
    release();
    await rm(dataDir, { recursive: true, force: true });
  }
});
