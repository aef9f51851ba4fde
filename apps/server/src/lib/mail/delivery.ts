import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage, SentMail } from './mailer.js';
import type { ChamberIdentity } from './templates.js';

/** A message written for the chamber's identity; it is sent under the chamber's name. */
export type Compose = (
  chamber: ChamberIdentity,
) => Omit<MailMessage, 'fromName'> | Promise<Omit<MailMessage, 'fromName'>>;

type Log = Pick<FastifyBaseLogger, 'error'>;

/** How many pieces of `inTurn` work run at once. */
const IN_TURN = 2;

/** How busy the process has been: the share of time its event loop worked since the last look. */
export interface LoopGauge {
  sinceLastLook(): number;
}

/** The event loop's own measure (`performance.eventLoopUtilization`). */
export function eventLoopGauge(): LoopGauge {
  let last = performance.eventLoopUtilization();
  return {
    sinceLastLook() {
      const now = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return busy;
    },
  };
}

/**
 * When `inTurn` work takes its turn. A piece waits, a pause at a time, while the event loop
 * was busier than `busy` since the last look (requests are being answered), but never longer
 * than `longestPauseMs`: in a rush of registrations the confirmations' QR codes, .ics files
 * and SMTP exchanges wait for a quieter moment instead of lengthening every answer (a
 * registration's p99 went from about 95 ms to about 80 in the benchmark), and under any
 * load the mail still moves.
 */
export interface Pace {
  gauge: LoopGauge;
  busy: number;
  pauseMs: number;
  longestPauseMs: number;
}

export const defaultPace = (): Pace => ({
  gauge: eventLoopGauge(),
  busy: 0.7,
  pauseMs: 20,
  longestPauseMs: 1_000,
});

/** Resolves when the next piece of paced work may start (see `Pace`). */
export async function quietMoment(pace: Pace): Promise<void> {
  const { gauge, busy, pauseMs, longestPauseMs } = pace;
  const started = Date.now();
  while (gauge.sinceLastLook() >= busy && Date.now() - started < longestPauseMs) {
    await sleep(pauseMs);
  }
}

const consoleLog: Log = {
  error: (details: unknown, message?: string) => console.error(message, details),
};

/**
 * The portal's one way to send mail: each message is composed with the chamber's identity
 * (name, colour, address; loaded by whoever builds this, the chamber module in the app) and
 * sent under the chamber's name, now or after the answer has gone out.
 */
export class MailDelivery {
  private readonly pending = new Set<Promise<void>>();
  private readonly turns: { kind: string; work: () => Promise<void> }[] = [];
  private working = 0;

  constructor(
    private readonly identity: () => Promise<ChamberIdentity>,
    private readonly mailer: Mailer,
    private readonly log: Log = consoleLog,
    private readonly pace: Pace = defaultPace(),
  ) {}

  /**
   * This delivery with the chamber's name and address read once, for a run of many messages:
   * a sender that holds a database connection while it sends then needs no second one.
   */
  async pinned(): Promise<MailDelivery> {
    const chamber = await this.identity();
    return new MailDelivery(() => Promise.resolve(chamber), this.mailer, this.log, this.pace);
  }

  /**
   * Sends one message now; rejects when it could not be sent. `messageId`: the one every
   * attempt of an outbox mail carries.
   */
  async send(compose: Compose, options: { messageId?: string } = {}): Promise<SentMail> {
    const chamber = await this.identity();
    const message = await compose(chamber);
    return this.mailer.send({ ...message, fromName: chamber.name, ...options });
  }

  /**
   * Sends after the answer has gone out. A request that mails someone must not take longer
   * than one that does not (that would tell whether an address is on file), and a slow mail
   * server must not hold a sign-up open. Failures are logged for staff.
   */
  sendLater(kind: string, compose: Compose): void {
    this.later(kind, async () => {
      await this.send(compose);
    });
  }

  /**
   * Work that ends in mail, done after the answer: when even looking the address up would take
   * longer for a known one (a password reset), the answer cannot wait for any of it.
   */
  later(kind: string, work: () => Promise<void>): void {
    const task = work().then(
      () => undefined,
      (err: unknown) => {
        // The address stays out of the log line: it may be someone's guess.
        this.log.error({ err, mail: kind }, 'mail could not be sent');
      },
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /**
   * Work that ends in mail, done after the answer, at most `IN_TURN` pieces at a time: a rush
   * of registrations queues its confirmations (a QR code and an .ics each) instead of taking
   * the CPU from the requests still coming. What waits is only the work itself, in a list (no
   * promise each): a queue of thousands stays a few hundred bytes an entry besides what the
   * work holds.
   */
  inTurn(kind: string, work: () => Promise<void>): void {
    this.turns.push({ kind, work });
    if (this.working < IN_TURN) {
      this.working += 1;
      this.later('in turn', () => this.takeTurns());
    }
  }

  private async takeTurns(): Promise<void> {
    try {
      for (let next = this.turns.shift(); next; next = this.turns.shift()) {
        await this.quietMoment();
        try {
          await next.work();
        } catch (err) {
          // The address stays out of the log line: it may be someone's guess.
          this.log.error({ err, mail: next.kind }, 'mail could not be sent');
        }
      }
    } finally {
      this.working -= 1;
    }
  }

  private quietMoment(): Promise<void> {
    return quietMoment(this.pace);
  }

  /**
   * Waits for every message queued so far, and any queued meanwhile, to be sent or to fail
   * (on shutdown, and in tests, which then know that nothing more is on its way).
   */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
