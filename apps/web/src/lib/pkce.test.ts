import { describe, expect, it } from 'vitest';
import { base64UrlEncode, createCodeChallenge, generateCodeVerifier } from './pkce';

// RFC 7636 Appendix B: the example verifier's octets and the challenge they must produce.
const RFC_VERIFIER_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105,
  214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
];
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('derives the RFC 7636 Appendix B challenge from its verifier', async () => {
    const verifier = base64UrlEncode(new Uint8Array(RFC_VERIFIER_OCTETS));
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await createCodeChallenge(verifier)).toBe(RFC_CHALLENGE);
  });

  it('makes 43-character URL-safe verifiers without padding, different each time', () => {
    const verifiers = new Set(Array.from({ length: 20 }, generateCodeVerifier));
    expect(verifiers.size).toBe(20);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('encodes base64url without +, / or =', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });
});
