import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { campaignRecipients, campaigns, type Database } from '@chamber/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import { isPermanentFailure } from '../../lib/mail/outbox.js';
import type { CommunicationsService } from './service.js';
import { startSending } from './start-sending.js';

type Log = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export interface SenderOptions {
  /** Campaign mails a minute this process sends at most. */
  perMinute: number;
  /** The envelope sender bounces go to; `local+<recipient id>@domain` per recipient. */
  bounceAddress: string;
  /** How long a recipient being sent stays this process's (ms). */
  leaseMs?: number;
  /** How often an idle sender looks for due work (ms). */
  pollMs?: number;
  /** Attempts (a 4xx or a dropped connection each) before a recipient is failed. */
  maxAttempts?: number;
  /** Mails this process has in flight at once, at most (still no faster than the pace). */
  concurrency?: number;
}

interface Claimed {
  id: string;
  campaignId: string;
  email: string;
  attempts: number;
  subject: string;
  content: string;
  topic: string;
  trackClicks: boolean;
  countOpens: boolean;
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/** `local+<id>@domain` of `address` (VERP): a bounce names the recipient it is about. */
export function returnPathOf(address: string, recipientId: string): string {
  const bare = /<([^<>]+)>/.exec(address)?.[1] ?? address;
  const at = bare.lastIndexOf('@');
  return `${bare.slice(0, at)}+${recipientId}@${bare.slice(at + 1)}`;
}

/**
 * Sends campaigns, a recipient at a time at the configured pace: starts the scheduled ones
 * whose time came (also those whose time passed while no process ran), takes a queued
 * recipient of a sending campaign (`FOR UPDATE SKIP LOCKED`, state sending with a lease),
 * sends it and marks it sent once the mail server took it. Paused campaigns are not taken
 * from. A recipient found still `sending` after its lease ran out (its process died between
 * taking it and marking it) is failed, not sent again: at most once
 * (docs/decisions/0131-campaign-sending-at-most-once.md).
 */
export class CampaignSender {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running: Promise<void> | null = null;
  private stopping = false;
  private sleeper: (() => void) | null = null;
  private lastSend = 0;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly mail: MailDelivery,
    private readonly service: CommunicationsService,
    private readonly log: Log,
    private readonly options: SenderOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.concurrency = options.concurrency ?? 4;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Stops taking recipients; the one being sent finishes. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
  }

  wake(): void {
    const wake = this.sleeper;
    this.sleeper = null;
    wake?.();
  }

  private nap(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      timer = setTimeout(done, ms);
      this.sleeper = done;
    });
  }

  /**
   * Starts a send every 1/pace of a minute, with up to `concurrency` of them in flight (one
   * send waits on the database and the mail server most of its time: one at a time, a busy
   * machine managed a few hundred a minute). Housekeeping runs every poll interval, not per mail.
   */
  private async loop(): Promise<void> {
    const interval = 60_000 / this.options.perMinute;
    const inFlight = new Set<Promise<unknown>>();
    let lastHousekeeping = 0;
    let idle = false;
    let failed = false;
    while (!this.stopping) {
      try {
        if (failed) {
          failed = false;
          await Promise.allSettled(inFlight);
          await this.nap(Math.max(this.pollMs, 5_000));
          continue;
        }
        if (idle || Date.now() - lastHousekeeping >= this.pollMs) {
          await this.housekeeping();
          lastHousekeeping = Date.now();
        }
        // The pace: a wake (a send started, stop) looks again sooner, and waits on if early.
        const wait = this.lastSend + interval - Date.now();
        if (wait > 0) {
          await this.nap(wait);
          continue;
        }
        if (inFlight.size >= this.concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        const row = await this.claim();
        if (!row) {
          // Nothing queued: what is in flight ends, then a nap until the next look.
          await Promise.allSettled(inFlight);
          idle = true;
          await this.nap(this.pollMs);
          continue;
        }
        idle = false;
        this.lastSend = Date.now();
        const sending: Promise<unknown> = this.deliver(row)
          .catch((err: unknown) => {
            this.log.warn({ err }, 'campaign sending interrupted; trying again');
            failed = true;
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      } catch (err) {
        this.log.warn({ err }, 'campaign sending interrupted; trying again');
        await this.nap(Math.max(this.pollMs, 5_000));
      }
    }
    await Promise.allSettled(inFlight);
  }

  /**
   * Everything due now, here and without the pace (tests, and `chamber` commands): answers
   * how many recipients it handled.
   */
  async drain(): Promise<number> {
    let handled = 0;
    await this.housekeeping();
    while (await this.sendOne()) handled += 1;
    await this.housekeeping();
    return handled;
  }

  /** Starts due scheduled campaigns, fails abandoned recipients, finishes done campaigns. */
  async housekeeping(): Promise<void> {
    const now = this.clock.now();
    const due = await this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        sql`${campaigns.state} = 'scheduled' and ${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz`,
      );
    for (const { id } of due) {
      const listed = await startSending(this.db, id, now, this.service.blocks);
      if (listed === 0) {
        // Nobody left by its time: it ends here instead of being retried forever.
        await this.db
          .update(campaigns)
          .set({ state: 'sent', startedAt: now, finishedAt: now, updatedAt: now })
          .where(and(eq(campaigns.id, id), eq(campaigns.state, 'scheduled')));
      }
    }
    await this.db.execute(sql`
      update campaign_recipients set state = 'failed', locked_by = null, locked_until = null,
        last_error = 'interrupted while being sent; not sent again so that nobody gets two copies'
      where state = 'sending' and locked_until <= ${now.toISOString()}::timestamptz`);
    await this.db.execute(sql`
      update campaigns c set state = 'sent', finished_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      where c.state = 'sending' and not exists (
        select 1 from campaign_recipients r
        where r.campaign_id = c.id and r.state in ('queued', 'sending'))`);
  }

  /** Takes one queued recipient of a sending campaign, for this process, committed. */
  async claim(): Promise<Claimed | null> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.leaseMs);
    const { rows } = await this.db.execute<{
      id: string;
      campaign_id: string;
      email: string;
      attempts: number;
      subject: string;
      content: string;
      topic: string;
      track_clicks: boolean;
      count_opens: boolean;
    }>(sql`
      with taken as (
        update campaign_recipients set state = 'sending', attempts = attempts + 1,
          locked_by = ${this.worker}, locked_until = ${lease.toISOString()}::timestamptz
        where id = (
          -- Per sending campaign, its first queued row by the partial index; a join sorting
          -- every queued row took 300 ms a claim with 130,000 of them.
          select t.id from campaigns c cross join lateral (
            select r.id from campaign_recipients r
            where r.campaign_id = c.id and r.state = 'queued'
            order by r.id
            limit 1
            for update of r skip locked) t
          where c.state = 'sending'
          order by c.started_at, c.id
          limit 1)
        returning id, campaign_id, email, attempts)
      select t.id, t.campaign_id, t.email, t.attempts, c.subject,
        coalesce(c.sent_content, c.content) as content, c.topic,
        c.track_clicks, c.count_opens
      from taken t join campaigns c on c.id = t.campaign_id`);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      campaignId: row.campaign_id,
      email: row.email,
      attempts: Number(row.attempts),
      subject: row.subject,
      content: row.content,
      topic: row.topic,
      trackClicks: row.track_clicks === true,
      countOpens: row.count_opens === true,
    };
  }

  /** Sends one recipient; false when none was due. */
  async sendOne(): Promise<boolean> {
    const row = await this.claim();
    if (!row) return false;
    await this.deliver(row);
    return true;
  }

  /** Sends a claimed recipient, or marks why not; resolves once its state is written. */
  private async deliver(row: Claimed): Promise<void> {
    // Left since it was listed: not sent.
    const { rows: gone } = await this.db.execute<{ reason: string }>(sql`
      select 'suppressed' as reason from mail_suppressions
        where email = ${row.email} and lifted_at is null
      union all
      select 'unsubscribed' from mail_preferences p where p.email = ${row.email} and (
        (${row.topic} = 'newsletter' and p.newsletter_opt_out)
        or (${row.topic} = 'announcements' and p.announcements_opt_out)
        or (${row.topic} = 'event-news' and p.event_news_opt_out))`);
    if (gone.length > 0) {
      await this.mark(row.id, {
        state: gone[0]!.reason === 'unsubscribed' ? 'unsubscribed' : 'failed',
        lastError: gone[0]!.reason === 'suppressed' ? 'address suppressed' : null,
      });
      return;
    }
    try {
      const { render, unsubscribeUrl } = await this.service.compose(row, row.email, {
        recipientId: row.id,
        campaignId: row.campaignId,
        trackClicks: row.trackClicks,
        countOpens: row.countOpens,
      });
      const mailto = returnPathOf(this.options.bounceAddress, row.id);
      await this.mail.send(
        async (chamber) => {
          const message = await render(chamber);
          return {
            to: row.email,
            subject: message.subject,
            html: message.html,
            text: message.text,
            returnPath: returnPathOf(this.options.bounceAddress, row.id),
            headers: {
              'List-Unsubscribe': `<mailto:${mailto}?subject=unsubscribe>, <${unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              Precedence: 'bulk',
            },
          };
        },
        { messageId: `<${row.id}@${new URL(unsubscribeUrl).hostname}>` },
      );
    } catch (err) {
      const final = isPermanentFailure(err) || row.attempts >= this.maxAttempts;
      this.log.warn({ err, recipientId: row.id, final }, 'campaign mail not sent');
      await this.mark(row.id, {
        state: final ? 'failed' : 'queued',
        lastError: errorText(err),
      });
      return;
    }
    // Taken by the mail server: marked sent, retried until written (the database may be
    // restarting); a process killed before this leaves the row to be failed, not resent.
    for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        await this.mark(row.id, { state: 'sent', sentAt: this.clock.now(), lastError: null });
        return;
      } catch (err) {
        if (this.stopping) {
          this.log.error({ err, recipientId: row.id }, 'campaign mail sent but not marked');
          return;
        }
        await sleep(wait);
      }
    }
  }

  private async mark(
    id: string,
    set: { state: string; lastError?: string | null; sentAt?: Date },
  ): Promise<void> {
    await this.db
      .update(campaignRecipients)
      .set({ ...set, lockedBy: null, lockedUntil: null })
      .where(
        and(
          eq(campaignRecipients.id, id),
          eq(campaignRecipients.state, 'sending'),
          eq(campaignRecipients.lockedBy, this.worker),
        ),
      );
  }
}
