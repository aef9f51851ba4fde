import {
  categoryLimit,
  tierFeatures,
  toSocialLink,
  weekdays,
  type Member,
  type MemberFeatures,
  type OpeningHours,
} from '@chamber/contract';
import type { MemberRow } from './queries.js';

/** What a member's tags unlock; the answers carry it as `features`, so clients need no copy. */
export type TierFeatures = MemberFeatures;

/** Derived, never stored: the tier when above standard, and `admin` for an admin's contact. */
export function memberTags({ contact, user }: MemberRow): string[] {
  const tags: string[] = [];
  if (contact.membershipTier !== 'standard') tags.push(contact.membershipTier);
  if (user?.role === 'admin') tags.push('admin');
  return tags;
}

/** The design's tag rule, written once in the contract (the deals module reads it too). */
export { tierFeatures };

/**
 * A contact as the API shows it. Fields its tags do not unlock are blanked for everyone, so a
 * downgraded member's stored bio or coupons are kept but not published; the email only when
 * the caller says the viewer may see it (see seesMemberEmails).
 */
export function toMember(row: MemberRow, { showEmail }: { showEmail: boolean }): Member {
  const { contact: c, user } = row;
  const tags = memberTags(row);
  const features = tierFeatures(tags);
  const { enhanced, elite } = features;
  const gated = <T>(unlocked: boolean, value: T | null, empty: T | null = null) =>
    unlocked ? value : empty;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    name: `${c.firstName} ${c.lastName}`.trim(),
    email: showEmail ? c.email : null,
    businessName: c.businessName,
    companyName: c.companyName,
    phone: c.phone,
    website: gated(enhanced, c.website),
    bio: gated(enhanced, c.bio),
    tagline: c.tagline,
    avatar: c.avatarUrl,
    coverImage: gated(elite, c.coverImageUrl),
    couponCodes: elite ? c.couponCodes : [],
    socialLinks: elite ? c.socialLinks.map(toSocialLink) : [],
    gallery: elite ? c.gallery.map(({ url, caption }) => ({ url, caption })) : [],
    address1: gated(enhanced, c.address1),
    city: gated(enhanced, c.city),
    state: gated(enhanced, c.state),
    postalCode: gated(enhanced, c.postalCode),
    memberSince: c.memberSince,
    createdAt: c.createdAt.toISOString(),
    membershipTier: c.membershipTier,
    status: user?.status ?? 'active',
    role: user?.role ?? 'member',
    specialties: c.specialties,
    categories: row.categories ?? [],
    location: enhanced && c.lat !== null && c.lng !== null ? { lat: c.lat, lng: c.lng } : null,
    openingHours: toOpeningHours(c.openingHours),
    tags,
    features,
    categoryLimit: categoryLimit(tags),
  };
}

/** The stored hours with every weekday present (a day without intervals is closed). */
export function toOpeningHours(stored: MemberRow['contact']['openingHours']): OpeningHours | null {
  if (!stored) return null;
  return {
    days: Object.fromEntries(
      weekdays.map((day) => [day, stored.days[day] ?? []]),
    ) as OpeningHours['days'],
    closures: stored.closures,
  };
}
