import { mailTopics, type MailTopic } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { SigningKey } from '../../lib/signing-key.js';

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
  private readonly key: SigningKey;

  constructor(db: Executor) {
    this.key = new SigningKey(db, KEY_NAME, VERSION, SIGNATURE_BYTES);
  }

  async issue(claim: UnsubscribeClaim): Promise<string> {
    const payload = `${Buffer.from(claim.email.toLowerCase()).toString('base64url')}.${claim.topic}`;
    return `${VERSION}.${payload}.${await this.key.sign(payload)}`;
  }

  /** The claim of a token the portal signed, or null for anything else. */
  async read(token: string): Promise<UnsubscribeClaim | null> {
    const parts = token.trim().split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) return null;
    const [, address, topic, signature] = parts as [string, string, string, string];
    if (!mailTopics.includes(topic as MailTopic)) return null;
    if (!(await this.key.verify(`${address}.${topic}`, signature))) return null;
    const email = Buffer.from(address, 'base64url').toString('utf8');
    if (!email.includes('@')) return null;
    return { email, topic: topic as MailTopic };
  }
}
