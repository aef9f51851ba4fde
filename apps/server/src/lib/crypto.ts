import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** URL-safe base64 of `bytes` random bytes, without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Lookup key for a secret we must recognise but never store (codes, tokens). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself on a length mismatch so the time taken does not depend on it.
  return left.length === right.length ? timingSafeEqual(left, right) : !timingSafeEqual(left, left);
}
