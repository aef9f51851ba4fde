import { addDays, addYears, type MembershipStatus, paymentStatusOf } from '@chamber/contract';
import type { contacts } from '@chamber/db';
import { randomSource } from './scale-vocabulary.js';
import type { ScaleContact } from './scale-contacts.js';

/**
 * A generated contact's membership as the dues job would have left it yesterday: most active
 * and paid through a day of the coming year (so each month has its renewals), a share in grace
 * and lapsed, the unpaid pending, and some renewing automatically by card. The contact's tier,
 * payment status and listing are what that membership gives (contactStanding).
 */
export interface ScaleMembership {
  status: MembershipStatus;
  /** Days from today; null for a pending membership. */
  paidThroughIn: number | null;
  autoRenew: boolean;
}

/** Its own random stream: the contacts, events and registrations stay as they were. */
export function membershipsFor(people: ScaleContact[]): ScaleMembership[] {
  const random = randomSource(20_260_102);
  return people.map((p) => {
    if (!p.paid) return { status: 'pending', paidThroughIn: null, autoRenew: false };
    const roll = random.next();
    if (roll < 0.86) {
      // Yesterday's end of term (one in 366) enters grace on the next run of the dues job.
      return {
        status: 'active',
        paidThroughIn: random.int(-1, 364),
        autoRenew: random.chance(0.15),
      };
    }
    // The last day of grace (30 days) is 31 days ago: those lapse on the next run.
    if (roll < 0.93)
      return { status: 'grace', paidThroughIn: -random.int(2, 31), autoRenew: false };
    return { status: 'lapsed', paidThroughIn: -random.int(32, 720), autoRenew: false };
  });
}

/** What the contact row carries of its membership (lapsed listings hidden, the default). */
export function standingOf(
  m: ScaleMembership,
  p: ScaleContact,
): Pick<typeof contacts.$inferInsert, 'membershipTier' | 'paymentStatus' | 'listed'> {
  const ended = m.status === 'lapsed';
  return {
    membershipTier: ended ? 'standard' : p.tier,
    paymentStatus: paymentStatusOf(m.status),
    listed: !ended,
  };
}

/** The membership row of a contact inserted with id `contactId` (its term: the year to its paid-through date). */
export function membershipRow(
  m: ScaleMembership,
  p: ScaleContact,
  contactId: string,
  planId: string,
  today: string,
) {
  if (m.paidThroughIn === null) {
    return {
      contactId,
      planId,
      status: m.status,
      startedOn: null,
      paidThrough: null,
      autoRenew: false,
      cardBrand: null,
      cardLast4: null,
    };
  }
  const paidThrough = addDays(today, m.paidThroughIn);
  const termStarts = addYears(addDays(paidThrough, 1), -1);
  return {
    contactId,
    planId,
    status: m.status,
    startedOn: p.memberSince && p.memberSince < termStarts ? p.memberSince : termStarts,
    paidThrough,
    autoRenew: m.autoRenew,
    cardBrand: m.autoRenew ? 'visa' : null,
    cardLast4: m.autoRenew ? '4242' : null,
  };
}
