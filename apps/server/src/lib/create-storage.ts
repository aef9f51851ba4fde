import path from 'node:path';
import type { Config } from '../config.js';
import { DiskStorage } from './disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** S3-compatible storage when a bucket is configured, otherwise `<DATA_DIR>/media`. */
export function createStorage(config: Config): Storage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'media'));
}
