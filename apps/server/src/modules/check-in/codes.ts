import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signingKeys, type Executor } from '@chamber/db';
import { eq } from 'drizzle-orm';
import { isUuid } from '../../lib/input.js';

const KEY_NAME = 'check-in';
const VERSION = 'r1';
// 128 bits of HMAC-SHA256: no one guesses a code; short enough for a small QR.
const SIGNATURE_BYTES = 16;

/**
 * The check-in code of a registration: its id and an HMAC of it under a key only the portal
 * holds (made at first use, in the database, so every process signs alike). The code proves
 * the portal issued it; which event it belongs to is read from the registration, so it stays
 * right when a series edit moves the registration to another occurrence.
 */
export class CheckInCodes {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Executor) {}

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insert(signingKeys)
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
      return Buffer.from(row!.secret, 'base64url');
    })().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  private async sign(id: string): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`${VERSION}.${id}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }

  async issue(registrationId: string): Promise<string> {
    const signature = (await this.sign(registrationId)).toString('base64url');
    return `${VERSION}.${registrationId}.${signature}`;
  }

  /** The registration id a code names, or null when the portal did not sign it. */
  async read(code: string): Promise<string | null> {
    const [version, id, signature] = code.trim().split('.');
    if (version !== VERSION || !id || !signature || !isUuid(id)) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = await this.sign(id);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return id;
  }
}
