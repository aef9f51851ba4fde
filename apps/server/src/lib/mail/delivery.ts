import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailer, MailMessage, SentMail } from './mailer.js';
import type { ChamberIdentity } from './templates.js';

/** A message written for the chamber's identity; it is sent under the chamber's name. */
export type Compose = (
  chamber: ChamberIdentity,
) => Omit<MailMessage, 'fromName'> | Promise<Omit<MailMessage, 'fromName'>>;

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
 * When the outbox's next mail is composed. It waits, a pause at a time, while the event loop
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

/**
 * The portal's one way to send mail: each message is composed with the chamber's identity
 * (name, colour, address; loaded by whoever builds this, the chamber module in the app) and
 * sent under the chamber's name. What must survive a crash goes through the outbox
 * (outbox.ts), which sends with this.
 */
export class MailDelivery {
  constructor(
    private readonly identity: () => Promise<ChamberIdentity>,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Sends one message now; rejects when it could not be sent. `messageId`: the one every
   * attempt of an outbox mail carries.
   */
  async send(compose: Compose, options: { messageId?: string } = {}): Promise<SentMail> {
    const chamber = await this.identity();
    const message = await compose(chamber);
    return this.mailer.send({ ...message, fromName: chamber.name, ...options });
  }

  /** The chamber's identity as a message sent now is composed with (for previews). */
  async chamber(): Promise<ChamberIdentity> {
    return this.identity();
  }
}
