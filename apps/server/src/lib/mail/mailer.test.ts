import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp.js';
import { OutboxMailer, SmtpMailer } from './mailer.js';
import {
  confirmationCodeMail,
  passwordChangedMail,
  renderMail,
  welcomeMail,
  type ChamberIdentity,
} from './templates.js';

const chamber: ChamberIdentity = {
  name: 'Riverton Area Chamber of Commerce',
  accentColor: '#1f5f8b',
  addressLine: '12830 S Redwood Rd, Riverton, UT 84065',
  phone: '(801) 555-0142',
  email: 'info@rivertonchamber.example',
  publicUrl: 'https://members.rivertonchamber.example',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('templates', () => {
  it('put the chamber’s name and colour in the HTML and the code in both parts', () => {
    const mail = confirmationCodeMail(chamber, '042917', 10);
    expect(mail.subject).toBe('042917 is your Riverton Area Chamber of Commerce confirmation code');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('042917');
    expect(mail.html).toContain('background:#1f5f8b');
    expect(mail.html).toContain('Riverton Area Chamber of Commerce');
  });

  it('escape what they are given', () => {
    const mail = renderMail(chamber, {
      subject: 'x',
      preview: 'x',
      greeting: 'Hi <script>alert(1)</script>,',
      paragraphs: ['Tom & Jerry "quoted"'],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Tom &amp; Jerry &quot;quoted&quot;');
    expect(mail.text).toContain('Tom & Jerry "quoted"');
  });

  it('cover the welcome and password-changed messages', () => {
    expect(welcomeMail(chamber, 'Maria').text).toContain('Hi Maria,');
    expect(welcomeMail(chamber, 'Maria').text).toContain(`${chamber.publicUrl}/login`);
    expect(passwordChangedMail(chamber, 'Tom').subject).toBe(
      'Your Riverton Area Chamber of Commerce password was changed',
    );
  });
});

describe('SmtpMailer', () => {
  it('delivers HTML, text and attachments to a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    const mailer = new SmtpMailer(smtp.url, 'office@rivertonchamber.example');
    try {
      const content = confirmationCodeMail(chamber, '314159', 10);
      await mailer.send({
        to: 'maria@sweetwaterbakery.example',
        fromName: chamber.name,
        ...content,
        attachments: [
          {
            filename: 'luncheon.ics',
            content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
            contentType: 'text/calendar',
          },
        ],
      });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe(content.subject);
      expect(mail!.from?.value[0]).toEqual({
        name: chamber.name,
        address: 'office@rivertonchamber.example',
      });
      expect(mail!.to).toMatchObject({ value: [{ address: 'maria@sweetwaterbakery.example' }] });
      expect(mail!.text).toContain('314159');
      expect(mail!.html).toContain('314159');
      expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['luncheon.ics', 'text/calendar'],
      ]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('the headers a message asks for', () => {
  it('reach the SMTP server: the caller’s Message-ID, and Auto-Submitted only when automatic', async () => {
    const smtp = await startSmtpServer();
    const mailer = new SmtpMailer(smtp.url, 'office@rivertonchamber.example');
    try {
      const auto = await mailer.send({
        to: 'maria@sweetwaterbakery.example',
        ...welcomeMail(chamber, 'Maria'),
        messageId: 'outbox-42.7f3a@members.rivertonchamber.example',
        auto: true,
      });
      const answer = await mailer.send({
        to: 'tom@redwoodhardware.example',
        ...passwordChangedMail(chamber, 'Tom'),
      });
      const [first, second] = await smtp.waitFor(2);
      expect(auto.messageId).toBe('<outbox-42.7f3a@members.rivertonchamber.example>');
      expect(first!.messageId).toBe('<outbox-42.7f3a@members.rivertonchamber.example>');
      expect(first!.headers.get('auto-submitted')).toBe('auto-generated');
      // Made up by the mailer, and no automatic reply is turned away from it.
      expect(second!.messageId).toBe(answer.messageId);
      expect(second!.messageId).not.toContain('outbox-42');
      expect(second!.headers.has('auto-submitted')).toBe(false);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('are written to the outbox file as they are sent', async () => {
    const mailer = new OutboxMailer(path.join(dir, 'headers'), 'office@rivertonchamber.example');
    const sent = await mailer.send({
      to: 'tom@redwoodhardware.example',
      ...welcomeMail(chamber, 'Tom'),
      messageId: '<outbox-43@members.rivertonchamber.example>',
      auto: true,
    });
    expect(sent.messageId).toBe('<outbox-43@members.rivertonchamber.example>');
    const mail = await simpleParser(await readFile(sent.outboxFile!));
    expect(mail.messageId).toBe('<outbox-43@members.rivertonchamber.example>');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('refuse a Message-ID that is not one, before anything is sent', async () => {
    const outbox = path.join(dir, 'refused');
    const mailer = new OutboxMailer(outbox, 'office@rivertonchamber.example');
    for (const messageId of [
      'outbox-44',
      '<outbox-44@example.org',
      '',
      'a b@example.org',
      'x@y>\r\nBcc: z@example.org',
    ]) {
      await expect(
        mailer.send({
          to: 'tom@redwoodhardware.example',
          ...welcomeMail(chamber, 'Tom'),
          messageId,
        }),
      ).rejects.toThrow('not a Message-ID');
    }
    await expect(readdir(outbox)).rejects.toThrow('ENOENT');
  });
});

/**
 * An SMTP server that drops the connection of its first `times` sessions: at `greeting`, before
 * it says anything; at `data`, once it has read the whole message and before it answers 250 (a
 * server that took the message and crashed, or a network that failed, before the answer).
 * It keeps every message it read, dropped or answered.
 */
async function startDroppingServer(at: 'greeting' | 'data', times: number) {
  const received: ParsedMail[] = [];
  const sockets = new Map<number, Socket>();
  let dropped = 0;
  const drop = (port: number | undefined) => {
    if (dropped >= times) return false;
    dropped += 1;
    sockets.get(port!)!.destroy();
    return true;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      if (at === 'greeting' && drop(session.remotePort)) return;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        if (at === 'data' && drop(session.remotePort)) return;
        callback();
      }, callback);
    },
  });
  server.server.on('connection', (socket: Socket) => sockets.set(socket.remotePort!, socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    dropped: () => dropped,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Five times as long as the pool waits before it sends a message again on another connection
 * (50 ms after the close, then 50 ms, then 100 ms).
 */
const AFTER_ANY_REQUEUE_MS = 500;

describe('SmtpMailer on a dropped connection (decision 104)', () => {
  const message = (messageId: string) => ({
    to: 'maria@sweetwaterbakery.example',
    ...welcomeMail(chamber, 'Maria'),
    messageId,
  });

  it('after the message was handed over: fails the send, never resends it by itself; a retry makes a second copy under the same Message-ID', async () => {
    const smtp = await startDroppingServer('data', 1);
    const mailer = new SmtpMailer(smtp.url, 'office@rivertonchamber.example');
    try {
      await expect(mailer.send(message('outbox-45@portal.example'))).rejects.toMatchObject({
        code: 'ECONNECTION',
      });
      expect(smtp.dropped()).toBe(1);
      // The server took it: one copy, and the pool sends no other while nobody asks.
      await sleep(AFTER_ANY_REQUEUE_MS);
      expect(smtp.received.map((m) => m.messageId)).toEqual(['<outbox-45@portal.example>']);

      // The caller's retry (the next dues run, the outbox's next try): a second copy, the same
      // message to whoever reads it.
      const sent = await mailer.send(message('outbox-45@portal.example'));
      expect(sent.messageId).toBe('<outbox-45@portal.example>');
      expect(smtp.received.map((m) => m.messageId)).toEqual([
        '<outbox-45@portal.example>',
        '<outbox-45@portal.example>',
      ]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('before the greeting: sends the message on another connection, twice at most, then fails', async () => {
    const twice = await startDroppingServer('greeting', 2);
    const mailer = new SmtpMailer(twice.url, 'office@rivertonchamber.example');
    try {
      const sent = await mailer.send(message('outbox-46@portal.example'));
      expect(sent.messageId).toBe('<outbox-46@portal.example>');
      expect(twice.dropped()).toBe(2);
      expect(twice.received.map((m) => m.messageId)).toEqual(['<outbox-46@portal.example>']);
    } finally {
      await mailer.close();
      await twice.close();
    }

    const thrice = await startDroppingServer('greeting', 3);
    const giving = new SmtpMailer(thrice.url, 'office@rivertonchamber.example');
    try {
      await expect(giving.send(message('outbox-47@portal.example'))).rejects.toMatchObject({
        code: 'ECONNECTION',
      });
      expect(thrice.dropped()).toBe(3);
      await sleep(AFTER_ANY_REQUEUE_MS);
      // Given up on: nothing was taken, and nothing is tried again until the caller asks.
      expect(thrice.received).toEqual([]);
      expect(thrice.dropped()).toBe(3);
    } finally {
      await giving.close();
      await thrice.close();
    }
  });
});

describe('OutboxMailer', () => {
  it('writes one .eml file a message, which a mail parser reads back', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = new OutboxMailer(outbox, '"Riverton Chamber" <office@rivertonchamber.example>');
    const sent = await mailer.send({
      to: 'tom@redwoodhardware.example',
      ...welcomeMail(chamber, 'Tom'),
    });
    await mailer.send({
      to: 'tom@redwoodhardware.example',
      ...passwordChangedMail(chamber, 'Tom'),
    });
    const files = await readdir(outbox);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const mail = await simpleParser(await readFile(sent.outboxFile!));
    expect(mail.subject).toBe('Welcome to the Riverton Area Chamber of Commerce');
    expect(mail.from?.value[0]).toEqual({
      name: 'Riverton Chamber',
      address: 'office@rivertonchamber.example',
    });
    expect(mail.text).toContain('Hi Tom,');
  });

  it('ends every line of the file in CRLF (RFC 5322 §2.3), the parts’ lines too', async () => {
    const mailer = new OutboxMailer(path.join(dir, 'crlf'), 'office@rivertonchamber.example');
    const sent = await mailer.send({
      to: 'tom@redwoodhardware.example',
      ...confirmationCodeMail(chamber, '271828', 10),
      attachments: [
        {
          filename: 'luncheon.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar',
        },
      ],
    });
    const raw = await readFile(sent.outboxFile!, 'latin1');
    // The text and HTML parts were given with bare LFs between their lines.
    expect(raw.split('\r\n').length).toBeGreaterThan(40);
    expect(raw.match(/(?<!\r)\n/g)?.length ?? 0, 'bare LFs').toBe(0);
    expect(raw.match(/\r(?!\n)/g)?.length ?? 0, 'bare CRs').toBe(0);
    const mail = await simpleParser(raw);
    expect(mail.text).toContain('271828');
    expect(mail.attachments[0]!.content.toString()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
