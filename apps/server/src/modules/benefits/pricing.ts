import type { Discount } from '@chamber/contract';
import type { PlanTicketBenefit } from '@chamber/db';

/** A line of an order as priced before discounts. */
export interface OrderLine {
  typeId: string;
  /** The type's name, for benefits that match types by name. */
  name?: string;
  quantity: number;
  seatsPerTicket: number;
  /** The viewer's price of one ticket, integer cents. */
  unitCents: number;
}

/** The code as it applies once its refusals are passed. */
export interface ApplicableCode {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffCents: number | null;
  /** Empty: every line. */
  ticketTypeIds: string[];
}

/** A benefit with what is left of it in its period for this business. */
export interface ApplicableBenefit {
  benefit: PlanTicketBenefit;
  period: string;
  left: number;
  /** Whether it reaches this event (its tag, id and exclusions, its end date). */
  reachesEvent: boolean;
}

export interface BenefitUse {
  benefitId: string;
  label: string;
  period: string;
  allowance: number;
  quantity: number;
  amountCents: number;
}

export interface Applied {
  lines: { typeId: string; discountCents: number }[];
  discounts: Discount[];
  benefitUses: BenefitUse[];
  promoCents: number;
}

/**
 * The one rounding rule: a percentage of an amount is rounded half up to the cent, per line.
 * (Math.round on a non-negative product of integers.)
 */
export const percentOf = (cents: number, percent: number): number =>
  Math.round((cents * percent) / 100);

const typeMatches = (benefit: PlanTicketBenefit, line: OrderLine): boolean => {
  if (benefit.ticketTypeId) return benefit.ticketTypeId === line.typeId;
  if (benefit.ticketTypeName) {
    return (line.name ?? '').toLowerCase().includes(benefit.ticketTypeName.toLowerCase());
  }
  return true;
};

/**
 * What benefits and a code take off an order. Benefits first, in the plan's order, each on
 * tickets no benefit has taken yet (a ticket gets at most one): a free ticket makes a whole
 * single-seat ticket free, a fixed price lowers a ticket to its price (never raises it). Then
 * the code on what is left of each line it reaches: a percentage off each line (rounded per
 * line), or an amount off the order, taken from the lines in order. No line goes below zero.
 */
export function applyDiscounts(
  lines: OrderLine[],
  benefits: ApplicableBenefit[],
  code: ApplicableCode | null,
): Applied {
  const gross = lines.map((l) => l.quantity * l.unitCents);
  const off = lines.map(() => 0);
  /** Tickets of each line no benefit has taken. */
  const free = lines.map((l) => l.quantity);
  const discounts: Discount[] = [];
  const benefitUses: BenefitUse[] = [];

  for (const { benefit, period, left, reachesEvent } of benefits) {
    if (!reachesEvent || left <= 0) continue;
    let remaining = left;
    let amount = 0;
    let quantity = 0;
    lines.forEach((line, i) => {
      if (remaining <= 0 || free[i]! <= 0 || !typeMatches(benefit, line)) return;
      if (benefit.kind === 'free_ticket' && line.seatsPerTicket !== 1) return;
      const perTicket =
        benefit.kind === 'free_ticket'
          ? line.unitCents
          : Math.max(0, line.unitCents - (benefit.priceCents ?? line.unitCents));
      if (perTicket <= 0) return;
      const n = Math.min(remaining, free[i]!);
      free[i] = free[i]! - n;
      remaining -= n;
      quantity += n;
      const cents = Math.min(n * perTicket, gross[i]! - off[i]!);
      off[i] = off[i]! + cents;
      amount += cents;
    });
    if (quantity > 0) {
      discounts.push({
        kind: 'benefit',
        label: benefit.label,
        amountCents: amount,
        benefitId: benefit.id,
      });
      benefitUses.push({
        benefitId: benefit.id,
        label: benefit.label,
        period,
        allowance: benefit.count,
        quantity,
        amountCents: amount,
      });
    }
  }

  let promoCents = 0;
  if (code) {
    const reaches = (line: OrderLine) =>
      code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(line.typeId);
    let amountLeft = code.kind === 'amount' ? (code.amountOffCents ?? 0) : 0;
    lines.forEach((line, i) => {
      if (!reaches(line)) return;
      const rest = gross[i]! - off[i]!;
      const cents =
        code.kind === 'percent'
          ? Math.min(rest, percentOf(rest, code.percentOff ?? 0))
          : Math.min(rest, amountLeft);
      if (code.kind === 'amount') amountLeft -= cents;
      off[i] = off[i]! + cents;
      promoCents += cents;
    });
    const what = code.kind === 'percent' ? `${code.percentOff}% off` : 'amount off';
    discounts.push({
      kind: 'promo',
      label: `Code ${code.code.toUpperCase()} (${what})`,
      amountCents: promoCents,
      promoCodeId: code.id,
    });
  }

  return {
    lines: lines.map((l, i) => ({ typeId: l.typeId, discountCents: off[i]! })),
    discounts,
    benefitUses,
    promoCents,
  };
}
