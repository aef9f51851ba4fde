import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Mailer } from '../../lib/mail/mailer.js';
import {
  loadChamberIdentity,
  type ChamberIdentity,
  type RenderedMail,
} from '../../lib/mail/templates.js';

/**
 * Sends the onboarding mail after the answer has gone out. A request that mails someone must
 * not take longer than one that does not (that would tell whether an address is on file), and
 * a slow mail server must not hold a sign-up open. Failures are logged for staff.
 */
export class MailDelivery {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  send(to: string, kind: string, render: (chamber: ChamberIdentity) => RenderedMail): void {
    this.later(kind, async () => {
      const chamber = await loadChamberIdentity(this.db, this.config);
      await this.mailer.send({ to, fromName: chamber.name, ...render(chamber) });
    });
  }

  /**
   * Work that ends in mail, done after the answer: when even looking the address up would take
   * longer for a known one (a password reset), the answer cannot wait for any of it.
   */
  later(kind: string, work: () => Promise<void>): void {
    const task = work().catch((err: unknown) => {
      // The address stays out of the log line: it may be someone's guess.
      this.log.error({ err, mail: kind }, 'onboarding mail could not be sent');
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /**
   * Waits for every message queued so far, and any queued meanwhile, to be sent or to fail
   * (on shutdown, and in tests, which then know that nothing more is on its way).
   */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
