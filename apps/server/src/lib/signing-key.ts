import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Executor, signingKeys } from '@chamber/db';

/**
 * A key the portal signs its own tokens with (a registration's check-in code, a bulk mail's
 * unsubscribe link): made at first use and kept in the database under its name, so every
 * process signs alike. A signature is the first `bytes` of an HMAC-SHA256 of
 * `<version>.<payload>`; deleting the key's row retires every token it signed.
 */
export class SigningKey {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly name: string,
    private readonly version: string,
    private readonly bytes = 16,
  ) {}

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insert(signingKeys)
        .values({ name: this.name, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.name, this.name));
      return Buffer.from(row!.secret, 'base64url');
    })().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  /** The signature of `payload`, base64url. */
  async sign(payload: string): Promise<string> {
    return (await this.digest(payload)).toString('base64url');
  }

  /** Whether `signature` (base64url) is this key's of `payload`, compared in constant time. */
  async verify(payload: string, signature: string): Promise<boolean> {
    const given = Buffer.from(signature, 'base64url');
    const expected = await this.digest(payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async digest(payload: string): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`${this.version}.${payload}`)
      .digest()
      .subarray(0, this.bytes);
  }
}
