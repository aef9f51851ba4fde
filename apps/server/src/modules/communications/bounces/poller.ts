import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../../lib/clock.js';
import { parseReport, type BounceReport } from './parse.js';

/** Where the bounce mailbox is: see BOUNCE_IMAP_URL in the configuration. */
export interface BounceMailbox {
  host: string;
  port: number;
  /** TLS from the start (imaps); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder to read, such as INBOX. */
  mailbox: string;
}

export interface BouncePollerOptions {
  mailbox: BounceMailbox;
  /** The configured bounce address, to read VERP tokens with. */
  bounceAddress: string;
  /**
   * Takes one report (records the bounce, suppresses the address). The message is marked seen
   * only after this resolves: if it throws, the message stays unseen and is read again.
   */
  onReport: (report: BounceReport) => Promise<void>;
  /** Between two reads of the mailbox. */
  intervalMs?: number;
  /** The first wait after a failed read; it doubles with each failure in a row, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How long to wait for the server to connect, greet or answer. */
  timeoutMs?: number;
  clock?: Clock;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** What one read of the mailbox did. */
export interface PollResult {
  /** Reports handed to `onReport` and marked seen. */
  reports: number;
  /** Messages that were no report (auto-replies, spam), marked seen. */
  ignored: number;
  /** Reports whose handler threw: left unseen for the next read. */
  failed: number;
}

/** For staff: is the bounce mailbox being read? */
export interface BouncePollerStatus {
  /** The end of the last read that reached the mailbox. */
  lastSuccessAt: Date | null;
  /** The last failure (mailbox unreachable, refused login, a handler that threw) and when. */
  lastError: { at: Date; message: string } | null;
  /** Reads in a row that could not reach the mailbox (0 after a good one). */
  failuresInARow: number;
  /** When the next read is due, while running. */
  nextAttemptAt: Date | null;
  /** Totals since start. */
  reports: number;
  ignored: number;
  failed: number;
}

export interface BouncePoller {
  /** One read now: throws when the mailbox cannot be reached (the status records it too). */
  pollOnce(): Promise<PollResult>;
  /** Reads now and then every `intervalMs`, waiting longer after failures; never throws. */
  start(): void;
  /** Stops the schedule and waits for a read under way. */
  stop(): Promise<void>;
  status(): BouncePollerStatus;
}

const errorText = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const detail = (error as { responseText?: string }).responseText;
  return detail && !error.message.includes(detail) ? `${error.message}: ${detail}` : error.message;
};

/**
 * Reads the bounce mailbox over IMAP: each unseen message is parsed, a report goes to
 * `onReport`, and only then is the message marked seen, so a crash or a failing handler never
 * loses a report (a report may be handled twice, so `onReport` must be idempotent).
 */
export function createBouncePoller(options: BouncePollerOptions): BouncePoller {
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const retryMs = options.retryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 30 * 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const state: BouncePollerStatus = {
    lastSuccessAt: null,
    lastError: null,
    failuresInARow: 0,
    nextAttemptAt: null,
    reports: 0,
    ignored: 0,
    failed: 0,
  };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function read(): Promise<PollResult> {
    const { mailbox } = options;
    const client = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.secure,
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    // A dropped connection is reported here as well as by the call under way: never crash.
    client.on('error', () => {});
    const result: PollResult = { reports: 0, ignored: 0, failed: 0 };
    try {
      await client.connect();
      const lock = await client.getMailboxLock(mailbox.mailbox);
      try {
        const uids = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of uids) {
          // BODY.PEEK: reading the source does not mark it seen.
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          const report = await parseReport(message.source, {
            bounceAddress: options.bounceAddress,
          });
          if (report) {
            try {
              await options.onReport(report);
            } catch (error) {
              result.failed += 1;
              state.lastError = {
                at: clock.now(),
                message: `handling a report: ${errorText(error)}`,
              };
              options.logger?.error({ err: error, uid }, 'bounce report not handled; kept unseen');
              continue;
            }
            result.reports += 1;
          } else {
            result.ignored += 1;
          }
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
      await client.logout();
    } finally {
      client.close();
    }
    return result;
  }

  async function pollOnce(): Promise<PollResult> {
    try {
      const result = await read();
      state.lastSuccessAt = clock.now();
      state.failuresInARow = 0;
      state.reports += result.reports;
      state.ignored += result.ignored;
      state.failed += result.failed;
      if (result.reports + result.ignored + result.failed > 0) {
        options.logger?.info(result, 'bounce mailbox read');
      }
      return result;
    } catch (error) {
      state.failuresInARow += 1;
      state.lastError = { at: clock.now(), message: errorText(error) };
      options.logger?.warn(
        { err: error, failuresInARow: state.failuresInARow },
        'bounce mailbox could not be read',
      );
      throw error;
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    state.nextAttemptAt = new Date(clock.now().getTime() + delayMs);
    timer = setTimeout(() => {
      timer = null;
      running = pollOnce()
        .then(
          () => intervalMs,
          () => Math.min(maxRetryMs, retryMs * 2 ** (state.failuresInARow - 1)),
        )
        .then((next) => {
          running = null;
          schedule(next);
        });
    }, delayMs);
  }

  return {
    pollOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      state.nextAttemptAt = null;
      await running;
    },
    status: () => ({ ...state, lastError: state.lastError && { ...state.lastError } }),
  };
}
