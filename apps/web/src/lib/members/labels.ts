import type { MembershipPlan, MembershipTier } from '@chamber/contract';
import { planName } from '@/config/membership-tiers';

/**
 * The name people read for a tier: its plan's ('Basic', 'Enhanced', 'Elite' in the seed; the
 * API keeps `standard` for the lowest); the lowest level's when the tier is missing (docs/product.md#constants).
 */
export function tierLabel(
  tier: MembershipTier | null | undefined,
  plans?: readonly Pick<MembershipPlan, 'level' | 'name'>[],
): string {
  return planName(tier, plans);
}

/** Role and status badges show the capitalised value (docs/product.md#permissions). */
export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * A member-since value as a long date. Date-only values (YYYY-MM-DD) are calendar dates, so they
 * are formatted in UTC: read as local time they would show the day before west of Greenwich.
 */
export function formatMemberSince(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  });
}
