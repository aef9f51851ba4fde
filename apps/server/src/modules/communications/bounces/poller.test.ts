import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock.js';
import { startDovecot, type Dovecot } from '../../../test/dovecot.js';
import type { BounceReport } from './parse.js';
import { createBouncePoller } from './poller.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFile(path.join(fixtures, name));
const bounceAddress = 'bounces@chamber.example';

let dovecot: Dovecot;
let notStarted: unknown;

beforeAll(async () => {
  // A machine without Dovecot fails every test below with the reason, none is skipped.
  await startDovecot().then(
    (started) => (dovecot = started),
    (error: unknown) => (notStarted = error),
  );
});

beforeEach(() => {
  if (notStarted) throw notStarted;
});

afterAll(async () => {
  await dovecot?.stop();
});

/** Waits until `check` holds, for what a poller does on its own schedule. */
async function eventually(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the bounce mailbox poller, against a real Dovecot', () => {
  it('hands each report to the handler, ignores the auto-reply, and marks all four seen', async () => {
    const uids = await dovecot.deliver(
      await fixture('postfix-5.1.1.eml'),
      await fixture('out-of-office.eml'),
      await fixture('exim-delayed-4.2.2.eml'),
      await fixture('arf-abuse.eml'),
    );
    const handled: BounceReport[] = [];
    const clock = manualClock(new Date('2026-11-29T12:00:00Z'));
    const poller = createBouncePoller({
      mailbox: dovecot.mailbox,
      bounceAddress,
      clock,
      onReport: async (report) => {
        handled.push(report);
      },
    });
    expect(await poller.pollOnce()).toEqual({ reports: 3, ignored: 1, failed: 0 });
    expect(handled.map((r) => [r.kind, r.recipient, r.verpToken])).toEqual([
      ['hard', 'jane.doe@riverton-bakery.example', 'r123abc'],
      ['soft', 'owner@west-jordan-hardware.example', 'r77soft'],
      ['complaint', 'carol.white@mailbox-provider.example', 'r5abuse'],
    ]);
    expect(await dovecot.flags()).toEqual({ seen: uids, unseen: [] });
    expect(poller.status()).toMatchObject({
      lastSuccessAt: clock.now(),
      lastError: null,
      failuresInARow: 0,
      reports: 3,
      ignored: 1,
    });

    // Read again: nothing is new, nothing is handed over twice.
    expect(await poller.pollOnce()).toEqual({ reports: 0, ignored: 0, failed: 0 });
    expect(handled).toHaveLength(3);
  });

  it('leaves a report whose handler throws unseen, and hands it over on the next read', async () => {
    const [uid] = await dovecot.deliver(await fixture('gmail-5.7.1.eml'));
    let failing = true;
    const handled: string[] = [];
    const poller = createBouncePoller({
      mailbox: dovecot.mailbox,
      bounceAddress,
      onReport: async (report) => {
        if (failing) throw new Error('database is down');
        handled.push(report.recipient);
      },
    });
    expect(await poller.pollOnce()).toEqual({ reports: 0, ignored: 0, failed: 1 });
    expect((await dovecot.flags()).unseen).toEqual([uid]);
    expect(poller.status().lastError?.message).toBe('handling a report: database is down');

    failing = false;
    expect(await poller.pollOnce()).toEqual({ reports: 1, ignored: 0, failed: 0 });
    expect(handled).toEqual(['bob.smith@gmail.com']);
    expect((await dovecot.flags()).unseen).toEqual([]);
  });

  it('shows a refused login as its status and keeps retrying, never crashing', async () => {
    await dovecot.deliver(await fixture('arf-redacted.eml'));
    const handled: string[] = [];
    const mailbox = { ...dovecot.mailbox, password: 'wrong' };
    const poller = createBouncePoller({
      mailbox,
      bounceAddress,
      retryMs: 20,
      maxRetryMs: 40,
      intervalMs: 60_000,
      onReport: async (report) => {
        handled.push(report.recipient);
      },
    });
    await expect(poller.pollOnce()).rejects.toThrow();
    poller.start();
    try {
      // A retry after the failed read above (Dovecot slows repeated failed logins down).
      await eventually(() => poller.status().failuresInARow >= 2, 'a failed retry', 20_000);
      const status = poller.status();
      expect(status.lastSuccessAt).toBeNull();
      expect(status.lastError?.message).toBe('Command failed: Authentication failed.');
      expect(status.nextAttemptAt).not.toBeNull();
    } finally {
      await poller.stop();
    }
    expect(handled).toEqual([]);

    // With the right password the same mailbox is read, and the status clears.
    mailbox.password = dovecot.mailbox.password;
    poller.start();
    try {
      await eventually(() => poller.status().lastSuccessAt !== null, 'a good read', 20_000);
    } finally {
      await poller.stop();
    }
    expect(handled).toEqual(['dan.green@webmail.example']);
    expect(poller.status()).toMatchObject({ failuresInARow: 0, nextAttemptAt: null });
  });

  it('shows an unreachable server as its status', async () => {
    const poller = createBouncePoller({
      mailbox: { ...dovecot.mailbox, port: 1 },
      bounceAddress,
      timeoutMs: 2000,
      onReport: async () => {},
    });
    await expect(poller.pollOnce()).rejects.toThrow();
    expect(poller.status().lastError?.message).toMatch(/ECONNREFUSED|connect/i);
    expect(poller.status().failuresInARow).toBe(1);
  });
});
