import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where uploaded files live. Keys are flat names such as `<sha256>.png`. */
export interface Storage {
  /** Where the files go, for the start-up log. */
  readonly description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Keys come from our own code, but a path separator here would escape the media folder. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
}
