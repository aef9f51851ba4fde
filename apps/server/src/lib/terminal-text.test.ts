import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardTerminalOutput, printable, printableLines } from './terminal-text.js';

describe('printable', () => {
  it('shows control characters as escapes instead of sending them to the terminal', () => {
    expect(printable('\u001b[2JCleared')).toBe('\\x1B[2JCleared');
    expect(printable('title\u001b]0;pwned\u0007')).toBe('title\\x1B]0;pwned\\x07');
    expect(printable('csi\u009b2J del\u007f nul\u0000')).toBe('csi\\x9B2J del\\x7F nul\\x00');
    expect(printable('a\rb\tc\nd\be')).toBe('a\\x0Db\\x09c\\x0Ad\\x08e');
    expect(printable('user\u202Egnp.exe')).toBe('user\\u202Egnp.exe');
  });

  it('leaves ordinary text alone, accents and emoji included', () => {
    const text = 'Café Olé — “Bäckerei” 🥐 row 4: skipped';
    expect(printable(text)).toBe(text);
  });

  it('keeps the line breaks between lines', () => {
    expect(printableLines('one\u001b[A\ntwo\n')).toBe('one\\x1B[A\ntwo\n');
  });
});

describe('guardTerminalOutput', () => {
  it('escapes whatever is written to the guarded streams, strings and bytes', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString('utf8'));
        callback();
      },
    }) as unknown as NodeJS.WriteStream;
    guardTerminalOutput([stream]);
    stream.write('row 2: \u001b[2J\n');
    stream.write(Buffer.from('bytes \u009b31m\n'));
    await new Promise<void>((resolve) => stream.write('done\n', () => resolve()));
    expect(chunks.join('')).toBe('row 2: \\x1B[2J\nbytes \\x9B31m\ndone\n');
  });
});
