import {
  type AccountHub,
  type AccountRegistration,
  addDays,
  dateKeyIn,
  type MyMembership,
  paths,
  tierFeatures,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { CheckInCodes } from '../check-in/index.js';
import * as q from './queries.js';
import { membershipValue } from './value.js';

/** What the hub reads of the memberships module: the member's own standing. */
export interface MembershipStanding {
  mine(session: Session): Promise<Omit<MyMembership, 'howToPay'>>;
}

type ListingRow = NonNullable<Awaited<ReturnType<typeof q.findListing>>>;
type ListingStep = NonNullable<AccountHub['listing']>['steps'][number];

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The listing's steps, in the order a member would take them, and where each is done. */
function listingSteps(listing: ListingRow, hasDeal: boolean): ListingStep[] {
  const features = tierFeatures([listing.membershipTier]);
  const profile = paths.profile.href();
  const steps = [
    { key: 'photo', label: 'Add a photo', done: Boolean(listing.avatarUrl), href: profile },
    {
      key: 'description',
      label: 'Describe your business',
      done: Boolean(listing.tagline || listing.bio),
      href: profile,
    },
    {
      key: 'hours',
      label: 'Add your opening hours',
      done: listing.openingHours !== null,
      href: profile,
    },
    { key: 'phone', label: 'Add a phone number', done: Boolean(listing.phone), href: profile },
  ] satisfies ListingStep[];
  const more = [
    ...(features.enhanced
      ? [
          {
            key: 'website' as const,
            label: 'Add your website',
            done: Boolean(listing.website),
            href: profile,
          },
        ]
      : []),
    ...(features.elite
      ? [{ key: 'deal' as const, label: 'Offer a deal', done: hasDeal, href: profile }]
      : []),
  ];
  return [...steps, ...more];
}

/** GET /api/account: the member hub, everything of the signed-in member's in one answer. */
export class AccountService {
  private readonly codes: CheckInCodes;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly memberships: MembershipStanding,
  ) {
    this.codes = new CheckInCodes(db);
  }

  async hub(session: Session): Promise<AccountHub> {
    const now = this.clock.now();
    const contactId = session.user.contactId;
    const [listing, invoices, registrations, posts, deals, standing, value] = await Promise.all([
      contactId ? q.findListing(this.db, contactId) : undefined,
      contactId ? q.openInvoices(this.db, contactId) : [],
      q.listRegistrations(this.db, session.user, new Date(now.getTime() - YEAR_MS)),
      contactId ? q.listJobPosts(this.db, contactId) : [],
      contactId ? q.listDeals(this.db, contactId) : [],
      contactId ? this.standing(session) : null,
      contactId ? membershipValue(this.db, contactId, now) : null,
    ]);
    const today = value?.to ?? dateKeyIn(now, 'UTC');
    const currentDeals = deals.map((d) => ({
      ...d,
      current: d.validUntil === null || d.validUntil >= today,
    }));
    const upcoming = registrations.filter((r) => r.startsAt >= now);
    const name = `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email;
    return {
      name,
      listing: listing
        ? this.listing(
            listing,
            currentDeals.some((d) => d.current),
          )
        : null,
      membership: standing && {
        status: standing.membership.status,
        planName: standing.membership.plan.name,
        paidThrough: standing.membership.paidThrough,
        graceEndsOn: standing.membership.graceEndsOn,
        autoRenew: standing.membership.autoRenew,
        nextPayment: nextPayment(standing),
      },
      invoicesToPay: invoices.map((i) => ({
        id: i.id,
        number: i.number,
        purpose: i.purpose,
        status: i.status,
        totalCents: i.totalCents,
        currency: i.currency,
        issuedOn: i.issuedOn,
        dueOn: i.dueOn,
      })),
      upcoming: await Promise.all(upcoming.map((r) => this.registration(r))),
      past: registrations
        .filter((r) => r.startsAt < now)
        .reverse()
        .map((r) => ({
          eventId: eventIdOf(r),
          title: r.title,
          startsAt: r.startsAt.toISOString(),
          attended: r.checked_in,
          href: paths.event.href(eventIdOf(r)),
        })),
      jobPosts: posts,
      deals: currentDeals,
      value,
    };
  }

  private listing(row: ListingRow, hasDeal: boolean) {
    const steps = listingSteps(row, hasDeal);
    return {
      contactId: row.id,
      name: row.businessName || `${row.firstName} ${row.lastName}`.trim(),
      tier: row.membershipTier,
      href: paths.member.href(row.id),
      completeness: Math.round((100 * steps.filter((s) => s.done).length) / steps.length),
      steps,
    };
  }

  private async registration(r: q.RegistrationRow): Promise<AccountRegistration> {
    const id = eventIdOf(r);
    return {
      id: r.id,
      eventId: id,
      title: r.title,
      startsAt: r.startsAt.toISOString(),
      location: r.location || null,
      guests: r.guests,
      seatStatus: r.seat_status,
      checkInCode: r.seat_status === 'confirmed' ? await this.codes.issue(r.id) : null,
      ticket:
        r.invoice_id && r.invoice_number && r.invoice_status
          ? { invoiceId: r.invoice_id, number: r.invoice_number, status: r.invoice_status }
          : null,
      href: paths.event.href(id),
    };
  }

  /** The member's standing; null for a business without a membership. */
  private async standing(session: Session) {
    try {
      return await this.memberships.mine(session);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    }
  }
}

/** The event id of a registration's occurrence: the series' id and the occurrence's key. */
const eventIdOf = (r: q.RegistrationRow) =>
  r.occurrence_key === '' ? r.event_id : `${r.event_id}_${r.occurrence_key}`;

/** The open invoice's amount and day; else the renewal's, due the day after the term ends. */
function nextPayment(standing: Omit<MyMembership, 'howToPay'>) {
  const [open] = standing.openInvoices;
  if (open) return { amountCents: open.totalCents, currency: open.currency, dueOn: open.dueOn };
  const paidThrough = standing.membership.paidThrough;
  if (standing.renewal && paidThrough && !standing.nextCharge)
    return {
      amountCents: standing.renewal.amountCents,
      currency: standing.currency,
      dueOn: addDays(paidThrough, 1),
    };
  const charge = standing.nextCharge;
  return charge && { amountCents: charge.amountCents, currency: charge.currency, dueOn: charge.on };
}
