/**
 * Words the scale data is made of, and a seeded random source, so every load of the same
 * scale gives the same chamber and benchmark runs stay comparable.
 */

/** mulberry32: small, fast and good enough to pick names. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof randomSource>;

/** Lists written as text: `words` splits on spaces, `list` on commas. */
const words = (text: string) => text.trim().split(/\s+/);
const list = (text: string) => text.split(',').map((item) => item.trim());

export const firstNames = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara
  Richard Susan Joseph Jessica Thomas Sarah Carlos Karen Daniel Lisa Matthew Nancy
  Anthony Sandra Mark Ashley Luis Emily Steven Michelle Andrew Amanda Kenji Melissa
  Joshua Stephanie Kevin Rebecca Brian Laura Priya Hannah Tyler Olivia Ethan Sofia Mateo
  Aisha Noah Grace Samuel Chloe Wei Fatima
`);

export const lastNames = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez
  Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson
  White Harris Sanchez Clark Nguyen Walker Young Allen King Wright Scott Torres Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Jensen
  Larsen Christensen Okafor Tanaka Patel Lindqvist Barlow Tolman
`);

/** Place-like words that start business names ("Copper Canyon Bakery"). */
export const placeWords = list(`
  Copper Canyon, Redwood, Jordan River, Wasatch, Oquirrh, Bluebird, Sagebrush, Riverside,
  Summit, Mountain View, Granite, Cedar, Willow Creek, Main Street, Silver Lake, Aspen,
  Sunrise, Pioneer, Valley, Beehive, Desert Rose, Canyon Ridge
`);

/** A kind of business: the noun in its name and the specialties it lists. */
export const trades: readonly (readonly [string, readonly string[]])[] = [
  ['Bakery', ['Bakery', 'Catering', 'Wedding Cakes']],
  ['Dental', ['Dentistry', 'Orthodontics', 'Family Health']],
  ['Plumbing', ['Plumbing', 'Water Heaters', 'Home Improvement']],
  ['Heating & Air', ['HVAC', 'Home Improvement', 'Energy Efficiency']],
  ['Law', ['Legal', 'Estate Planning', 'Business Law']],
  ['CPA Group', ['Accounting', 'Tax Preparation', 'Bookkeeping']],
  ['Realty', ['Real Estate', 'Property Management']],
  ['Auto Care', ['Auto Repair', 'Tires', 'Oil Change']],
  ['Coffee House', ['Coffee', 'Cafe', 'Catering']],
  ['Insurance', ['Insurance', 'Financial Planning']],
  ['Landscaping', ['Landscaping', 'Snow Removal', 'Irrigation']],
  ['Fitness', ['Fitness', 'Personal Training', 'Yoga']],
  ['Print & Sign', ['Printing', 'Signs', 'Marketing']],
  ['Credit Union', ['Banking', 'Loans', 'Financial Planning']],
  ['Veterinary Clinic', ['Veterinary', 'Pet Care']],
  ['Tutoring', ['Education', 'Test Prep']],
  ['Roofing', ['Roofing', 'Gutters', 'Home Improvement']],
  ['Photography', ['Photography', 'Weddings', 'Events']],
  ['IT Services', ['IT Support', 'Web Design', 'Cybersecurity']],
  ['Florist', ['Flowers', 'Weddings', 'Events']],
  ['Pediatrics', ['Pediatrics', 'Family Health']],
  ['Hardware', ['Retail', 'Home Improvement', 'Tools']],
  ['Grill', ['Restaurant', 'Catering']],
  ['Salon & Spa', ['Hair Salon', 'Spa', 'Beauty']],
];

export const cities = [
  ['Riverton', '84065'],
  ['Herriman', '84096'],
  ['South Jordan', '84095'],
  ['West Jordan', '84084'],
  ['Bluffdale', '84065'],
  ['Draper', '84020'],
] as const;

/** Where each town's businesses stand (degrees): the centre, and how far they spread. */
export const cityCentres: Record<(typeof cities)[number][0], { lat: number; lng: number }> = {
  Riverton: { lat: 40.5219, lng: -111.9391 },
  Herriman: { lat: 40.5141, lng: -112.0329 },
  'South Jordan': { lat: 40.5622, lng: -111.9297 },
  'West Jordan': { lat: 40.6097, lng: -111.9391 },
  Bluffdale: { lat: 40.4897, lng: -111.9388 },
  Draper: { lat: 40.5247, lng: -111.8638 },
};

export const streets = list(`
  S Redwood Rd, W 12600 S, S 1700 W, W 13400 S, S Crosswind Ln, W 12300 S,
  S Bangerter Pkwy, S Main St, W Old Liberty Way, S 3600 W
`);

export const taglines = [
  'Serving the valley since {year}',
  'Family owned and operated',
  'Your neighbors in {city}',
  'Quality you can count on',
  'Proudly local, proudly {city}',
] as const;

/** Single events: a title pattern (`{business}` or `{topic}`) and a length in minutes. */
export const eventKinds = [
  ['Ribbon Cutting: {business}', 45],
  ['Business After Hours at {business}', 120],
  ['Lunch & Learn: {topic}', 75],
  ['Workshop: {topic}', 90],
  ['Grand Opening: {business}', 60],
  ['Women in Business: {topic}', 90],
  ['Young Professionals Mixer', 120],
  ['Board Meeting', 90],
  ['Community Service Day', 240],
] as const;

/** Repeating events: a title and a length in minutes. */
export const seriesKinds = [
  ['Networking Breakfast', 60],
  ['Leads Group', 75],
  ['Ambassador Committee', 60],
  ['Government Affairs Committee', 60],
  ['Coffee Connect', 45],
  ['Monthly Luncheon', 75],
  ['Small Business Roundtable', 90],
  ['Farmers Market', 240],
] as const;

export const topics = list(`
  Social Media for Small Business, QuickBooks Month-End, Hiring Your First Employee,
  Cybersecurity Basics, Writing a Business Plan, Sales Tax in Utah, Customer Service,
  Email Marketing, Retirement Plans for Owners, Succession Planning, Google Reviews
`);
