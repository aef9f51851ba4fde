import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The display name for the From address, usually the chamber's name. */
  fromName?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Sent on the portal's own initiative rather than in answer to something the recipient has
   * just done (a reminder, a notice of a coming or failed charge, seats offered): the message
   * carries `Auto-Submitted: auto-generated` (RFC 3834), and vacation replies and other
   * automatic responders leave it unanswered.
   */
  auto?: boolean;
  /**
   * The Message-ID to send under, `id@domain` (angle brackets optional). Given the same on
   * every attempt at one mail, a second copy is known for the same message by the receiving
   * side. Without it, each send makes up its own.
   */
  messageId?: string;
  /** More headers, e.g. bulk mail's `List-Unsubscribe` (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The SMTP envelope's sender (the return path bounces go to), when it is not the From:
   * bulk mail's per-recipient (VERP) address.
   */
  returnPath?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, when mail goes to the outbox. */
  outboxFile?: string;
}

/** Where the portal's mail goes: an SMTP server, or the outbox folder. */
export interface Mailer {
  readonly description: string;
  /**
   * Resolves once the message was taken. Rejects when that is not known, including when the
   * connection dropped after the message was handed over and before the server said it took
   * it: the server may hold it then, and sending it again may make a second copy.
   */
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** 'Name <address>' unless the configured From already names itself. */
function fromHeader(configured: string, name: string | undefined) {
  if (configured.includes('<') || !name) return configured;
  return { name, address: configured };
}

/** A msg-id of RFC 5322 §3.6.4 in its common dot-atom form, without its brackets. */
const MSG_ID = /^[\w.!#$%&'*+/=?^`{|}~-]+@[\w.-]+$/;

/**
 * The Message-ID header of a caller's id, in its brackets as the header has them (what `send`
 * reports is then the header itself); an id that is not one is refused before anything is sent.
 */
function messageIdHeader(id: string): string {
  const bare = /^<(.*)>$/.exec(id)?.[1] ?? id;
  if (!MSG_ID.test(bare)) throw new Error(`not a Message-ID: ${JSON.stringify(id)}`);
  return `<${bare}>`;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from: fromHeader(from, message.fromName),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.messageId !== undefined ? { messageId: messageIdHeader(message.messageId) } : {}),
    ...(message.auto || message.headers
      ? {
          headers: {
            ...message.headers,
            ...(message.auto ? { 'Auto-Submitted': 'auto-generated' } : {}),
          },
        }
      : {}),
    ...(message.returnPath ? { envelope: { from: message.returnPath, to: message.to } } : {}),
    attachments: message.attachments?.map((a) => ({ ...a })),
  };
}

/** Sends through the SMTP server of `SMTP_URL`. */
export class SmtpMailer implements Mailer {
  readonly description: string;
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const { protocol, hostname, port } = new URL(url);
    this.description = `SMTP ${protocol.replace(':', '')}://${hostname}${port ? `:${port}` : ''}`;
    // Pooled: a burst of mail (the dues job's reminders, a change notice to every registrant)
    // reuses a few open connections instead of connecting, greeting and logging in again for
    // each message, which took most of each message's time. A connection idle for a second is
    // closed, so none is left for the mail server to drop between bursts.
    //
    // A connection that closes before the server's greeting (a restart, a connection limit)
    // has its message put back in the pool's queue and sent on another: nothing of it reached
    // the server, so that can send no second copy. Twice at most (docs/decisions/0104-mail-a-rare-duplicate-rather-than.md), then
    // the send fails within a second and whoever sent it retries later. A connection that drops
    // after the message was handed over (DATA) is never retried by the pool: the send fails,
    // though the server may have taken the message, and the caller's retry then makes a second
    // copy under the same Message-ID: a rare duplicate rather than a loss.
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      idleTimeout: 1_000,
      maxRequeues: 2,
    });
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(toNodemailer(message, this.from));
    return { messageId: info.messageId };
  }

  async close() {
    this.transport.close();
  }
}

/**
 * Writes each message as an .eml file (the raw message, openable in any mail program) into
 * a folder, and logs where: without a mail server, sign-up codes still reach staff.
 */
export class OutboxMailer implements Mailer {
  readonly description: string;
  // RFC 5322 §2.3: every line of a message ends in CRLF. Without `newline` the parts keep the
  // bare LF of the text and HTML they were given, between headers that end in CRLF.
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.description = `outbox folder ${dir}`;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(toNodemailer(message, this.from));
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { flag: 'wx' });
    // The file name only: subjects and bodies may hold a confirmation code.
    this.log?.info({ outboxFile: file }, 'mail written to the outbox');
    return { messageId: info.messageId, outboxFile: file };
  }

  async close() {}
}

export function createMailer(config: Config, log?: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
