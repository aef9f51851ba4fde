import { paths } from './paths';

/** The three membership levels and their yearly prices (spec §9). */
export interface MembershipTierInfo {
  id: 'basic' | 'enhanced' | 'elite';
  name: string;
  pricePerYear: number;
  href: string;
  summary: string;
  highlights: string[];
  mostPopular?: boolean;
}

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
      'Fall Festival booth for $30 (register by July 1st)',
      'Discounted education courses',
      'Networking at chamber lunches',
      'Sponsorship opportunities',
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
      'Website link in your listing',
      'One free luncheon ticket per month (not the Annual Dinner)',
      'A yearly feature in the local newspaper',
      'Business bio and address map',
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
      'Yearly radio spotlight',
      'Luncheon placemat ad',
      'Social links in your listing',
      'Free luncheon sponsorship once a year',
      'Listing cover image, coupons and an image gallery',
    ],
  },
];
