import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
};

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in one folder; the content type follows from the key's extension. */
export class DiskStorage implements Storage {
  readonly description: string;

  constructor(private readonly dir: string) {
    this.description = `folder ${dir}`;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertSafeKey(key);
    // Created on first use, so an app that never stores a file never touches the disk.
    await mkdir(this.dir, { recursive: true });
    // A rename within one folder is atomic: readers see the whole file or none.
    const temp = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, path.join(this.dir, key));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    let handle;
    try {
      handle = await open(path.join(this.dir, key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      const contentType = contentTypes[path.extname(key)] ?? 'application/octet-stream';
      return { body: handle.createReadStream(), size, contentType };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(path.join(this.dir, key), { force: true });
  }

  async close(): Promise<void> {}
}
