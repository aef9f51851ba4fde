import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_BATCH_CHARS, logOutput } from './log-output.js';

let dir: string;
let file: string;
let fd: number;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-log-output-'));
  file = path.join(dir, 'server.log');
  fd = openSync(file, 'a');
});
afterEach(async () => {
  closeSync(fd);
  await rm(dir, { recursive: true, force: true });
});

const line = (n: number) => `${JSON.stringify({ n, msg: 'request completed' })}\n`;
const written = () => readFileSync(file, 'utf8');
const until = async (ready: () => boolean) => {
  for (let tries = 0; !ready() && tries < 200; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('logOutput', () => {
  it('holds lines until about 4 KB are waiting, then writes them in order', async () => {
    const out = logOutput(fd);
    out.write(line(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written()).toBe('');

    const lines = Array.from({ length: Math.ceil(LOG_BATCH_CHARS / line(0).length) + 1 }, (_, n) =>
      line(n),
    );
    for (const text of lines.slice(1)) out.write(text);
    const expected = lines.join('');
    await until(() => written().length >= LOG_BATCH_CHARS);
    expect(expected.startsWith(written())).toBe(true);
    expect(written().length).toBeGreaterThanOrEqual(LOG_BATCH_CHARS);
    out.flushSync();
  });

  it('flush writes what is held in the background; flushSync before it returns', async () => {
    const out = logOutput(fd);
    out.write(line(1));
    out.flush();
    await until(() => written() === line(1));
    expect(written()).toBe(line(1));

    out.write(line(2));
    out.write(line(3));
    out.flushSync();
    expect(written()).toBe(line(1) + line(2) + line(3));
  });
});
