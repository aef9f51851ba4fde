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

/** One changed field of a post's waiting change, for people: its label, the live and the new text. */
export interface ChangeRow {
  label: string;
  before: string;
  after: string;
}

/**
 * The fields a post's waiting change alters, before and after, in the form's order; pay (its
 * lowest, highest and period) is one row. Empty without a waiting change.
 */
export function changeRows(post: JobPost): ChangeRow[] {
  const change = post.pendingChange;
  if (!change) return [];
  const changed = new Set(change.changed);
  const proposed = { ...post, ...change };
  const rows: ChangeRow[] = [];
  const add = (label: string, before: string, after: string) => rows.push({ label, before, after });
  if (changed.has('title')) add('Title', post.title, change.title);
  if (changed.has('employmentType')) add('Type', typeText(post), typeText(proposed));
  if (changed.has('workplace')) {
    add('Workplace', jobWorkplaceLabels[post.workplace], jobWorkplaceLabels[change.workplace]);
  }
  if (changed.has('payMinCents') || changed.has('payMaxCents') || changed.has('payPeriod')) {
    add('Pay', payText(post) ?? 'Not given', payText(proposed) ?? 'Not given');
  }
  if (changed.has('applyUrl')) add('How to apply', post.applyUrl, change.applyUrl);
  if (changed.has('closesOn')) {
    add('Closes', closingDayOf(post.closesOn), closingDayOf(change.closesOn));
  }
  if (changed.has('description')) add('Description', post.description, change.description);
  return rows;
}
