// The database dies under a real server process that is writing: the server must stay up,
// answer 503 with Retry-After while the database is away (never 500), write again within
// 5 seconds of its return, and lose none of the writes it acknowledged.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connect,
  type DbHandle,
  eventRegistrations,
  runMigrations,
  runningClusterUrl,
  startEmbeddedPostgres,
} from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { CALENDAR_ID, createCalendar } from './test/calendar.js';
import {
  freePort,
  postmasterStatus,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './test/server-process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  email: string;
  at: number;
  status?: number;
  retryAfter?: string | null;
  error?: string;
  body?: string;
}

/**
 * Registrations for one event from a few parallel clients, each request from another address
 * (the server trusts the loopback proxy's X-Forwarded-For) and email, so that throttling
 * never answers instead of the database.
 */
function writeLoad(url: string, eventId: string, clients = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const client = async () => {
    while (running) {
      n += 1;
      const email = `load${n}-${process.pid}@example.org`;
      const outcome: Outcome = { email, at: 0 };
      try {
        const res = await fetch(`${url}/api/calendars/appointments/${eventId}/registrations`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({ name: `Load ${n}`, email }),
          signal: AbortSignal.timeout(15_000),
        });
        outcome.status = res.status;
        outcome.retryAfter = res.headers.get('retry-after');
        outcome.body = await res.text();
      } catch (err) {
        outcome.error = String(err);
      }
      outcome.at = Date.now();
      outcomes.push(outcome);
      // A 503 says when to come back; a client that hammers instead only wastes the wait.
      if (outcome.status === 503) await sleep(50);
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client));
  return {
    outcomes,
    acknowledged: () => outcomes.filter((o) => o.status !== undefined && o.status < 300),
    async stop() {
      running = false;
      await done;
    },
  };
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

function expectOnlyAnswersOrOutage(outcomes: Outcome[]) {
  const unexpected = outcomes.filter(
    (o) => o.error !== undefined || (o.status! >= 300 && o.status !== 503),
  );
  expect(unexpected).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const o of unavailable) {
    expect(o.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(o.body!)).toEqual({
      error: 'database_unavailable',
      message: expect.stringMatching(/database/),
    });
  }
}

async function expectAllStored(db: DbHandle['db'], acknowledged: Outcome[]) {
  const emails = acknowledged.map((o) => o.email);
  const rows = await db
    .select({ email: eventRegistrations.email })
    .from(eventRegistrations)
    .where(inArray(eventRegistrations.email, emails));
  const stored = new Set(rows.map((r) => r.email));
  expect(emails.filter((e) => !stored.has(e))).toEqual([]);
}

describe('the embedded database killed with SIGKILL under write load', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let handle: DbHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    if (server) await stopServerProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is restarted by the server, which stays up, answers 503 meanwhile and resumes within 5 s', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-faults-'));
    const clusterDir = path.join(dataDir, 'postgres');
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      TRUST_PROXY: '127.0.0.1',
    });
    handle = connect(await runningClusterUrl(clusterDir, 'chamber'), { max: 1 });
    const event = await createEvent(handle.db, { calendarId: CALENDAR_ID });

    const load = writeLoad(server.url, event.id);
    try {
      for (let kill = 0; kill < 2; kill += 1) {
        const before = load.acknowledged().length;
        await waitFor(() => (load.acknowledged().length >= before + 20 ? true : undefined), 30_000);
        const old = (await postmasterStatus(clusterDir))!;
        process.kill(old.pid, 'SIGKILL');
        const returnedAt = await waitFor(async () => {
          const now = await postmasterStatus(clusterDir);
          return now && now.pid !== old.pid && now.status === 'ready' ? Date.now() : undefined;
        }, 30_000);
        const resumed = await waitFor(
          () => load.acknowledged().find((o) => o.at >= returnedAt)?.at,
          10_000,
        );
        expect(resumed - returnedAt).toBeLessThan(5_000);
      }
    } finally {
      await load.stop();
    }

    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    expectOnlyAnswersOrOutage(load.outcomes);
    await expectAllStored(handle.db, load.acknowledged());
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  }, 120_000);
});

describe('an external database that goes away and comes back', () => {
  it('is waited for: 503 with Retry-After while it is down, writes again once it is back, no restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-external-'));
    let cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), { port: await freePort() });
    const handle = connect(cluster.urlFor('postgres'), { max: 1 });
    let server: ServerProcess | undefined;
    try {
      await cluster.createDatabase('external');
      const external = connect(cluster.urlFor('external'), { max: 1 });
      await runMigrations(external.db);
      await createCalendar(external.db);
      const event = await createEvent(external.db, { calendarId: CALENDAR_ID });
      server = await startServerProcess({
        DATABASE_URL: cluster.urlFor('external'),
        DATA_DIR: dir,
        TRUST_PROXY: '127.0.0.1',
      });
      const load = writeLoad(server.url, event.id, 2);
      try {
        await waitFor(() => (load.acknowledged().length >= 10 ? true : undefined), 30_000);
        // A fast shutdown: the server ends every session (57P01) and refuses new ones.
        await cluster.stop();
        const downAt = Date.now();
        await sleep(2_000);
        expect(
          load.outcomes.filter((o) => o.at > downAt + 500).every((o) => o.status === 503),
        ).toBe(true);
        cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), {
          port: Number(new URL(cluster.adminUrl).port),
        });
        const returnedAt = Date.now();
        const resumed = await waitFor(
          () => load.acknowledged().find((o) => o.at >= returnedAt)?.at,
          10_000,
        );
        expect(resumed - returnedAt).toBeLessThan(5_000);
      } finally {
        await load.stop();
      }
      expect(server.process.exitCode).toBeNull();
      expectOnlyAnswersOrOutage(load.outcomes);
      await external.close();
      const after = connect(cluster.urlFor('external'), { max: 1 });
      await expectAllStored(after.db, load.acknowledged());
      const [{ count }] = (
        await after.db.execute<{ count: number }>(
          sql`select count(*)::int as count from event_registrations`,
        )
      ).rows as [{ count: number }];
      expect(count).toBeGreaterThanOrEqual(load.acknowledged().length);
      await after.close();
    } finally {
      if (server) await stopServerProcess(server);
      await handle.close();
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
