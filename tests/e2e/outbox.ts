import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { e2eDataDir, expect } from './fixtures';

/** An .eml as a person reads it: quoted-printable soft line breaks and =XX escapes undone. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * What `pick` finds in the newest mail of the e2e server's outbox (start-server.mjs runs it
 * without SMTP) written after `since`, each mail read as a person would. Waits up to 10
 * seconds; `what` names the mail when none comes.
 */
export async function fromOutbox<T>(
  since: number,
  what: string,
  pick: (mail: string) => T | undefined,
): Promise<T> {
  const outbox = path.join(e2eDataDir, 'outbox');
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const full = path.join(outbox, file);
          if ((await stat(full)).mtimeMs < since) continue;
          found = pick(readable(await readFile(full, 'utf8')));
          if (found !== undefined) return true;
        }
        return false;
      },
      { message: what, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
