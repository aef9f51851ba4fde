/**
 * The dues rules every layer shares: how long a term runs, what it costs, where a membership
 * stands on a day, and how its standing reads in the spec's `paymentStatus`. Pure functions of
 * ISO dates (`YYYY-MM-DD`, the chamber's calendar days) and integer cents.
 */
import type { MembershipStatus, PaymentStatus, TermRule } from './vocabulary.js';
import { numberFormat } from './intl-formats.js';
import { addDays } from './zoned-time.js';

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not an ISO date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The same day a number of years later; 29 February becomes 28 February in other years. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return fromUtc(target.getTime());
}

/** Days from `from` to `to`, counting both (a term from 1 Jan to 31 Dec is 365). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

export interface Term {
  startsOn: string;
  /** The last day covered: the membership's paid-through date. */
  endsOn: string;
  amountCents: number;
}

/**
 * A first term, or one that starts again after a lapse, paid on `paidOn`. Anniversary terms run
 * a year from that day; calendar-year terms run to 31 December, and the first one costs the
 * months left in the year, the month of payment included.
 */
export function firstTerm(rule: TermRule, paidOn: string, priceCents: number): Term {
  if (rule === 'anniversary') {
    return { startsOn: paidOn, endsOn: addDays(addYears(paidOn, 1), -1), amountCents: priceCents };
  }
  const month = Number(paidOn.slice(5, 7));
  const monthsLeft = 12 - month + 1;
  return {
    startsOn: paidOn,
    endsOn: `${paidOn.slice(0, 4)}-12-31`,
    amountCents: Math.round((priceCents * monthsLeft) / 12),
  };
}

/**
 * The renewal of a term that ends on `paidThrough`: it starts the day after, whenever it is
 * paid (early or in grace), so the renewal date never drifts. A full year at full price.
 */
export function nextTerm(rule: TermRule, paidThrough: string, priceCents: number): Term {
  const startsOn = addDays(paidThrough, 1);
  const endsOn =
    rule === 'anniversary'
      ? addDays(addYears(startsOn, 1), -1)
      : `${Number(startsOn.slice(0, 4))}-12-31`;
  return { startsOn, endsOn, amountCents: priceCents };
}

/** One term's part of an upgrade: its days, the days charged and what they cost. */
export interface UpgradePart {
  startsOn: string;
  endsOn: string;
  /** Days in the whole term. */
  days: number;
  /** Days of the term from the day paid (included) to its end. */
  daysCharged: number;
  amountCents: number;
}

/**
 * The terms a membership paid through `paidThrough` runs on from `day`, latest last: terms
 * follow each other from the day after the last one ends (`nextTerm`), so they are read back
 * from the paid-through date. Anniversary terms are years ending on the paid-through date's
 * day; calendar-year terms are calendar years (a first term that started mid-year counts as
 * its year, whose days set the daily price).
 */
export function termsFrom(
  rule: TermRule,
  day: string,
  paidThrough: string,
): { startsOn: string; endsOn: string }[] {
  const terms: { startsOn: string; endsOn: string }[] = [];
  let endsOn = paidThrough;
  while (endsOn >= day) {
    const startsOn =
      rule === 'anniversary' ? addYears(addDays(endsOn, 1), -1) : `${endsOn.slice(0, 4)}-01-01`;
    terms.unshift({ startsOn, endsOn });
    endsOn = addDays(startsOn, -1);
  }
  return terms;
}

/**
 * What an upgrade paid on `paidOn` costs (docs/decisions/0100-upgrades-are-priced-on-the-day.md, "Upgrades are priced on the day
 * paid"): for each term from that day to the paid-through date, the yearly difference times
 * the term's days from the day paid (included) over its days, each rounded to the cent. A
 * renewal paid ahead adds its whole term. Nothing for a downgrade (that takes effect at
 * renewal), or when nothing is paid ahead (in grace).
 */
export function upgradeParts(
  rule: TermRule,
  paidThrough: string,
  fromPriceCents: number,
  toPriceCents: number,
  paidOn: string,
): { parts: UpgradePart[]; totalCents: number } {
  const difference = toPriceCents - fromPriceCents;
  if (difference <= 0 || paidOn > paidThrough) return { parts: [], totalCents: 0 };
  const parts = termsFrom(rule, paidOn, paidThrough).map((term) => {
    const days = daysInclusive(term.startsOn, term.endsOn);
    const daysCharged = daysInclusive(paidOn > term.startsOn ? paidOn : term.startsOn, term.endsOn);
    return {
      ...term,
      days,
      daysCharged,
      amountCents: Math.round((difference * daysCharged) / days),
    };
  });
  return { parts, totalCents: parts.reduce((sum, p) => sum + p.amountCents, 0) };
}

/**
 * Where a paid membership stands on `today`: active through its paid-through date, then in
 * grace for `graceDays` days, then lapsed.
 */
export function standingOn(
  paidThrough: string,
  graceDays: number,
  today: string,
): 'active' | 'grace' | 'lapsed' {
  if (today <= paidThrough) return 'active';
  if (today <= addDays(paidThrough, graceDays)) return 'grace';
  return 'lapsed';
}

/** The last day of grace of a membership paid through `paidThrough`: it lapses the day after. */
export const graceEndsOn = (paidThrough: string, graceDays: number) =>
  addDays(paidThrough, graceDays);

/**
 * The due date of a membership's invoice issued on `today`: the chamber's days to pay, but
 * never after the grace period of the term it follows ends (a member in grace until 7 December
 * is not told 'due by December 28', and lapses on 8 December). `paidThrough` is null for a
 * membership without a current term (a join, a renewal after a lapse): then no grace applies.
 * Never before `today`.
 */
export function membershipInvoiceDueOn(
  today: string,
  dueDays: number,
  paidThrough: string | null,
  graceDays: number,
): string {
  const due = addDays(today, dueDays);
  if (!paidThrough) return due;
  const graceEnd = graceEndsOn(paidThrough, graceDays);
  if (graceEnd < today) return due;
  return graceEnd < due ? graceEnd : due;
}

/** The spec's `paymentStatus` of a membership (docs/decisions/0066-membership-dues-one-membership-per-contact.md). */
export function paymentStatusOf(status: MembershipStatus): PaymentStatus {
  switch (status) {
    case 'active':
      return 'paid';
    case 'pending':
    case 'grace':
      return 'pending';
    case 'lapsed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
  }
}

/** Whether a membership in this status gives its plan's listing features. */
export const hasPlanFeatures = (status: MembershipStatus) =>
  status === 'active' || status === 'grace';

/** '$550.00' for 55000 in USD. */
export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  return numberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * A plan's price as the marketing pages show it: '$550' for a whole amount, '$612.50' when
 * there are cents (formatMoney's form).
 */
export function formatPlanPrice(cents: number, currency = 'USD', locale = 'en-US'): string {
  if (cents % 100 !== 0) return formatMoney(cents, currency, locale);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(cents / 100);
}

/** A member may renew once the paid-through date is this close (or past). */
export const RENEWAL_OPENS_DAYS = 90;

/** Days from `today` until `date` (negative once it has passed). */
export function daysUntil(today: string, date: string): number {
  return Math.round((toUtc(date) - toUtc(today)) / DAY_MS);
}

/**
 * The renewal reminder due on `today` for a term ending `paidThrough`: the nearest of the
 * chamber's reminder days not yet passed, so a run that missed a day sends the one reminder
 * that still makes sense rather than every missed one. Null when none is due.
 */
export function dueReminderDay(
  paidThrough: string,
  today: string,
  reminderDays: readonly number[],
): number | null {
  const left = daysUntil(today, paidThrough);
  if (left < 0) return null;
  const due = reminderDays.filter((d) => d >= left);
  return due.length > 0 ? Math.min(...due) : null;
}
