import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2, ...), so several servers share them.
 * The SDK (several MB of the server's memory) is loaded only when a bucket is configured.
 */
export class S3Storage implements Storage {
  readonly description: string;
  private readonly ready: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(private readonly config: S3Config) {
    this.description = `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.connect(sdk) }));
    // A failure is answered by the first call that awaits it; none goes unhandled meanwhile.
    this.ready.catch(() => undefined);
  }

  private connect(sdk: Sdk): S3Client {
    const { config } = this;
    return new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // The SDK's default checksums are not understood by every S3-compatible server, and some
      // store the checksum framing with the bytes; we send and verify them only where required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.ready;
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      if (!object.Body || object.ContentLength === undefined) {
        throw new Error(`S3 answered without a body for ${key}`);
      }
      return {
        // In Node the SDK's body is an http.IncomingMessage.
        body: object.Body as Readable,
        size: object.ContentLength,
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)
        return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
    );
  }

  async close(): Promise<void> {
    (await this.ready).client.destroy();
  }
}
