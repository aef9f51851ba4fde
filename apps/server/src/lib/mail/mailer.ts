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
  /** A Message-ID of the sender's making (`<id@host>`), the same on every attempt. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, when mail goes to the outbox. */
  outboxFile?: string;
}

/** Where the portal's mail goes: an SMTP server, or the outbox folder. */
export interface Mailer {
  readonly description: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** 'Name <address>' unless the configured From already names itself. */
function fromHeader(configured: string, name: string | undefined) {
  if (configured.includes('<') || !name) return configured;
  return { name, address: configured };
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from: fromHeader(from, message.fromName),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    attachments: message.attachments?.map((a) => ({ ...a })),
    ...(message.messageId ? { messageId: message.messageId } : {}),
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
    this.transport = nodemailer.createTransport({ url, pool: true, idleTimeout: 1_000 });
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
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

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
