import { formatPlanPrice, type MembershipPlan, type MembershipTier } from '@chamber/contract';
import { paths } from './paths';

/**
 * The membership levels as the pages show them, built from the chamber's plans (GET
 * /membership-plans): names, prices, texts and benefit lists are data an admin edits; the
 * levels, their order and their pages' addresses are fixed, as the features they unlock are.
 */
export type TierId = 'basic' | 'enhanced' | 'elite';

export interface MembershipTierInfo {
  id: TierId;
  planId: string;
  /** The plan's slug, as /join?plan= takes it. */
  slug: string;
  level: MembershipTier;
  name: string;
  priceCents: number;
  currency: string;
  href: string;
  summary: string;
  /** What this level adds over the one below it: the comparison table's rows. */
  benefits: string[];
  /** The few lines a price card and a carousel slide show. */
  highlights: string[];
  mostPopular: boolean;
  /** Offered for joining; a plan off sale keeps its members and its page. */
  available: boolean;
}

export interface MembershipBenefit {
  label: string;
  /** The lowest level that includes it; every higher level includes it too. */
  from: TierId;
}

const rank: Record<TierId, number> = { basic: 0, enhanced: 1, elite: 2 };

/** The web app's id of a level: the API keeps the spec's `standard` for the lowest. */
export const tierIdOf = (level: MembershipTier): TierId => (level === 'standard' ? 'basic' : level);

const tierHrefs: Record<TierId, string> = {
  basic: paths.basicMembership.href(),
  enhanced: paths.enhancedMembership.href(),
  elite: paths.eliteMembership.href(),
};

/** The plans as levels, lowest first. */
export function tiersFromPlans(plans: readonly MembershipPlan[]): MembershipTierInfo[] {
  return plans
    .map((plan) => ({
      id: tierIdOf(plan.level),
      planId: plan.id,
      slug: plan.slug,
      level: plan.level,
      name: plan.name,
      priceCents: plan.priceCents,
      currency: plan.currency,
      href: tierHrefs[tierIdOf(plan.level)],
      summary: plan.description,
      benefits: plan.benefits,
      highlights: plan.highlights,
      mostPopular: plan.featured,
      available: plan.available,
    }))
    .sort((a, b) => rank[a.id] - rank[b.id]);
}

/** Every benefit, each with the level that brings it: the comparison table's rows. */
export const comparisonRows = (tiers: readonly MembershipTierInfo[]): MembershipBenefit[] =>
  tiers.flatMap((tier) => tier.benefits.map((label) => ({ label, from: tier.id })));

/** Whether `tier` includes `benefit`. */
export const includes = (tier: TierId, benefit: MembershipBenefit) =>
  rank[tier] >= rank[benefit.from];

/** The levels below `tier`, nearest first. */
export const tiersBelow = (tiers: readonly MembershipTierInfo[], tier: TierId) =>
  tiers.filter((t) => rank[t.id] < rank[tier]).reverse();

/** '$550' (the plan's currency; cents shown only when there are some). */
export const formatTierPrice = (tier: Pick<MembershipTierInfo, 'priceCents' | 'currency'>) =>
  formatPlanPrice(tier.priceCents, tier.currency);

/** What every new member gets in their first year, whatever the level. */
export const newMemberBenefits: string[] = [
  '$500 of radio advertising in 2026',
  'A 2-minute introduction of your business at your first luncheon',
  'Ribbon cutting support for your opening or milestone',
  'Announcements of your business to our members',
];

/** The spec's names of the levels, shown only until the chamber's plans have loaded. */
const levelNames: Record<MembershipTier, string> = {
  standard: 'Basic',
  enhanced: 'Enhanced',
  elite: 'Elite',
};

/**
 * The name people read for a level: its plan's name ('Basic' in the seed for the API's
 * `standard`); the lowest level when none is set (docs/product.md#constants).
 */
export function planName(
  level: MembershipTier | null | undefined,
  plans: readonly Pick<MembershipPlan, 'level' | 'name'>[] | undefined,
): string {
  const wanted = level ?? 'standard';
  return plans?.find((plan) => plan.level === wanted)?.name ?? levelNames[wanted] ?? 'Basic';
}
