import { dateKeyIn, dateTimeFormat, type Discount, type PromoRefusal } from '@chamber/contract';
import type { Executor, PlanTicketBenefit } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { isCurrentMember, type Session } from '../../plugins/auth.js';
import { type Target, shownRow } from '../calendars/index.js';
import { firstChamber } from '../chamber/index.js';
import { planBenefitsOf } from '../memberships/index.js';
import {
  type ApplicableBenefit,
  type ApplicableCode,
  applyDiscounts,
  type OrderLine,
} from './pricing.js';
import * as q from './queries.js';

/** Who is buying, as discounts see it. */
export interface Viewer {
  userId?: string;
  /** The business the sign-in acts for. */
  businessId?: string;
  /** A current member (the one rule of member-only rights). */
  isMember: boolean;
}

export type Redemption =
  | { kind: 'promo'; promoCodeId: string; code: string; amountCents: number }
  | {
      kind: 'benefit';
      benefitId: string;
      businessId: string;
      period: string;
      allowance: number;
      quantity: number;
      amountCents: number;
    };

/** The event an order is for, as discounts read it: every id that names it, and its title. */
export interface DiscountEvent {
  ids: string[];
  title: string;
}

export interface DiscountsInput {
  /** Resolved by the caller, which has it already: discounts do not look it up again. */
  event: DiscountEvent;
  lines: OrderLine[];
  viewer: Viewer;
  promoCode?: string | null;
  at: Date;
}

export type DiscountsAnswer =
  | { error: { code: PromoRefusal; message: string } }
  | {
      lines: { typeId: string; discountCents: number }[];
      discounts: Discount[];
      redemptions: Redemption[];
    };

/** The viewer of a request: its login, the business it acts for, the member rule. */
export const viewerOf = (session: Session | null): Viewer => ({
  userId: session?.user.id,
  businessId: session?.user.contactId ?? undefined,
  isMember: isCurrentMember(session),
});

const DEFAULT_ZONE = 'America/Denver';
export const chamberZone = async (db: Executor): Promise<string> =>
  (await firstChamber(db))?.timezone ?? DEFAULT_ZONE;

/** The period a moment falls in, in the chamber's zone: `2026-11` (month) or `2026` (year). */
export const periodKey = (period: 'month' | 'year', at: Date, zone: string): string =>
  dateKeyIn(at, zone).slice(0, period === 'month' ? 7 : 4);

/**
 * The event a target is, for `discountsFor`: the id it was asked by, its row's, and for an
 * occurrence its series' (a code or a benefit may name any of them).
 */
export function discountEventOf(target: Target, requestedId: string): DiscountEvent {
  const row = shownRow(target);
  const series = target.kind === 'occurrence' ? target.series.id : row.id;
  return { ids: [...new Set([requestedId, row.id, series])], title: row.title };
}

const refusal = (code: PromoRefusal, message: string) => ({ error: { code, message } });

const formatWhen = (d: Date, zone: string) =>
  dateTimeFormat('en-US', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(d);

/** Whether a benefit reaches an event (its ids, title) on `today` (the chamber's date). */
function reaches(
  benefit: PlanTicketBenefit,
  event: { ids: string[]; title: string },
  today: string,
): boolean {
  if (benefit.until && today > benefit.until) return false;
  if (benefit.eventId && !event.ids.includes(benefit.eventId)) return false;
  if (benefit.eventTag && !event.title.toLowerCase().includes(benefit.eventTag.toLowerCase())) {
    return false;
  }
  return !benefit.excludedEventIds.some((id) => event.ids.includes(id));
}

/**
 * What promo codes and plan benefits take off an order, for the order's pricing and the check
 * endpoint: a refusal of the code with its reason, or each line's discount, the discounts to
 * show and the redemptions `redeem` records in the order's transaction.
 */
export async function discountsFor(db: Executor, input: DiscountsInput): Promise<DiscountsAnswer> {
  const { ids } = input.event;
  const zone = await chamberZone(db);
  const at = input.at;

  let code: ApplicableCode | null = null;
  const typed = input.promoCode?.trim();
  if (typed) {
    const found = await q.codeByText(db, typed);
    if (!found) return refusal('unknown', `There is no promo code ${typed.toUpperCase()}.`);
    const shown = found.code.toUpperCase();
    if (found.endedAt || (found.validUntil && found.validUntil <= at)) {
      return refusal('expired', `The promo code ${shown} has expired.`);
    }
    if (found.validFrom && found.validFrom > at) {
      return refusal(
        'not_yet_valid',
        `The promo code ${shown} is valid from ${formatWhen(found.validFrom, zone)}.`,
      );
    }
    if (found.usageLimit !== null && found.uses >= found.usageLimit) {
      return refusal('used_up', `The promo code ${shown} has been used up.`);
    }
    if (found.eventId && !ids.includes(found.eventId)) {
      return refusal('wrong_event', `The promo code ${shown} is not for this event.`);
    }
    if (
      found.ticketTypeIds.length > 0 &&
      !input.lines.some((l) => found.ticketTypeIds.includes(l.typeId))
    ) {
      return refusal('wrong_type', `The promo code ${shown} is not for the tickets chosen.`);
    }
    if (found.membersOnly && !input.viewer.isMember) {
      return refusal(
        'members_only',
        `The promo code ${shown} is for chamber members: sign in with your member account.`,
      );
    }
    code = {
      id: found.id,
      code: found.code,
      kind: found.kind === 'amount' ? 'amount' : 'percent',
      percentOff: found.percentOff,
      amountOffCents: found.amountOffCents,
      ticketTypeIds: found.ticketTypeIds,
    };
  }

  const benefits: ApplicableBenefit[] = [];
  const businessId = input.viewer.businessId;
  if (businessId && input.viewer.isMember) {
    const plan = await planBenefitsOf(db, businessId);
    if (plan?.current && plan.benefits.length > 0) {
      const today = dateKeyIn(at, zone);
      const periods = plan.benefits.map((b) => periodKey(b.period, at, zone));
      const used = await q.usageOf(db, businessId, [...new Set(periods)]);
      plan.benefits.forEach((benefit, i) => {
        const period = periods[i]!;
        benefits.push({
          benefit,
          period,
          left: Math.max(0, benefit.count - (used.get(`${benefit.id}/${period}`) ?? 0)),
          reachesEvent: reaches(benefit, input.event, today),
        });
      });
    }
  }

  const applied = applyDiscounts(input.lines, benefits, code);
  const redemptions: Redemption[] = applied.benefitUses.map((use) => ({
    kind: 'benefit',
    benefitId: use.benefitId,
    businessId: businessId!,
    period: use.period,
    allowance: use.allowance,
    quantity: use.quantity,
    amountCents: use.amountCents,
  }));
  if (code) {
    redemptions.push({
      kind: 'promo',
      promoCodeId: code.id,
      code: code.code,
      amountCents: applied.promoCents,
    });
  }
  return { lines: applied.lines, discounts: applied.discounts, redemptions };
}

const isCheckViolation = (err: unknown): boolean => {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23514') return true;
  }
  return false;
};

/**
 * Records an order's redemptions in the caller's transaction: a code's use is counted under
 * its row's lock, a benefit's under its (business, benefit, period) row, so a usage limit or
 * an allowance is never passed, whatever runs in parallel. A use that no longer fits is a 409:
 * the caller's transaction, and its order, roll back.
 */
export async function redeem(
  tx: Executor,
  input: { registrationId: string; redemptions: Redemption[]; at?: Date },
): Promise<void> {
  const now = input.at ?? new Date();
  for (const r of input.redemptions) {
    if (r.kind === 'promo') {
      let counted: boolean;
      try {
        counted = await q.takeCodeUse(tx, r.promoCodeId, now);
      } catch (err) {
        if (!isCheckViolation(err)) throw err;
        counted = false;
      }
      if (!counted) {
        throw new AppError(
          'conflict',
          `The promo code ${r.code.toUpperCase()} was used up just now: order again without it.`,
        );
      }
      await q.recordCodeUse(tx, {
        promoCodeId: r.promoCodeId,
        registrationId: input.registrationId,
        amountCents: r.amountCents,
      });
      continue;
    }
    let taken: boolean;
    try {
      taken = await q.takeBenefitUse(
        tx,
        {
          contactId: r.businessId,
          benefitId: r.benefitId,
          period: r.period,
          quantity: r.quantity,
          allowance: r.allowance,
        },
        now,
      );
    } catch (err) {
      if (!isCheckViolation(err)) throw err;
      taken = false;
    }
    if (!taken) {
      throw new AppError(
        'conflict',
        "Your plan's benefit was used for another order just now: check the total again.",
      );
    }
    await q.recordBenefitUse(tx, {
      contactId: r.businessId,
      benefitId: r.benefitId,
      period: r.period,
      registrationId: input.registrationId,
      quantity: r.quantity,
      amountCents: r.amountCents,
    });
  }
}

/**
 * A cancelled order gives back its uses (decision 0152): its promo code's use and its plan
 * benefits' tickets count no more, in the cancellation's transaction.
 */
export async function releaseRedemptions(
  tx: Executor,
  input: { registrationId: string; at: Date },
): Promise<void> {
  await q.releaseUses(tx, input.registrationId, input.at);
}
