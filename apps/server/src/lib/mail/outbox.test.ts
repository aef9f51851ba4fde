import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, mailOutbox } from '@chamber/db';
import { createTestDatabase } from '../../test/app.js';
import { startSmtpServer } from '../../test/smtp.js';
import { manualClock } from '../clock.js';
import { MailDelivery } from './delivery.js';
import { SmtpMailer } from './mailer.js';
import {
  deleteOldSentMail,
  listFailedMail,
  MailOutbox,
  type OutboxTiming,
  outboxCounts,
  queueMail,
  retryDelayMs,
  retryFailedMail,
} from './outbox.js';
import type { ChamberIdentity } from './templates.js';

const quiet = { gauge: { sinceLastLook: () => 0 }, busy: 1, pauseMs: 1, longestPauseMs: 1 };
const silentLog = { warn: () => {}, error: () => {} };
const identity = { name: 'Riverton Chamber' } as ChamberIdentity;

const cleanUp: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

/** A refusal as a mail server under load gives it (RFC 5321: 451, try again later). */
const busyServer = () =>
  Promise.reject(Object.assign(new Error('try again later'), { responseCode: 451 }));
const refused = () =>
  Promise.reject(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));

/**
 * A database, an SMTP peer whose answer to each message `answer` decides, and outboxes on the
 * database (one per portal process) composing `note` mails from their params.
 */
async function setUp(answer?: () => Promise<unknown>) {
  const smtp = await startSmtpServer(answer ? { holdEach: answer } : {});
  const database = await createTestDatabase();
  const clock = manualClock(new Date('2026-03-10T17:00:00Z'));
  cleanUp.push(
    () => smtp.close(),
    () => database.close(),
  );
  const outbox = (timing: Partial<OutboxTiming> = {}, db = database.db) => {
    const mailer = new SmtpMailer(smtp.url, 'no-reply@portal.example');
    const delivery = new MailDelivery(() => Promise.resolve(identity), mailer);
    const made = new MailOutbox(db, clock, delivery, silentLog, 'portal.example', timing, quiet);
    made.register('note', async (params) => () => ({
      to: String(params.to),
      subject: String(params.subject),
      text: 'Hello',
      html: '<p>Hello</p>',
    }));
    cleanUp.push(async () => {
      await made.stop(1_000);
      await mailer.close();
    });
    return made;
  };
  const queue = (n: number) =>
    database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i += 1) {
        await queueMail(tx, clock.now(), 'note', { to: `p${i}@example.org`, subject: `Note ${i}` });
      }
    });
  const rows = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
  return { smtp, database, clock, outbox, queue, rows };
}

describe('the mail outbox', () => {
  it('sends a mail once, with its row Message-ID, and never again once it is marked sent', async () => {
    const { smtp, outbox, queue, rows } = await setUp();
    await queue(1);
    const first = outbox();
    expect(await first.drain()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lockedBy: null, lastError: null });
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${row!.messageId}@portal.example>`]);
    // Another process, or this one again: nothing is due.
    expect(await outbox().drain()).toBe(0);
    expect(await first.drain()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('tries again after a temporary refusal, waiting longer each time, then sends', async () => {
    let refusals = 2;
    const { smtp, clock, outbox, queue, rows } = await setUp(() =>
      refusals-- > 0 ? busyServer() : Promise.resolve(),
    );
    const timing = { firstRetryMs: 30_000, longestRetryMs: 3_600_000 };
    const box = outbox(timing);
    await queue(1);
    await box.drain();
    let [row] = await rows();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000);
    // Not due yet: nothing is sent.
    clock.advance(29_000);
    expect(await box.drain()).toBe(0);
    clock.advance(1_000);
    await box.drain();
    [row] = await rows();
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);
    clock.advance(60_000);
    await box.drain();
    [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
    expect(retryDelayMs({ ...timing } as OutboxTiming, 20)).toBe(3_600_000);
  });

  it('fails a mail after its last attempt, and at once on a permanent refusal; staff put it back', async () => {
    let answer: () => Promise<unknown> = busyServer;
    const { smtp, database, clock, outbox, queue, rows } = await setUp(() => answer());
    const box = outbox({ maxAttempts: 2, firstRetryMs: 1_000 });
    await queue(1);
    await box.drain();
    clock.advance(1_000);
    await box.drain();
    expect((await rows())[0]).toMatchObject({ state: 'failed', attempts: 2 });
    clock.advance(60 * 60_000);
    expect(await box.drain()).toBe(0);

    answer = refused;
    await queue(1);
    await box.drain();
    const failed = await listFailedMail(database.db);
    expect(failed.map((m) => [m.state, m.attempts, m.lastError?.includes('550')])).toEqual([
      ['failed', 1, true],
      ['failed', 2, false],
    ]);
    expect(await outboxCounts(database.db)).toEqual({ waiting: 0, failed: 2 });

    answer = () => Promise.resolve();
    expect(await retryFailedMail(database.db, clock.now(), failed[0]!.id)).toHaveLength(1);
    await box.drain();
    expect(await outboxCounts(database.db)).toEqual({ waiting: 0, failed: 1 });
    expect(await retryFailedMail(database.db, clock.now(), 'all')).toHaveLength(1);
    await box.drain();
    expect((await rows()).map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(smtp.received).toHaveLength(2);
  });

  it('shares its mail between processes: each mail is sent by one of them', async () => {
    const { smtp, database, outbox, queue, rows } = await setUp();
    // Three processes, each with its own connections, working at once.
    const boxes = [0, 1, 2].map(() => {
      const handle = connect(database.url, { max: 3 });
      cleanUp.push(() => handle.close());
      return outbox({ pollMs: 20 }, handle.db);
    });
    await queue(60);
    for (const box of boxes) box.start();
    await smtp.waitFor(60, 20_000);
    await expect.poll(async () => (await rows()).every((r) => r.state === 'sent')).toBe(true);
    const all = await rows();
    expect(smtp.received).toHaveLength(60);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(60);
    expect(all.every((r) => r.attempts === 1)).toBe(true);
  });

  it('takes a mail whose process died with it once its lease has run out', async () => {
    const { smtp, database, clock, outbox, queue, rows } = await setUp();
    await queue(1);
    // A process took it, then died: its lease is not renewed.
    const [taken] = await database.db
      .update(mailOutbox)
      .set({
        state: 'sending',
        attempts: 1,
        lockedBy: 'gone:1',
        lockedUntil: new Date(clock.now().getTime() + 60_000),
      })
      .returning();
    const box = outbox();
    expect(await box.drain()).toBe(0);
    clock.advance(60_000);
    expect(await box.drain()).toBe(1);
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${taken!.messageId}@portal.example>`]);
  });

  it('sends a mail it is still sending only once, however far the clock moves meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { smtp, clock, outbox, queue, rows } = await setUp(() => gate);
    await queue(1);
    const box = outbox({ concurrency: 2, pollMs: 10 });
    box.start();
    await expect.poll(async () => (await rows())[0]!.state).toBe('sending');
    // A test's clock jumps hours ahead while the mail server still has the mail: its lease
    // looks run out, but this process is the one sending it. The other lane looks meanwhile.
    clock.advance(3 * 60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = box.drain();
    release();
    await drained;
    expect((await rows())[0]).toMatchObject({ state: 'sent', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('on stop, lets the mails being sent finish and leaves the rest waiting', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { smtp, outbox, queue, rows } = await setUp(() => gate);
    await queue(5);
    const box = outbox({ concurrency: 2 });
    box.start();
    await expect
      .poll(async () => (await rows()).filter((r) => r.state === 'sending').length)
      .toBe(2);
    const stopping = box.stop(5_000);
    release();
    await stopping;
    const states = (await rows()).map((r) => r.state).sort();
    expect(states).toEqual(['pending', 'pending', 'pending', 'sent', 'sent']);
    expect(smtp.received).toHaveLength(2);
  });

  it('on stop, waits no longer than its bound for a send that hangs', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { outbox, queue, rows } = await setUp(() => gate);
    await queue(1);
    const box = outbox({ concurrency: 1 });
    box.start();
    await expect.poll(async () => (await rows())[0]!.state).toBe('sending');
    const started = Date.now();
    await box.stop(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Still taken: the next process takes it when the lease runs out.
    expect((await rows())[0]!.state).toBe('sending');
    release();
  });
});

describe('the clean-up of sent mail', () => {
  it('deletes mail sent or skipped 30 days ago, and keeps failed and waiting mail', async () => {
    const { database, clock, outbox, queue, rows } = await setUp();
    await queue(2);
    await outbox().drain();
    await queue(1);
    await database.db.transaction((tx) => queueMail(tx, clock.now(), 'newer-kind', {}));
    await outbox({ maxAttempts: 1 }).drain();
    expect((await rows()).map((r) => r.state).sort()).toEqual(['failed', 'sent', 'sent', 'sent']);
    clock.advance(30 * 86_400_000 - 1);
    expect(await deleteOldSentMail(database.db, clock.now())).toBe(0);
    clock.advance(1);
    expect(await deleteOldSentMail(database.db, clock.now())).toBe(3);
    expect((await rows()).map((r) => r.state)).toEqual(['failed']);
  });
});

describe('a kind of mail without a composer', () => {
  it('waits for a process that knows it, and fails after the last attempt', async () => {
    const { database, clock, outbox } = await setUp();
    await queueMail(database.db, clock.now(), 'newer-kind', {});
    const box = outbox({ maxAttempts: 1 });
    await box.drain();
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'newer-kind'));
    expect(row).toMatchObject({
      state: 'failed',
      lastError: 'no composer for mail kind newer-kind',
    });
  });
});
