import {
  addDays,
  type CelebrationKind,
  celebrationKindLabels,
  type CelebrationSettings,
  dateKeyIn,
  localDateTime,
  parseDateKey,
  timeIn,
  weekdayOf,
  zonedTimeToUtc,
} from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { isCurrentMember, type Session } from '../../plugins/auth.js';
import * as q from './queries.js';

// The rules of a booking: who may book, which kinds, which slots, how many a year.

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const noBusiness = () =>
  new AppError('forbidden', 'Celebrations are booked for a member business; this login has none.');

/** Why this login's business may not book now, or null: members in good standing only. */
export function memberRefusal(session: Session): string | null {
  if (!session.user.contactId)
    return 'Celebrations are booked for a member business; this login has none.';
  // Good standing is the business's membership (active or in grace), for staff too.
  const standing = session.membershipStatus === 'active' || session.membershipStatus === 'grace';
  if (!isCurrentMember(session) || !standing) {
    return 'Celebrations are for members in good standing. Renew your membership to book one.';
  }
  return null;
}

export function assertMember(session: Session): string {
  const refusal = memberRefusal(session);
  if (!session.user.contactId) throw noBusiness();
  if (refusal) throw new AppError('forbidden', refusal);
  return session.user.contactId;
}

/** A kind for first-year members only refuses a business that joined more than a year ago. */
export function newMemberRefusal(
  rule: CelebrationSettings['kinds'][number],
  session: Session,
  tz: string,
  now: Date,
): string | null {
  if (!rule.newMembersOnly) return null;
  const since = session.contact?.memberSince ?? null;
  const today = dateKeyIn(now, tz);
  const { year, month, day } = parseDateKey(today);
  const yearAgo = `${year - 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (since && since > yearAgo) return null;
  return `A ${celebrationKindLabels[rule.kind].toLowerCase()} is for new members, in their first year of membership.`;
}

export function kindRule(
  rules: CelebrationSettings,
  kind: CelebrationKind,
  session: Session,
  tz: string,
  now: Date,
) {
  const rule = rules.kinds.find((r) => r.kind === kind);
  if (!rule?.enabled) {
    throw new AppError(
      'validation_failed',
      `The chamber does not hold ${celebrationKindLabels[kind].toLowerCase()}s at the moment.`,
    );
  }
  const refusal = newMemberRefusal(rule, session, tz, now);
  if (refusal) throw new AppError('forbidden', refusal);
  return rule;
}

/**
 * The start must be one the rules allow: an allowed weekday and start time on the chamber's
 * wall clock, at least the notice ahead, within the horizon, on no blackout day. Answers
 * its day.
 */
export function checkSlot(rules: CelebrationSettings, start: Date, tz: string, now: Date): string {
  const day = dateKeyIn(start, tz);
  const time = timeIn(start, tz);
  const allowedTimes = [...rules.startTimes].sort().join(' or ');
  const allowedDays = rules.weekdays
    .slice()
    .sort()
    .map((d) => weekdayNames[d])
    .join(', ');
  if (
    !rules.weekdays.includes(weekdayOf(day)) ||
    !rules.startTimes.includes(time) ||
    start.getUTCSeconds() !== 0 ||
    start.getUTCMilliseconds() !== 0
  ) {
    throw new AppError(
      'validation_failed',
      `That time is not one the chamber offers: celebrations start at ${allowedTimes} on ${allowedDays}.`,
    );
  }
  const today = dateKeyIn(now, tz);
  const earliest = addDays(today, rules.noticeDays);
  if (day < earliest) {
    throw new AppError(
      'validation_failed',
      `Celebrations are booked at least ${rules.noticeDays} days ahead; the earliest day is ${earliest}.`,
    );
  }
  if (day > addDays(today, rules.horizonDays)) {
    throw new AppError(
      'validation_failed',
      `Celebrations are booked at most ${rules.horizonDays} days ahead.`,
    );
  }
  const blackout = blackoutOn(rules, day);
  if (blackout) {
    throw new AppError(
      'validation_failed',
      `The chamber holds no celebrations from ${blackout.from} to ${blackout.to}${blackout.note ? ` (${blackout.note})` : ''}. Choose another day.`,
    );
  }
  return day;
}

export async function checkYearlyCount(
  tx: Executor,
  rules: CelebrationSettings,
  contactId: string,
  day: string,
  tz: string,
  except: string | null,
) {
  const year = parseDateKey(day).year;
  const held = await q.countHeld(
    tx,
    contactId,
    zonedTimeToUtc(localDateTime(`${year}-01-01`, '00:00'), tz),
    zonedTimeToUtc(localDateTime(`${year + 1}-01-01`, '00:00'), tz),
    except,
  );
  if (held >= rules.perYear) {
    throw new AppError(
      'conflict',
      `Your business already has ${rules.perYear === 1 ? 'its celebration' : `its ${rules.perYear} celebrations`} for ${year}; the chamber holds ${rules.perYear} per business a year.`,
    );
  }
}

export function blackoutOn(rules: CelebrationSettings, day: string) {
  return rules.blackouts.find((b) => b.from <= day && day <= b.to) ?? null;
}
