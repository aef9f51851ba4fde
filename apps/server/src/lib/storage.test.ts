import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, signIn, type TestContext } from '../test/app.js';
import { dataUrl, makeImage, upload } from '../test/members.js';
import { DiskStorage } from './disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

let tmp: string;
let s3: S3rver;
let endpoint: string;
const BUCKET = 'chamber-media';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'chamber-storage-'));
  // s3rver speaks the S3 protocol over HTTP, so the real AWS client is exercised end to end.
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ['disk', () => new DiskStorage(path.join(tmp, 'disk'))],
  [
    'S3',
    () =>
      new S3Storage({
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint,
        credentials,
        forcePathStyle: true,
        prefix: 'media/',
      }),
  ],
];

describe.each(backends)('%s storage', (_name, make) => {
  it('stores, returns and deletes bytes unchanged', async () => {
    const storage = make();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    const key = `${'ab'.repeat(32)}.png`;
    await storage.put(key, bytes, 'image/png');
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object!.size).toBe(bytes.length);
    expect(object!.contentType).toBe('image/png');
    expect((await buffer(object!.body)).equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.close();
  });

  it('answers null for a key it does not hold', async () => {
    const storage = make();
    expect(await storage.get(`${'cd'.repeat(32)}.jpg`)).toBeNull();
    await storage.close();
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const storage = make();
    for (const key of ['../escape.png', 'a/b.png', '', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
    }
    await storage.close();
  });
});

describe('uploads with S3 configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'portal',
    });
  });
  afterAll(() => ctx.close());

  it('puts the file in the bucket, not the data folder, and serves it back', async () => {
    const user = await createTestUser(ctx.db);
    const token = await signIn(ctx, user.email);
    const png = await makeImage('png');
    const res = await upload(
      ctx,
      'avatar',
      { contactId: user.contactId!, fileData: dataUrl(png) },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const key = (res.json().mediaUrl as string).split('/').pop()!;

    expect(await readdir(ctx.dataDir)).toEqual([]);
    const direct = new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      credentials,
      forcePathStyle: true,
      prefix: 'portal/',
    });
    expect(await direct.get(key)).not.toBeNull();
    await direct.close();

    const served = await ctx.app.inject({ method: 'GET', url: res.json().mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(0, 8)).toEqual(png.subarray(0, 8));
  });
});
