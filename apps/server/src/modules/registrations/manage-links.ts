import { MANAGE_REGISTRATION_PATH } from '@chamber/contract';
import { randomToken, sha256Hex } from '../../lib/crypto.js';

/**
 * The manage link of a registration: 32 random bytes, of which only the SHA-256 is stored, so
 * a leaked database holds no working link. SHA-256 suffices for a random secret this long.
 */
export function issueManageToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256Hex(token) };
}

export const manageTokenHash = (token: string) => sha256Hex(token);

/**
 * The page of the link. The token goes in the fragment, which browsers never send: it reaches
 * no server log, proxy log or Referer; the page sends it in a header.
 */
export const manageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${MANAGE_REGISTRATION_PATH}#token=${token}`;
