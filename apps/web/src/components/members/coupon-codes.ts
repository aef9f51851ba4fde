/** Longest code the server accepts. */
export const COUPON_CODE_MAX_LENGTH = 40;

/**
 * Adds the comma-separated codes in `raw` (docs/product.md#validation): each is trimmed; empty ones and ones
 * already in the list are ignored. Returns the same array when nothing was added.
 */
export function addCouponCodes(codes: readonly string[], raw: string): readonly string[] {
  const next = [...codes];
  for (const part of raw.split(',')) {
    const code = part.trim();
    if (code !== '' && !next.includes(code)) next.push(code);
  }
  return next.length === codes.length ? codes : next;
}

export function removeCouponCode(codes: readonly string[], code: string): string[] {
  return codes.filter((c) => c !== code);
}
