import {
  dateTimeFormat,
  employmentTypeLabels,
  formatDateKey,
  formatPlanPrice,
  type JobPost,
  type JobPostStatus,
  jobWorkplaceLabels,
  type PayPeriod,
} from '@chamber/contract';

const perPeriod: Record<PayPeriod, string> = {
  hour: 'an hour',
  day: 'a day',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

/** '$18 – $22 an hour', 'From $18 an hour', 'Up to $60,000 a year', or null without pay. */
export function payText(
  post: Pick<JobPost, 'payMinCents' | 'payMaxCents' | 'payPeriod' | 'currency'>,
): string | null {
  const { payMinCents: min, payMaxCents: max, payPeriod, currency } = post;
  if (min == null && max == null) return null;
  const money = (cents: number) => formatPlanPrice(cents, currency);
  const amount =
    min != null && max != null
      ? min === max
        ? money(min)
        : `${money(min)} – ${money(max)}`
      : min != null
        ? `From ${money(min)}`
        : `Up to ${money(max!)}`;
  return payPeriod ? `${amount} ${perPeriod[payPeriod]}` : amount;
}

/** 'Full-time' */
export const typeText = (post: Pick<JobPost, 'employmentType'>) =>
  employmentTypeLabels[post.employmentType];

/** 'On site, Riverton, UT' / 'Hybrid' / 'Remote': the town when the post has one. */
export function placeText(post: Pick<JobPost, 'workplace' | 'location'>): string {
  const label = jobWorkplaceLabels[post.workplace];
  const town = [post.location?.city, post.location?.state].filter(Boolean).join(', ');
  return post.workplace !== 'remote' && town ? `${label}, ${town}` : label;
}

/** The business's street address, one line, or null when it has none. */
export function addressText(location: JobPost['location']): string | null {
  if (!location) return null;
  const town = [location.city, [location.state, location.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [location.address1, town].filter(Boolean).join(', ') || null;
}

/**
 * 'March 3, 2026' for a timestamp, the chamber's day (its time zone): the same on the server
 * that renders the page and in every visitor's browser.
 */
export const dayOf = (iso: string, timeZone: string | undefined) =>
  dateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(
    new Date(iso),
  );

/** 'April 2, 2026' for a closing date (YYYY-MM-DD). */
export const closingDayOf = (key: string) =>
  formatDateKey(key, { month: 'long', day: 'numeric', year: 'numeric' });

export const statusLabels: Record<JobPostStatus, string> = {
  draft: 'Draft',
  pending: 'Waiting for approval',
  approved: 'Published',
  rejected: 'Sent back',
  closed: 'Closed',
  expired: 'Expired',
};
