import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Database, type Executor, mailOutbox } from '@chamber/db';
import type { Clock } from '../clock.js';
import { insertRows } from '../insert-rows.js';
import {
  type Compose,
  defaultPace,
  type MailDelivery,
  type Pace,
  quietMoment,
} from './delivery.js';

/**
 * What a kind of mail is composed from: its row's params (ids and strings), read again from
 * the database when its turn comes. Answers the message, or null when there is nothing left
 * to say (the registration went meanwhile); throws when it cannot be composed now.
 */
export type OutboxComposer = (params: Record<string, unknown>) => Promise<Compose | null>;

/** What a module records once a mail of its kind went out, from the row's params. */
export type OutboxSent = (params: Record<string, unknown>) => Promise<void>;

type Log = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export interface OutboxTiming {
  /** Mails composed and sent at once by one process. */
  concurrency: number;
  /** How often an idle process looks for mail that another process queued (ms). */
  pollMs: number;
  /** How long a taken mail is this process's; renewed while it works on it (ms). */
  leaseMs: number;
  /** Attempts before a mail is failed for good (until staff retry it). */
  maxAttempts: number;
  /** The wait after the first failed attempt, doubled after each further one (ms). */
  firstRetryMs: number;
  /** The longest wait between attempts (ms). */
  longestRetryMs: number;
}

export const defaultOutboxTiming: OutboxTiming = {
  concurrency: 2,
  pollMs: 1_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  firstRetryMs: 30_000,
  longestRetryMs: 60 * 60_000,
};

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(timing: OutboxTiming, attempts: number): number {
  return Math.min(timing.longestRetryMs, timing.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal the mail server means for good (an SMTP 5xx: no such mailbox, message refused):
 * trying again gives the same answer. Anything else (4xx, a dropped connection, the database
 * away, a composing error) is worth another attempt.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** The recipient and subject a claimed mail was composed with, to store on its row. */
const composed = (row: Claimed) =>
  row.recipient === undefined ? {} : { recipient: row.recipient, subject: row.subject ?? null };

/** A row of the outbox to write with a change: `queueMail(tx, ...)` or `outboxRow(...)` in SQL. */
export function outboxRow(kind: string, params: Record<string, unknown>, now: Date) {
  return { kind, params, nextAttemptAt: now, createdAt: now };
}

/** Writes a mail to the outbox, in the caller's transaction: it goes out once that commits. */
export async function queueMail(
  db: Executor,
  now: Date,
  kind: string,
  params: Record<string, unknown>,
): Promise<void> {
  await db.insert(mailOutbox).values(outboxRow(kind, params, now));
}

/** `queueMail` for several mails of one kind, in one statement. */
export async function queueMails(
  db: Executor,
  now: Date,
  kind: string,
  params: Record<string, unknown>[],
): Promise<void> {
  if (params.length === 0) return;
  await insertRows(
    db,
    mailOutbox,
    params.map((p) => outboxRow(kind, p, now)),
  );
}

interface Claimed {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  attempts: number;
  messageId: string;
  /** Set once composed. */
  recipient?: string;
  subject?: string;
}

/** A mail of the outbox as `chamber jobs` and staff see it. */
export interface OutboxMail {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  recipient: string | null;
  subject: string | null;
}

const mailColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
  lastError: mailOutbox.lastError,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
};

/** The states of each status staff list: failed, waiting (queued or being sent), sent. */
export const OUTBOX_STATES = {
  failed: ['failed'],
  waiting: ['pending', 'sending'],
  sent: ['sent', 'skipped'],
} as const;

/** A page of the outbox's mail of one status, newest first, with how many there are. */
export async function listMail(
  db: Database,
  query: { status: keyof typeof OUTBOX_STATES; limit: number; offset: number },
): Promise<{ mails: OutboxMail[]; total: number }> {
  const where = inArray(mailOutbox.state, [...OUTBOX_STATES[query.status]]);
  const [mails, [count]] = await Promise.all([
    db
      .select(mailColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(where),
  ]);
  return { mails, total: count?.total ?? 0 };
}

/** One mail of the outbox, or null. */
export async function findMail(db: Database, id: string): Promise<OutboxMail | null> {
  const [row] = await db.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Failed mail, newest first. */
export async function listFailedMail(db: Database, limit = 20): Promise<OutboxMail[]> {
  return (await listMail(db, { status: 'failed', limit, offset: 0 })).mails;
}

/** How many mails wait (pending or being sent) and how many failed. */
export async function outboxCounts(db: Database): Promise<{ waiting: number; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${mailOutbox.state} in ('pending', 'sending'))::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.state} = 'failed')::int`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.state} in ('pending', 'sending', 'failed')`);
  return { waiting: row?.waiting ?? 0, failed: row?.failed ?? 0 };
}

/** Sent (and skipped) mail stays listed this long, then the clean-up job deletes it. */
export const SENT_MAIL_KEPT_DAYS = 30;

/** Deletes the mail sent or skipped more than `SENT_MAIL_KEPT_DAYS` ago; failed mail stays. */
export async function deleteOldSentMail(db: Database, now: Date): Promise<number> {
  const kept = new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * 86_400_000);
  const rows = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.state, ['sent', 'skipped']), lte(mailOutbox.sentAt, kept)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Puts failed mail back in line with fresh attempts: one mail by id, or `all`. Returns the
 * rows as the update left them, read in the same statement: a worker woken afterwards may
 * take a row at once, and the caller reports what it did, not what the worker did next.
 */
export async function retryFailedMail(
  db: Database,
  now: Date,
  which: string,
): Promise<OutboxMail[]> {
  return db
    .update(mailOutbox)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: now, lockedBy: null, lockedUntil: null })
    .where(
      and(eq(mailOutbox.state, 'failed'), which === 'all' ? undefined : eq(mailOutbox.id, which)),
    )
    .returning(mailColumns);
}

/**
 * The portal's outgoing mail, from the `mail_outbox` table: each process takes due rows one
 * at a time (`FOR UPDATE SKIP LOCKED`, then a lease it renews while it works), composes the
 * mail with its kind's composer, sends it with the row's Message-ID and marks it sent. A
 * failed attempt waits longer each time and the mail is failed after the last one; a process
 * that dies with a row taken leaves it to whichever process finds the lease run out, so a mail
 * goes out at least once, and twice only when a process dies between the mail server's
 * acceptance and the mark (docs/decisions/0108-a-durable-outbox-for-outgoing-mail.md). The rows wait in the database, not in memory.
 */
export class MailOutbox {
  private readonly composers = new Map<string, OutboxComposer>();
  private readonly sentHooks = new Map<string, OutboxSent>();
  private readonly timing: OutboxTiming;
  /** This process, as `locked_by` names it. */
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = false;
  private stopping = false;
  private readonly lanes = new Set<Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * The mails this process is composing or sending now: never taken again here, even when
   * their lease looks run out (a clock moved on meanwhile, as a test's does).
   */
  private readonly sending = new Set<string>();
  private sleepers: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: MailDelivery,
    private readonly log: Log,
    /** The host part of the Message-IDs (the portal's public host). */
    private readonly domain: string,
    timing: Partial<OutboxTiming> = {},
    private readonly pace: Pace = defaultPace(),
  ) {
    this.timing = { ...defaultOutboxTiming, ...timing };
  }

  /**
   * Says how mail of `kind` is composed; a module registers its kinds once, at start.
   * `sent`: what the module records once a mail of the kind is marked sent (a form's message
   * marked mailed); a failure there is logged, the mail is not sent again.
   */
  register(kind: string, composer: OutboxComposer, sent?: OutboxSent): void {
    if (this.composers.has(kind)) throw new Error(`mail kind ${kind} is registered twice`);
    this.composers.set(kind, composer);
    if (sent) this.sentHooks.set(kind, sent);
  }

  /** Writes a mail in the caller's transaction, with this outbox's clock. */
  queue(db: Executor, kind: string, params: Record<string, unknown>): Promise<void> {
    return queueMail(db, this.clock.now(), kind, params);
  }

  /** Tells this process's idle workers that mail was queued (after the commit). */
  wake(): void {
    const sleepers = this.sleepers;
    this.sleepers = [];
    for (const wake of sleepers) wake();
  }

  /** Starts taking mail: `concurrency` workers, each one mail at a time (again after a stop). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    for (let i = 0; i < this.timing.concurrency; i += 1) {
      const lane = this.lane();
      this.lanes.add(lane);
      void lane.finally(() => this.lanes.delete(lane));
    }
  }

  /**
   * Stops taking mail and lets the mails in progress finish, for up to `timeoutMs`; what
   * is left waits in the outbox (one still being sent then goes to the next process once its
   * lease runs out).
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    const done = Promise.allSettled([...this.lanes, ...this.inFlight]);
    await Promise.race([done, sleep(timeoutMs)]);
    this.running = false;
  }

  /**
   * Sends every mail due now, here, and waits for those this process is sending: tests then
   * know that nothing more is on its way. Answers how many it handled itself.
   */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const row = await this.claim();
      if (row) {
        await this.track(this.handle(row));
        handled += 1;
        continue;
      }
      if (this.inFlight.size === 0) return handled;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private async lane(): Promise<void> {
    let idleFor = 0;
    while (!this.stopping) {
      let found = false;
      try {
        await quietMoment(this.pace);
        if (this.stopping) break;
        // Tracked from the claim on: `drain` then waits for a mail this worker has just taken.
        await this.track(
          (async () => {
            const row = await this.claim();
            idleFor = 0;
            if (!row) return;
            found = true;
            await this.handle(row);
          })(),
        );
      } catch (err) {
        // The database is away: look again a little later each time, up to 10 seconds.
        if (idleFor === 0) this.log.warn({ err }, 'mail outbox not reachable; trying again');
        idleFor = Math.min(10_000, Math.max(this.timing.pollMs, idleFor * 2));
        await this.nap(idleFor);
        continue;
      }
      if (!found) await this.nap(this.timing.pollMs);
    }
  }

  private track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /** Sleeps for `ms` or until woken (mail queued here, or stop). */
  private nap(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.sleepers.push(done);
    });
  }

  private leaseEnd() {
    return new Date(this.clock.now().getTime() + this.timing.leaseMs);
  }

  /** Takes the next due mail, or one whose taker's lease ran out, for this process. */
  private async claim(): Promise<Claimed | null> {
    const now = this.clock.now().toISOString();
    const { rows } = await this.db.execute<{
      id: string;
      kind: string;
      params: Record<string, unknown>;
      attempts: number;
      message_id: string;
    }>(sql`
      update ${mailOutbox} set state = 'sending', attempts = attempts + 1,
        locked_by = ${this.worker}, locked_until = ${this.leaseEnd().toISOString()}::timestamptz
      where id = (
        select id from ${mailOutbox}
        where state in ('pending', 'sending') and next_attempt_at <= ${now}::timestamptz
          and (state = 'pending' or locked_until <= ${now}::timestamptz)
          and not (id = any(${sql.param(`{${[...this.sending].join(',')}}`)}::uuid[]))
        order by next_attempt_at
        limit 1
        for update skip locked)
      returning id, kind, params, attempts, message_id`);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      params: row.params,
      attempts: Number(row.attempts),
      messageId: row.message_id,
    };
  }

  private async handle(row: Claimed): Promise<void> {
    this.sending.add(row.id);
    // The lease is renewed while the mail is composed and sent, however long the mail server
    // takes, so no other process takes it meanwhile.
    const renew = setInterval(() => {
      void this.db
        .update(mailOutbox)
        .set({ lockedUntil: this.leaseEnd() })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, this.worker)))
        .catch(() => undefined);
    }, this.timing.leaseMs / 3);
    try {
      let sent: boolean;
      try {
        sent = await this.send(row);
      } catch (err) {
        await this.failed(row, err);
        return;
      }
      await this.finish(row, sent ? 'sent' : 'skipped');
      const hook = sent ? this.sentHooks.get(row.kind) : undefined;
      if (hook) {
        await hook(row.params).catch((err: unknown) => {
          this.log.warn({ err, mail: row.kind, mailId: row.id }, 'mail sent; recording it failed');
        });
      }
    } finally {
      clearInterval(renew);
      this.sending.delete(row.id);
    }
  }

  /** Composes and sends the mail; false when there was nothing left to send. */
  private async send(row: Claimed): Promise<boolean> {
    const composer = this.composers.get(row.kind);
    // Perhaps a newer build's kind, during an upgrade: a later attempt may find its composer.
    if (!composer) throw new Error(`no composer for mail kind ${row.kind}`);
    const compose = await composer(row.params);
    if (!compose) return false;
    // To whom and about what, as composed: what staff see of the mail if it fails.
    const seen = async (chamber: Parameters<Compose>[0]) => {
      const message = await compose(chamber);
      row.recipient = message.to;
      row.subject = message.subject;
      return message;
    };
    await this.delivery.send(seen, { messageId: `<${row.messageId}@${this.domain}>` });
    return true;
  }

  /**
   * Marks a mail done. Once the mail server has it, the mark is retried until it is written
   * (the database may be restarting) or the process stops: a mail known sent is not sent again.
   */
  private async finish(row: Claimed, state: 'sent' | 'skipped'): Promise<void> {
    for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        await this.db
          .update(mailOutbox)
          .set({
            state,
            sentAt: this.clock.now(),
            ...composed(row),
            lockedBy: null,
            lockedUntil: null,
            lastError: null,
          })
          .where(eq(mailOutbox.id, row.id));
        return;
      } catch (err) {
        if (this.stopping) {
          this.log.error({ err, mail: row.kind, mailId: row.id }, 'mail sent but not marked');
          return;
        }
        await sleep(wait);
      }
    }
  }

  private async failed(row: Claimed, err: unknown): Promise<void> {
    const final = isPermanentFailure(err) || row.attempts >= this.timing.maxAttempts;
    const details = { err, mail: row.kind, mailId: row.id, attempts: row.attempts };
    // The address stays out of the log line: it may be someone's guess.
    if (final) this.log.error(details, 'mail failed');
    else this.log.warn(details, 'mail not sent yet; it will be tried again');
    const next = new Date(this.clock.now().getTime() + retryDelayMs(this.timing, row.attempts));
    try {
      await this.db
        .update(mailOutbox)
        .set({
          state: final ? 'failed' : 'pending',
          nextAttemptAt: next,
          ...composed(row),
          lastError: errorText(err),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(
          and(
            eq(mailOutbox.id, row.id),
            eq(mailOutbox.lockedBy, this.worker),
            eq(mailOutbox.state, 'sending'),
          ),
        );
    } catch {
      // The database is away: the lease runs out and the mail is taken again then.
    }
  }
}
