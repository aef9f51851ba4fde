import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpServerOptions {
  /** Each message is taken only once this resolves, as a mail server under load answers late. */
  holdEach?: () => Promise<unknown>;
  /**
   * An answer to refuse a recipient with (`code` 4xx: try later; 5xx: for good), or null to
   * take it: a mailbox that is full, a server that defers.
   */
  refuse?: (address: string) => { code: number; message: string } | null;
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The addresses a mail was sent to, lower-cased. */
export function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((list) => list.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ParsedMail[] = [];
  /** Each message's SMTP envelope sender (MAIL FROM), where bounces go. */
  const envelopes = new WeakMap<ParsedMail, string>();
  const waiters: (() => void)[] = [];
  const seen = { connections: 0, inFlight: 0, mostAtOnce: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      seen.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      seen.inFlight += 1;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight);
      Promise.all([simpleParser(stream), options.holdEach?.()])
        .then(([mail]) => {
          envelopes.set(mail, mailFrom);
          received.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback)
        .finally(() => {
          seen.inFlight -= 1;
        });
    },
  });
  /**
   * A connection's socket error (a client killed mid-message resets it) is the client's doing,
   * kept here: unheard, the server's `error` event would end the test run.
   */
  const connectionErrors: Error[] = [];
  server.on('error', (err) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Resolves once `count` messages have arrived. */
  async function waitFor(count: number, timeoutMs = 5000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} mails`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return received;
  }

  /** The messages to `email` among those received after the first `from`. */
  function sentTo(email: string, from = 0): ParsedMail[] {
    const address = email.toLowerCase();
    return received.slice(from).filter((m) => recipients(m).includes(address));
  }

  /** Resolves with what `look` finds once it finds something, looking again as mail arrives. */
  async function waitUntil<T>(look: () => T | undefined, what: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = look();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${what}`);
      await waitFor(received.length + 1, 200).catch(() => undefined);
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many connections were opened and the most messages taken at once. */
    seen: seen as Readonly<typeof seen>,
    connectionErrors,
    waitFor,
    sentTo,
    /** The envelope sender (MAIL FROM) `mail` was sent with. */
    envelopeFrom: (mail: ParsedMail) => envelopes.get(mail),
    waitUntil,
    /** The first message to `email` whose subject matches, waiting for it to arrive. */
    mailTo: (email: string, subject: RegExp, timeoutMs = 5000) =>
      waitUntil(
        () => sentTo(email).find((m) => subject.test(m.subject ?? '')),
        `mail ${subject} to ${email}`,
        timeoutMs,
      ),
    /** Every message that `step` sends, once `flush` says the mail queue is empty. */
    async sentDuring(flush: () => Promise<void>, step: () => Promise<unknown>) {
      await flush();
      const before = received.length;
      await step();
      await flush();
      // Leaves time for a last message still on its way to land.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return received.slice(before);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
