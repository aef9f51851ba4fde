import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, ...), so several servers share them. */
export class S3Storage implements Storage {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.description = `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.client = new S3Client({
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
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
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
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
