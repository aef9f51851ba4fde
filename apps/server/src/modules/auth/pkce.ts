import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../lib/crypto.js';

/** RFC 7636 §4.2, S256: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
export function s256Challenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.6: recompute the challenge from the verifier and compare in constant time. */
export function verifyCodeVerifier(codeVerifier: string, codeChallenge: string): boolean {
  return constantTimeEqual(s256Challenge(codeVerifier), codeChallenge);
}
