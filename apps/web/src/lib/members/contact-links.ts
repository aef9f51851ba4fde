import type { Member } from '@chamber/contract';

/** Maps zoom level (docs/product.md#constants). */
export const MAP_ZOOM = 12;

/**
 * The member's address as shown (street, then city, state and ZIP joined by commas) and as a
 * one-line map query; null when no part of it is set.
 */
export function memberAddress(
  member: Pick<Member, 'address1' | 'city' | 'state' | 'postalCode'>,
): { lines: string[]; query: string } | null {
  const street = member.address1?.trim() ?? '';
  const place = [member.city, member.state, member.postalCode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
  const lines = [street, place].filter(Boolean);
  if (lines.length === 0) return null;
  return { lines, query: lines.join(', ') };
}

export const googleMapsEmbedUrl = (query: string) =>
  `https://www.google.com/maps?q=${encodeURIComponent(query)}&z=${MAP_ZOOM}&output=embed`;

export const googleMapsSearchUrl = (query: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

/** A stored website as a link; one saved without a scheme still opens the site. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
