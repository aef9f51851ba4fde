import { paths } from './paths';

/**
 * The three membership levels, their yearly prices and their benefits (spec §9). Every page
 * that shows a price or a benefit (home table, price cards, carousel, package pages) reads it
 * from here, so they cannot disagree.
 */
export type TierId = 'basic' | 'enhanced' | 'elite';

export interface MembershipTierInfo {
  id: TierId;
  name: string;
  pricePerYear: number;
  href: string;
  summary: string;
  /** The few lines a price card and a carousel slide show. */
  highlights: string[];
  mostPopular?: boolean;
}

export interface MembershipBenefit {
  label: string;
  /** The lowest level that includes it; every higher level includes it too. */
  from: TierId;
}

const rank: Record<TierId, number> = { basic: 0, enhanced: 1, elite: 2 };

/** Education courses are offered quarterly (the spec's two readings differ; see decisions). */
export const membershipBenefits: MembershipBenefit[] = [
  { label: 'Listing in the member directory', from: 'basic' },
  { label: 'Chamber newsletter', from: 'basic' },
  { label: 'Fall Festival booth for $30 (register by July 1st)', from: 'basic' },
  { label: 'Discounted education courses, offered quarterly', from: 'basic' },
  { label: 'Networking at chamber luncheons', from: 'basic' },
  { label: 'Sponsorship opportunities', from: 'basic' },
  { label: 'Website link in your directory listing', from: 'enhanced' },
  { label: 'One free luncheon ticket per month (not the Annual Dinner)', from: 'enhanced' },
  { label: 'A yearly feature in the local newspaper', from: 'enhanced' },
  { label: 'Address map on your listing', from: 'enhanced' },
  { label: 'Business bio on your listing', from: 'enhanced' },
  { label: 'A yearly radio spotlight', from: 'elite' },
  { label: 'Luncheon placemat ad', from: 'elite' },
  { label: 'Social media links on your listing', from: 'elite' },
  { label: 'Free luncheon sponsorship once a year', from: 'elite' },
  { label: 'Cover image on your listing', from: 'elite' },
  { label: 'Coupon uploads for members and visitors', from: 'elite' },
  { label: 'Business image gallery', from: 'elite' },
];

/** Whether `tier` includes `benefit`. */
export const includes = (tier: TierId, benefit: MembershipBenefit) =>
  rank[tier] >= rank[benefit.from];

/** The benefits a level adds over the one below it. */
export const benefitsAddedBy = (tier: TierId) =>
  membershipBenefits.filter((benefit) => benefit.from === tier);

/** What every new member gets in their first year, whatever the level. */
export const newMemberBenefits: string[] = [
  '$500 of radio advertising in 2026',
  'A 2-minute introduction of your business at your first luncheon',
  'Ribbon cutting support for your opening or milestone',
  'Announcements of your business to our members',
];

export const membershipTierList: MembershipTierInfo[] = [
  {
    id: 'basic',
    name: 'Basic',
    pricePerYear: 300,
    href: paths.basicMembership.href(),
    summary: 'Get your business listed and start meeting the local business community.',
    highlights: [
      'Listing in the member directory',
      'Chamber newsletter',
      'Fall Festival booth for $30',
      'Discounted education courses, quarterly',
      'Networking at chamber luncheons',
    ],
  },
  {
    id: 'enhanced',
    name: 'Enhanced',
    pricePerYear: 550,
    href: paths.enhancedMembership.href(),
    summary: 'Stand out in the directory and get a seat at the monthly luncheon.',
    highlights: [
      'Everything in Basic',
      'Website link, business bio and address map',
      'One free luncheon ticket per month',
      'A yearly feature in the local newspaper',
    ],
    mostPopular: true,
  },
  {
    id: 'elite',
    name: 'Elite',
    pricePerYear: 900,
    href: paths.eliteMembership.href(),
    summary: 'Maximum visibility across radio, luncheons and the member directory.',
    highlights: [
      'Everything in Basic and Enhanced',
      'A yearly radio spotlight and a luncheon placemat ad',
      'Free luncheon sponsorship once a year',
      'Cover image, coupons, social links and a gallery',
    ],
  },
];

export function membershipTier(id: TierId): MembershipTierInfo {
  const tier = membershipTierList.find((item) => item.id === id);
  if (!tier) throw new Error(`Unknown membership tier ${id}`);
  return tier;
}

/** '$550' */
export const formatPrice = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
