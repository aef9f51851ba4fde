// A small SMTP peer on loopback for the benches that count mail: it accepts every message
// and keeps, per message, its recipients, Message-ID and arrival time (nothing else is parsed).
import net from 'node:net';

/** Answers the peer's `url` (for SMTP_URL), what it `received` so far, and `close()`. */
export function startSmtpPeer() {
  const received = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to = [];
    socket.write('220 bench ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const headers = message.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
          const messageId = /^message-id:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
          received.push({ to, messageId, at: Date.now() });
          to = [];
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-bench\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${server.address().port}`,
        received,
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}
