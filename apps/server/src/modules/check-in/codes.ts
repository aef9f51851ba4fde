import type { Executor } from '@chamber/db';
import { isUuid } from '../../lib/input.js';
import { SigningKey } from '../../lib/signing-key.js';

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
  private readonly key: SigningKey;

  constructor(db: Executor) {
    this.key = new SigningKey(db, KEY_NAME, VERSION, SIGNATURE_BYTES);
  }

  async issue(registrationId: string): Promise<string> {
    return `${VERSION}.${registrationId}.${await this.key.sign(registrationId)}`;
  }

  /** The registration id a code names, or null when the portal did not sign it. */
  async read(code: string): Promise<string | null> {
    const [version, id, signature] = code.trim().split('.');
    if (version !== VERSION || !id || !signature || !isUuid(id)) return null;
    return (await this.key.verify(id, signature)) ? id : null;
  }
}
