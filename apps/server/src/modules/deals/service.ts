import {
  type Deal,
  type DealList,
  type dealInputSchema,
  type ListingDeals,
  tierFeatures,
  dateKeyIn,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { findById } from '../../lib/input.js';
import { isCurrentMember, type Session } from '../../plugins/auth.js';
import { canEditMember, memberTags, type MemberRow } from '../members/index.js';
import * as q from './queries.js';

type DealFields = z.output<typeof dealInputSchema>;

/**
 * Who sees members-only deals: current members and staff, as with members' email addresses.
 * A lapsed member who still signs in is not one, nor a pending account (anyone who registered).
 */
export const seesMembersDeals = (viewer: Session | null): boolean => isCurrentMember(viewer);

/** The contract's tag rule: a tier that includes coupons (elite, or an admin's contact). */
const hasDeals = (owner: MemberRow): boolean => tierFeatures(memberTags(owner)).elite;

const businessOf = ({ contact }: MemberRow): string =>
  contact.businessName?.trim() || `${contact.firstName} ${contact.lastName}`.trim();

function toDeal(deal: q.DealRow, owner: MemberRow): Deal {
  return {
    id: deal.id,
    kind: 'deal',
    contactId: deal.contactId,
    business: businessOf(owner),
    offer: deal.offer,
    code: deal.code,
    validUntil: deal.validUntil,
    terms: deal.terms,
    audience: deal.audience,
    createdAt: deal.createdAt.toISOString(),
  };
}

/**
 * A listing's coupon codes, read as deals with the code only. Read each time rather than
 * copied: the listing's coupon list (the spec's `coupon_codes`) stays the one place they are
 * kept and edited, and they hide with the tier as the rest of the listing's elite fields do.
 */
function couponDeals(owner: MemberRow): Deal[] {
  return owner.contact.couponCodes.map((code, n) => ({
    id: `coupon-${owner.contact.id}-${n}`,
    kind: 'coupon',
    contactId: owner.contact.id,
    business: businessOf(owner),
    offer: null,
    code,
    validUntil: null,
    terms: null,
    audience: 'public',
    createdAt: null,
  }));
}

const codeKey = (contactId: string, code: string | null) =>
  `${contactId}:${(code ?? '').toLowerCase()}`;

export class DealsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * /deals: the current deals of members in the directory whose tier includes coupons,
   * newest first, then their coupon codes. Members-only deals for confirmed accounts only;
   * a deal whose last day has passed (in the chamber's time zone) is left out.
   */
  async list(viewer: Session | null, limit?: number): Promise<DealList> {
    const today = await this.today();
    const [written, holders] = await Promise.all([
      q.listCurrentDeals(this.db, today),
      q.listCouponHolders(this.db),
    ]);
    const members = seesMembersDeals(viewer);
    const shown = written
      .filter((row) => hasDeals(row) && (row.deal.audience === 'public' || members))
      .map((row) => toDeal(row.deal, row));
    // A listing's code that one of its deals shown here carries is not repeated bare.
    const carried = new Set(shown.map((d) => codeKey(d.contactId, d.code)));
    const deals = [
      ...shown,
      ...holders
        .filter(hasDeals)
        .flatMap(couponDeals)
        .filter((d) => !carried.has(codeKey(d.contactId, d.code))),
    ];
    return { deals: limit === undefined ? deals : deals.slice(0, limit) };
  }

  /** A listing's deals for those who may edit it: all of them, expired and hidden ones too. */
  async forListing(contactId: string, viewer: Session): Promise<ListingDeals> {
    const owner = await this.editableOwner(contactId, viewer);
    const today = await this.today();
    const rows = await q.listingDeals(this.db, contactId);
    return {
      deals: rows.map((deal) => ({
        ...toDeal(deal, owner),
        expired: deal.validUntil !== null && deal.validUntil < today,
      })),
      canHaveDeals: hasDeals(owner),
    };
  }

  async create(contactId: string, fields: DealFields, viewer: Session): Promise<Deal> {
    const owner = await this.editableOwner(contactId, viewer);
    await this.assertPublishable(owner, fields);
    const row = await q.insertDeal(this.db, { contactId, ...fields }, this.clock.now());
    return toDeal(row, owner);
  }

  async update(id: string, fields: DealFields, viewer: Session): Promise<Deal> {
    const deal = await this.find(id);
    const owner = await this.editableOwner(deal.contactId, viewer);
    await this.assertPublishable(owner, fields);
    return toDeal(await q.updateDeal(this.db, id, fields, this.clock.now()), owner);
  }

  /** Deleting needs no tier: a member who lost theirs may still clear out their deals. */
  async remove(id: string, viewer: Session): Promise<void> {
    const deal = await this.find(id);
    await this.editableOwner(deal.contactId, viewer);
    await q.deleteDeal(this.db, id);
  }

  private async find(id: string): Promise<q.DealRow> {
    return findById(id, 'Deal', (dealId) => q.findDeal(this.db, dealId));
  }

  /** The listing's member and login; its own member and active staff may change its deals. */
  private async editableOwner(contactId: string, viewer: Session): Promise<MemberRow> {
    const owner = await findById(contactId, 'Member', (id) => q.findOwner(this.db, id));
    if (!canEditMember(viewer, contactId)) {
      throw new AppError('forbidden', 'You can only manage the deals of your own listing.');
    }
    return owner;
  }

  private async assertPublishable(owner: MemberRow, fields: DealFields): Promise<void> {
    if (!hasDeals(owner)) {
      throw new AppError('tier_required', 'Member deals are available with Elite membership.');
    }
    if (fields.validUntil !== null && fields.validUntil < (await this.today())) {
      throw new AppError('bad_request', 'The last day of a deal cannot be in the past.');
    }
  }

  private async today(): Promise<string> {
    return dateKeyIn(this.clock.now(), await q.chamberTimeZone(this.db));
  }
}
