// A burst of registrations against a real server process, which is killed with SIGKILL in the
// middle of it and started again, or whose embedded database's postmaster is killed: every
// registration it acknowledged gets its confirmation, one message (one Message-ID) each,
// however many of them waited when it died.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, eventRegistrations, mailOutbox, runningClusterUrl } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createTestDatabase } from './test/app.js';
import { CALENDAR_ID, createCalendar } from './test/calendar.js';
import {
  postmasterStatus,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './test/server-process.js';
import { recipients, type SmtpServer, startSmtpServer } from './test/smtp.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registrations in the burst, the clients sending them at once, and when the kill comes. */
const PARTIES = 300;
const CLIENTS = 10;
const KILL_AFTER = 120;
/** Mails one process sends at once (the outbox's concurrency): the most a kill can repeat. */
const SENT_AT_ONCE = 2;

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

/**
 * Registers parties `from`..`to` - 1 for the event at `server`, `CLIENTS` at a time, each from
 * its own address (the loopback proxy is trusted) so no throttle answers; `stopWhen` ends it
 * early. Answers the addresses whose registration was acknowledged.
 */
async function burst(
  server: () => ServerProcess,
  eventId: string,
  parties: { next: number; end: number },
  acknowledged: string[],
  stopWhen: () => boolean = () => false,
) {
  const client = async () => {
    while (parties.next < parties.end && !stopWhen()) {
      const n = parties.next++;
      const email = `party${n}@example.org`;
      try {
        const res = await fetch(
          `${server().url}/api/calendars/appointments/${eventId}/registrations`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ name: `Party ${n}`, email }),
            signal: AbortSignal.timeout(15_000),
          },
        );
        if (res.status === 201) acknowledged.push(email);
        else await res.text();
        // The database is away: come back as Retry-After says, with the next party.
        if (res.status === 503) await sleep(500);
      } catch {
        // The process died under this request: not acknowledged, perhaps stored.
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

/**
 * Each acknowledged registration, and each stored one, got one message (one Message-ID): not
 * lost, not composed twice; copies of a message only for what a killed process was sending.
 */
function expectOneMessageEach(
  smtp: SmtpServer,
  acknowledged: string[],
  stored: { email: string }[],
) {
  const byParty = new Map<string, ParsedMail[]>();
  for (const mail of smtp.received) {
    expect(mail.subject).toBe("You're registered: Expo");
    for (const to of recipients(mail)) byParty.set(to, [...(byParty.get(to) ?? []), mail]);
  }
  const messageIds = (email: string) => new Set(byParty.get(email)?.map((m) => m.messageId));
  // One message for each acknowledged registration: not lost, not composed twice.
  expect(acknowledged.filter((email) => messageIds(email).size !== 1)).toEqual([]);
  expect(stored.filter((r) => messageIds(r.email.toLowerCase()).size !== 1)).toEqual([]);
  // A copy of a message only for what the killed process was sending when it died.
  const copies = smtp.received.length - byParty.size;
  expect(copies).toBeLessThanOrEqual(SENT_AT_ONCE);
}

describe('the server process killed with SIGKILL under a registration burst', () => {
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it('loses no confirmation: after a restart each acknowledged registration gets one message', async () => {
    const smtp = await startSmtpServer();
    cleanUp.push(() => smtp.close());
    const database = await createTestDatabase();
    cleanUp.push(() => database.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-mail-faults-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    await createCalendar(database.db);
    const event = await createEvent(database.db, { calendarId: CALENDAR_ID, title: 'Expo' });

    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      TRUST_PROXY: '127.0.0.1',
      // A mail taken by the killed process goes to the next one 2 s after its last renewal.
      MAIL_LEASE_SECONDS: '2',
    };
    let server = await startServerProcess(env);
    cleanUp.push(() => stopServerProcess(server));
    const acknowledged: string[] = [];
    const parties = { next: 0, end: PARTIES };

    // The first part of the burst, then the kill while registrations and mail are under way.
    await burst(
      () => server,
      event.id,
      parties,
      acknowledged,
      () => acknowledged.length >= KILL_AFTER,
    );
    const waitingAtKill = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(inArray(mailOutbox.state, ['pending', 'sending']));
    server.process.kill('SIGKILL');
    expect(await server.exit).toBeNull();
    // The kill came while confirmations were waiting: the test shows what became of them.
    expect(waitingAtKill[0]!.n).toBeGreaterThan(0);

    server = await startServerProcess(env);
    await burst(() => server, event.id, parties, acknowledged);
    expect(acknowledged.length).toBeGreaterThanOrEqual(PARTIES - CLIENTS);

    // Every registration stored (acknowledged or not) is mailed; nothing is left or failed.
    const stored = await database.db
      .select({ email: eventRegistrations.email })
      .from(eventRegistrations);
    await waitFor(async () => {
      const [left] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(inArray(mailOutbox.state, ['pending', 'sending', 'failed']));
      return left!.n === 0 ? true : undefined;
    }, 90_000);
    await smtp.waitFor(stored.length, 10_000);

    expectOneMessageEach(smtp, acknowledged, stored);
    expect(await stopServerProcess(server)).toBe(0);
  }, 240_000);
});

describe('the embedded database killed with SIGKILL under a registration burst', () => {
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it('loses no confirmation: the mails that failed while it was away are sent once it is back', async () => {
    const smtp = await startSmtpServer();
    cleanUp.push(() => smtp.close());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chamber-mail-faults-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const clusterDir = path.join(dataDir, 'postgres');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      TRUST_PROXY: '127.0.0.1',
      MAIL_LEASE_SECONDS: '2',
    });
    cleanUp.push(() => stopServerProcess(server));
    const database = connect(await runningClusterUrl(clusterDir, 'chamber'), { max: 1 });
    cleanUp.push(() => database.close());
    await createCalendar(database.db);
    const event = await createEvent(database.db, { calendarId: CALENDAR_ID, title: 'Expo' });

    const acknowledged: string[] = [];
    const parties = { next: 0, end: PARTIES };
    await burst(
      () => server,
      event.id,
      parties,
      acknowledged,
      () => acknowledged.length >= KILL_AFTER,
    );
    const old = (await postmasterStatus(clusterDir))!;
    process.kill(old.pid, 'SIGKILL');
    // The server starts its database again; the rest of the burst meets the outage, then not.
    await burst(() => server, event.id, parties, acknowledged);
    await waitFor(async () => {
      const now = await postmasterStatus(clusterDir);
      return now && now.pid !== old.pid && now.status === 'ready' ? true : undefined;
    }, 30_000);
    expect(acknowledged.length).toBeGreaterThan(KILL_AFTER);

    const stored = await waitFor(
      () =>
        database.db
          .select({ email: eventRegistrations.email })
          .from(eventRegistrations)
          .catch(() => undefined),
      30_000,
    );
    await waitFor(async () => {
      const [left] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(inArray(mailOutbox.state, ['pending', 'sending', 'failed']));
      return left!.n === 0 ? true : undefined;
    }, 120_000);
    await smtp.waitFor(stored.length, 10_000);
    expectOneMessageEach(smtp, acknowledged, stored);
    expect(server.process.exitCode).toBeNull();
  }, 300_000);
});
