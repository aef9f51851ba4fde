import type { z } from 'zod';
import { blankToNull, type updateMemberSchema } from '@chamber/contract';
import { AppError } from '../../lib/errors.js';
import type { ContactRow, ContactUpdate } from './queries.js';
import type { TierFeatures } from './view.js';

export type MemberChanges = z.output<typeof updateMemberSchema>;

const gatedFields = {
  bio: { column: 'bio', tier: 'enhanced', label: 'A business bio' },
  website: { column: 'website', tier: 'enhanced', label: 'A website link' },
  address1: { column: 'address1', tier: 'enhanced', label: 'An address' },
  city: { column: 'city', tier: 'enhanced', label: 'An address' },
  state: { column: 'state', tier: 'enhanced', label: 'An address' },
  postalCode: { column: 'postalCode', tier: 'enhanced', label: 'An address' },
  coverImage: { column: 'coverImageUrl', tier: 'elite', label: 'A cover image' },
} as const satisfies Record<
  string,
  { column: keyof ContactRow; tier: keyof TierFeatures; label: string }
>;

/** 'A business bio is available with Enhanced membership.' */
export function tierRequired(subject: string, tier: keyof TierFeatures, verb = 'is'): AppError {
  const name = tier === 'elite' ? 'Elite' : 'Enhanced';
  return new AppError('tier_required', `${subject} ${verb} available with ${name} membership.`);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const sameGallery = (a: ContactRow['gallery'], b: ContactRow['gallery']) =>
  a.length === b.length && a.every((v, i) => v.url === b[i]?.url && v.caption === b[i]?.caption);

/**
 * The column changes a member-page save asks for. Open fields change as sent; a gated field
 * changes only when the member's tier unlocks it. Sending a locked field's stored value, or
 * an empty one, changes nothing; any other value is refused with 403 tier_required, so a
 * client cannot publish what the tier does not include.
 */
export function contactChanges(
  body: Partial<Omit<MemberChanges, 'email'>>,
  stored: ContactRow,
  features: TierFeatures,
): ContactUpdate {
  const changes: ContactUpdate = {};
  if (body.firstName !== undefined) changes.firstName = body.firstName;
  if (body.lastName !== undefined) changes.lastName = body.lastName;
  for (const key of ['businessName', 'companyName', 'phone', 'tagline'] as const) {
    const value = blankToNull(body[key]);
    if (value !== undefined) changes[key] = value;
  }
  if (body.specialties !== undefined) {
    changes.specialties = [...new Set(body.specialties.filter((s) => s !== ''))];
  }

  for (const [key, rule] of Object.entries(gatedFields) as [
    keyof typeof gatedFields,
    (typeof gatedFields)[keyof typeof gatedFields],
  ][]) {
    const value = blankToNull(body[key]);
    if (value === undefined) continue;
    if (features[rule.tier]) {
      changes[rule.column] = value;
    } else if (value !== null && value !== stored[rule.column]) {
      throw tierRequired(rule.label, rule.tier);
    }
  }

  if (body.couponCodes !== undefined) {
    if (features.elite) changes.couponCodes = body.couponCodes;
    else if (body.couponCodes.length > 0 && !sameList(body.couponCodes, stored.couponCodes)) {
      throw tierRequired('Coupon codes', 'elite', 'are');
    }
  }
  if (body.socialLinks !== undefined) {
    if (features.elite) changes.socialLinks = body.socialLinks;
    else if (body.socialLinks.length > 0 && !sameList(body.socialLinks, stored.socialLinks)) {
      throw tierRequired('Social links', 'elite', 'are');
    }
  }
  if (body.gallery !== undefined) {
    if (features.elite) changes.gallery = body.gallery;
    else if (body.gallery.length > 0 && !sameGallery(body.gallery, stored.gallery)) {
      throw tierRequired('An image gallery', 'elite');
    }
  }
  return changes;
}
