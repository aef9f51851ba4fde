import type { BusinessRole, MembershipTier, OpeningHoursInput, Role } from '@chamber/contract';

export const LOCATION_ID = 'riverton-chamber';
export const CALENDAR_ID = 'racc-events';
export const TIMEZONE = 'America/Denver';

export const chamber = {
  id: LOCATION_ID,
  name: 'Riverton Area Chamber of Commerce',
  shortName: 'RACC',
  address1: '12830 S Redwood Rd',
  city: 'Riverton',
  state: 'UT',
  postalCode: '84065',
  phone: '(801) 555-0142',
  email: 'info@rivertonchamber.example',
  website: 'https://rivertonchamber.example',
  socialUrl: 'https://www.facebook.com/rivertonchamber.example',
  accentColor: '#1f5f8b',
  timezone: TIMEZONE,
};

/** How to pay the demo chamber's invoices offline, printed on each open invoice. */
export const demoPaymentDetails = {
  payee: chamber.name,
  mailingAddress: `${chamber.name}\n${chamber.address1}\n${chamber.city}, ${chamber.state} ${chamber.postalCode}`,
  paymentInstructions:
    'Write the invoice number on your check. Cash and card are welcome at the chamber office, Monday to Friday, 9 am to 4 pm.',
};

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Active unless said otherwise: a join that is not paid yet keeps its sign-in pending. */
  status?: 'active' | 'pending';
  business?: string;
  tier?: MembershipTier;
  /**
   * A person of a business (docs/decisions/0123-businesses-and-their-people.md): the business
   * by its primary person's email, the role and title; without it, the account's own listing.
   */
  person?: { of: string; role: BusinessRole; title: string; shownOnListing?: boolean };
}

/** The business of several people in the demo chamber (its owner's email). */
const REDWOOD = 'tom@redwoodhardware.example';

/** The sign-ins printed by `seed` and the quick start (docs/guide/quick-start.md). */
export const demoAccounts: DemoAccount[] = [
  {
    email: 'admin@rivertonchamber.example',
    password: 'Chamber-Admin-2026',
    firstName: 'Avery',
    lastName: 'Lindqvist',
    role: 'admin',
  },
  {
    email: 'moderator@rivertonchamber.example',
    password: 'Chamber-Mod-2026',
    firstName: 'Dana',
    lastName: 'Okafor',
    role: 'moderator',
  },
  {
    email: 'maria@sweetwaterbakery.example',
    password: 'Chamber-Member-2026',
    firstName: 'Maria',
    lastName: 'Delgado',
    role: 'member',
    business: 'Sweetwater Bakery',
    tier: 'enhanced',
  },
  {
    email: 'tom@redwoodhardware.example',
    password: 'Chamber-Member-2026',
    firstName: 'Tom',
    lastName: 'Barlow',
    role: 'member',
    business: 'Redwood Hardware & Supply',
    tier: 'elite',
    person: { of: REDWOOD, role: 'primary', title: 'Owner', shownOnListing: true },
  },
  // Redwood Hardware's people: its bookkeeper pays the dues, two employees have sign-ins too.
  {
    email: 'ruth@redwoodhardware.example',
    password: 'Chamber-Member-2026',
    firstName: 'Ruth',
    lastName: 'Ames',
    role: 'member',
    person: { of: REDWOOD, role: 'billing', title: 'Bookkeeper' },
  },
  {
    email: 'kai@redwoodhardware.example',
    password: 'Chamber-Member-2026',
    firstName: 'Kai',
    lastName: 'Nguyen',
    role: 'member',
    person: { of: REDWOOD, role: 'employee', title: 'Store Manager', shownOnListing: true },
  },
  {
    email: 'lena@redwoodhardware.example',
    password: 'Chamber-Member-2026',
    firstName: 'Lena',
    lastName: 'Price',
    role: 'member',
    person: { of: REDWOOD, role: 'employee', title: 'Sales Associate' },
  },
  {
    email: 'priya@jordanrivercpa.example',
    password: 'Chamber-Member-2026',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'member',
    business: 'Jordan River CPA Group',
    tier: 'standard',
  },
  // The dues states (demo-dues.ts): in grace, lapsed, and a join waiting for its invoice to be paid.
  {
    email: 'brian@tolmanheatingandair.example',
    password: 'Chamber-Member-2026',
    firstName: 'Brian',
    lastName: 'Tolman',
    role: 'member',
    business: 'Tolman Heating & Air',
    tier: 'enhanced',
  },
  {
    email: 'gordon@lundprintandsign.example',
    password: 'Chamber-Member-2026',
    firstName: 'Gordon',
    lastName: 'Lund',
    role: 'member',
    business: 'Lund Print & Sign',
    tier: 'standard',
  },
  {
    email: 'nora@fischerphotography.example',
    password: 'Chamber-Member-2026',
    firstName: 'Nora',
    lastName: 'Fischer',
    role: 'member',
    status: 'pending',
    business: 'Fischer Photography',
    tier: 'enhanced',
  },
];

export interface DemoContact {
  firstName: string;
  lastName: string;
  email: string;
  business: string;
  tier: MembershipTier;
  phone: string;
  website?: string;
  tagline: string;
  bio?: string;
  address1: string;
  specialties: string[];
  memberSince: string | null;
  couponCodes?: string[];
  socialLinks?: string[];
  /** Opening hours on the chamber's clock (America/Denver); some listings give none. */
  hours?: OpeningHoursInput;
  /** The map pin, set directly (the demo never asks a geocoder): see gridPin. */
  pin: { lat: number; lng: number };
}

/**
 * Where an address of the Salt Lake valley's grid stands: `south` and `west` are its grid
 * numbers (12830 S Redwood Rd is 12830 south, 1700 west), each 100 about 200 metres, from
 * Riverton's city hall.
 */
export const gridPin = (south: number, west: number) => ({
  lat: Number((40.5219 - ((south - 12830) / 100) * 0.00181).toFixed(5)),
  lng: Number((-111.9391 - ((west - 1700) / 100) * 0.00238).toFixed(5)),
});

/**
 * The pin of a demo address written on the grid: `12760 S 1700 W`, `3300 W 12600 S`, or a
 * named street south of the centre (`12200 S Redwood Rd`, Redwood Road being 1700 West).
 */
export function gridPinOf(address: string): { lat: number; lng: number } {
  const both = /^(\d+) ([SW]) (\d+) ([SW])\b/.exec(address);
  if (both) {
    const [, a, da, b] = both;
    return da === 'S' ? gridPin(Number(a), Number(b)) : gridPin(Number(b), Number(a));
  }
  const one = /^(\d+) ([SW]) /.exec(address);
  if (one) return one[2] === 'S' ? gridPin(Number(one[1]), 1700) : gridPin(12830, Number(one[1]));
  return gridPin(12830, 1700);
}

const interval = (opens: string, closes: string) => [{ opens, closes }];
const weekdaysOnly = (opens: string, closes: string) => ({
  monday: interval(opens, closes),
  tuesday: interval(opens, closes),
  wednesday: interval(opens, closes),
  thursday: interval(opens, closes),
  friday: interval(opens, closes),
});
/** The holidays most Main Street businesses close for, this year and next. */
const holidays = [
  { date: '2026-11-26', note: 'Thanksgiving' },
  { date: '2026-12-25', note: 'Christmas Day' },
  { date: '2027-01-01', note: 'New Year’s Day' },
];

/** Demo hours by business: shops, offices with a lunch hour, a café open early. */
const demoHours: Record<string, OpeningHoursInput> = {
  'Sweetwater Bakery': {
    days: {
      ...weekdaysOnly('06:30', '15:00'),
      saturday: interval('07:00', '13:00'),
    },
    closures: holidays,
  },
  'Redwood Hardware & Supply': {
    days: {
      ...weekdaysOnly('07:00', '19:00'),
      saturday: interval('08:00', '18:00'),
      sunday: interval('10:00', '16:00'),
    },
    closures: holidays,
  },
  'Jordan River CPA Group': {
    days: {
      monday: [
        { opens: '08:30', closes: '12:00' },
        { opens: '13:00', closes: '17:00' },
      ],
      tuesday: [
        { opens: '08:30', closes: '12:00' },
        { opens: '13:00', closes: '17:00' },
      ],
      wednesday: [
        { opens: '08:30', closes: '12:00' },
        { opens: '13:00', closes: '17:00' },
      ],
      thursday: [
        { opens: '08:30', closes: '12:00' },
        { opens: '13:00', closes: '17:00' },
      ],
      friday: interval('08:30', '12:00'),
    },
    closures: holidays,
  },
  'Herrera Landscaping': {
    days: { ...weekdaysOnly('07:00', '17:30'), saturday: interval('08:00', '12:00') },
  },
  'Mountain View Family Dental': {
    days: {
      monday: interval('08:00', '17:00'),
      tuesday: interval('08:00', '17:00'),
      wednesday: interval('10:00', '19:00'),
      thursday: interval('08:00', '17:00'),
    },
    closures: holidays,
  },
  'South Valley Insurance': { days: weekdaysOnly('09:00', '17:00'), closures: holidays },
  'Copperleaf Coffee House': {
    days: {
      ...weekdaysOnly('06:00', '20:00'),
      saturday: interval('07:00', '20:00'),
      sunday: interval('08:00', '14:00'),
    },
    closures: [{ date: '2026-12-25', note: 'Christmas Day' }],
  },
  'Castellano Auto Care': {
    days: { ...weekdaysOnly('07:30', '18:00'), saturday: interval('08:00', '14:00') },
    closures: holidays,
  },
  'Lund Print & Sign': { days: weekdaysOnly('08:00', '17:30'), closures: holidays },
};

const listings: Omit<DemoContact, 'hours'>[] = [
  {
    firstName: 'Maria',
    lastName: 'Delgado',
    email: 'maria@sweetwaterbakery.example',
    business: 'Sweetwater Bakery',
    tier: 'enhanced',
    phone: '(801) 555-0187',
    website: 'https://sweetwaterbakery.example',
    tagline: 'Scratch-made bread and pastries since 2009',
    bio: 'A family bakery on Redwood Road baking sourdough, kolaches and custom cakes for Riverton celebrations.',
    address1: '12592 S Redwood Rd',
    pin: gridPin(12592, 1700),
    specialties: ['Bakery', 'Catering'],
    memberSince: '2019-03-12',
  },
  {
    firstName: 'Tom',
    lastName: 'Barlow',
    email: 'tom@redwoodhardware.example',
    business: 'Redwood Hardware & Supply',
    tier: 'elite',
    phone: '(801) 555-0123',
    website: 'https://redwoodhardware.example',
    tagline: 'Your neighborhood hardware store',
    bio: 'Tools, paint, garden supplies and friendly advice. Key cutting and screen repair while you wait.',
    address1: '13385 S Redwood Rd',
    pin: gridPin(13385, 1700),
    specialties: ['Retail', 'Home Improvement'],
    memberSince: '2012-06-01',
    couponCodes: ['CHAMBER10', 'SPRINGPAINT'],
    socialLinks: [
      'https://www.facebook.com/redwoodhardware.example',
      'https://www.instagram.com/redwoodhardware.example',
      'https://www.youtube.com/@redwoodhardware.example',
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya@jordanrivercpa.example',
    business: 'Jordan River CPA Group',
    tier: 'standard',
    phone: '(801) 555-0166',
    tagline: 'Tax and bookkeeping for small businesses',
    address1: '3300 W 12600 S',
    pin: gridPin(12600, 3300),
    specialties: ['Accounting', 'Tax Preparation'],
    memberSince: '2021-01-20',
  },
  {
    firstName: 'Luis',
    lastName: 'Herrera',
    email: 'luis@herreralandscaping.example',
    business: 'Herrera Landscaping',
    tier: 'enhanced',
    phone: '(801) 555-0134',
    website: 'https://herreralandscaping.example',
    tagline: 'Water-wise yards for Utah summers',
    bio: 'Design, installation and maintenance of drought-tolerant landscapes across the southwest valley.',
    address1: '1720 W 13400 S',
    pin: gridPin(13400, 1720),
    specialties: ['Landscaping', 'Irrigation'],
    memberSince: '2018-04-09',
  },
  {
    firstName: 'Grace',
    lastName: 'Whitaker',
    email: 'grace@mountainviewdental.example',
    business: 'Mountain View Family Dental',
    tier: 'elite',
    phone: '(801) 555-0119',
    website: 'https://mountainviewdental.example',
    tagline: 'Gentle dentistry for the whole family',
    bio: 'Cleanings, crowns and orthodontics with evening appointments for busy families.',
    address1: '4012 W 12600 S',
    pin: gridPin(12600, 4012),
    specialties: ['Dentistry', 'Healthcare'],
    memberSince: '2015-09-14',
    couponCodes: ['NEWSMILE'],
  },
  {
    firstName: 'Ken',
    lastName: 'Nakamura',
    email: 'ken@southvalleyinsurance.example',
    business: 'South Valley Insurance',
    tier: 'standard',
    phone: '(801) 555-0158',
    tagline: 'Home, auto and business coverage',
    address1: '12441 S 2700 W',
    pin: gridPin(12441, 2700),
    specialties: ['Insurance'],
    memberSince: '2020-11-02',
  },
  {
    firstName: 'Hannah',
    lastName: 'Price',
    email: 'hannah@copperleafcoffee.example',
    business: 'Copperleaf Coffee House',
    tier: 'enhanced',
    phone: '(801) 555-0175',
    website: 'https://copperleafcoffee.example',
    tagline: 'Locally roasted, community brewed',
    bio: 'A gathering place for early meetings and late study sessions, roasting small batches on site.',
    address1: '12700 S Crosswind Ln',
    pin: gridPin(12700, 1450),
    specialties: ['Coffee', 'Restaurant'],
    memberSince: '2022-02-18',
  },
  {
    firstName: 'Derek',
    lastName: 'Sorensen',
    email: 'derek@sorensenrealty.example',
    business: 'Sorensen Realty',
    tier: 'standard',
    phone: '(801) 555-0142',
    tagline: 'Helping Riverton families find home',
    address1: '13200 S 3600 W',
    pin: gridPin(13200, 3600),
    specialties: ['Real Estate'],
    memberSince: '2017-07-25',
  },
  {
    firstName: 'Amara',
    lastName: 'Nwosu',
    email: 'amara@brightpathtutoring.example',
    business: 'Bright Path Tutoring',
    tier: 'standard',
    phone: '(801) 555-0191',
    tagline: 'Reading and math support for K-12',
    address1: '2150 W 12300 S',
    pin: gridPin(12300, 2150),
    specialties: ['Education', 'Tutoring'],
    memberSince: '2023-08-30',
  },
  {
    firstName: 'Rob',
    lastName: 'Castellano',
    email: 'rob@castellanoauto.example',
    business: 'Castellano Auto Care',
    tier: 'elite',
    phone: '(801) 555-0105',
    website: 'https://castellanoauto.example',
    tagline: 'Honest repairs, done right the first time',
    bio: 'ASE-certified technicians for brakes, diagnostics and fleet maintenance.',
    address1: '12950 S Redwood Rd',
    pin: gridPin(12950, 1700),
    specialties: ['Automotive', 'Fleet Service'],
    memberSince: '2010-05-03',
    couponCodes: ['OILCHANGE15'],
  },
  {
    firstName: 'Gordon',
    lastName: 'Lund',
    email: 'gordon@lundprintandsign.example',
    business: 'Lund Print & Sign',
    tier: 'standard',
    phone: '(801) 555-0138',
    tagline: 'Banners, cards and signs by Friday',
    address1: '12612 S 2200 W',
    pin: gridPin(12612, 2200),
    specialties: ['Printing', 'Signs'],
    memberSince: '2024-06-17',
  },
  {
    firstName: 'Nora',
    lastName: 'Fischer',
    email: 'nora@fischerphotography.example',
    business: 'Fischer Photography',
    tier: 'enhanced',
    phone: '(801) 555-0162',
    website: 'https://fischerphotography.example',
    tagline: 'Headshots and product photos for local business',
    bio: 'Studio and on-location photography: team headshots, storefronts and menus.',
    address1: '12450 S Redwood Rd',
    pin: gridPin(12450, 1700),
    specialties: ['Photography', 'Marketing'],
    memberSince: null,
  },
];

export const demoContacts: DemoContact[] = listings.map((listing) => {
  const hours = demoHours[listing.business];
  return hours ? { ...listing, hours } : listing;
});
