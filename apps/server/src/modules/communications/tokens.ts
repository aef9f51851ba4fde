import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mailTopics, type MailTopic } from '@chamber/contract';
import { type Executor, signingKeys } from '@chamber/db';
import { eq } from 'drizzle-orm';

const KEY_NAME = 'unsubscribe';
const VERSION = 'u1';
const SIGNATURE_BYTES = 16;

/** What an unsubscribe link names: the address and the topic of the mail that carried it. */
export interface UnsubscribeClaim {
  email: string;
  topic: MailTopic;
}

/**
 * The signed token of a bulk mail's unsubscribe and preference links: the address and topic
 * and an HMAC-SHA256 of them under a key only the portal holds (made at first use, in the
 * database, as check-in codes are). Unsubscribe links do not expire: a message read months
 * later must still let its reader leave (CAN-SPAM asks for 30 days at least).
 */
export class UnsubscribeTokens {
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

  private async sign(payload: string): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`${VERSION}.${payload}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }

  async issue(claim: UnsubscribeClaim): Promise<string> {
    const payload = `${Buffer.from(claim.email.toLowerCase()).toString('base64url')}.${claim.topic}`;
    return `${VERSION}.${payload}.${(await this.sign(payload)).toString('base64url')}`;
  }

  /** The claim of a token the portal signed, or null for anything else. */
  async read(token: string): Promise<UnsubscribeClaim | null> {
    const parts = token.trim().split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) return null;
    const [, address, topic, signature] = parts as [string, string, string, string];
    if (!mailTopics.includes(topic as MailTopic)) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = await this.sign(`${address}.${topic}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const email = Buffer.from(address, 'base64url').toString('utf8');
    if (!email.includes('@')) return null;
    return { email, topic: topic as MailTopic };
  }
}
