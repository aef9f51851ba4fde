import { categoryLimits, type MembershipTier } from '@chamber/contract';
import { categories, contactCategories, type Executor } from '@chamber/db';

/** The seeded category (migration 0040) a demo specialty belongs to. */
const bySpecialty: Record<string, string> = {
  Bakery: 'cafes-bakeries',
  'Wedding Cakes': 'cafes-bakeries',
  Coffee: 'cafes-bakeries',
  Cafe: 'cafes-bakeries',
  Restaurant: 'restaurants',
  Catering: 'catering',
  Agriculture: 'grocery-markets',
  'Farmers Market': 'grocery-markets',
  Retail: 'shopping-retail',
  Clothing: 'clothing',
  Tools: 'hardware',
  Flowers: 'gifts-florists',
  'Home Improvement': 'builders-contractors',
  Construction: 'builders-contractors',
  Roofing: 'builders-contractors',
  Gutters: 'builders-contractors',
  Plumbing: 'plumbing',
  'Water Heaters': 'plumbing',
  Electrical: 'electrical',
  HVAC: 'heating-cooling',
  'Energy Efficiency': 'heating-cooling',
  Landscaping: 'landscaping',
  Irrigation: 'landscaping',
  'Snow Removal': 'landscaping',
  Cleaning: 'home-trades',
  'Commercial Services': 'home-trades',
  Healthcare: 'clinics-doctors',
  'Family Health': 'clinics-doctors',
  Pediatrics: 'clinics-doctors',
  'Physical Therapy': 'clinics-doctors',
  Dentistry: 'dental',
  Orthodontics: 'dental',
  Pharmacy: 'pharmacies',
  Fitness: 'fitness',
  'Personal Training': 'fitness',
  Yoga: 'fitness',
  Wellness: 'fitness',
  'Hair Salon': 'salons-spas',
  Spa: 'salons-spas',
  Beauty: 'salons-spas',
  Veterinary: 'health-wellness',
  'Pet Care': 'health-wellness',
  Accounting: 'accounting',
  'Tax Preparation': 'accounting',
  Bookkeeping: 'accounting',
  Legal: 'legal',
  'Estate Planning': 'legal',
  'Business Law': 'legal',
  Insurance: 'insurance',
  'Business Insurance': 'insurance',
  'Real Estate': 'real-estate',
  'Property Management': 'real-estate',
  'Financial Planning': 'banking',
  Retirement: 'banking',
  Banking: 'banking',
  Loans: 'banking',
  Printing: 'marketing-it',
  Signs: 'marketing-it',
  Signage: 'marketing-it',
  Marketing: 'marketing-it',
  'Web Design': 'marketing-it',
  'IT Support': 'marketing-it',
  Cybersecurity: 'marketing-it',
  Photography: 'marketing-it',
  Storage: 'professional-services',
  Automotive: 'auto-repair',
  'Fleet Service': 'auto-repair',
  'Auto Repair': 'auto-repair',
  Tires: 'auto-repair',
  'Oil Change': 'auto-repair',
  Weddings: 'event-venues',
  Events: 'event-venues',
  'Event Planning': 'event-venues',
  Rentals: 'event-venues',
  Education: 'education',
  Tutoring: 'education',
  'Test Prep': 'education',
  Childcare: 'education',
};

/** Where a demo business's specialties would not say it best. */
const byBusiness: Record<string, string[]> = {
  'Redwood Hardware & Supply': ['hardware', 'builders-contractors'],
  'Sweetwater Bakery': ['cafes-bakeries', 'catering'],
};

/**
 * The categories a demo business picks: its specialties' categories, each once, in their
 * order, as many as its plan allows.
 */
export function demoCategories(
  business: string | null,
  specialties: readonly string[],
  tier: MembershipTier,
): string[] {
  const slugs = (business && byBusiness[business]) || specialties.map((s) => bySpecialty[s]);
  const distinct = [...new Set(slugs.filter((s): s is string => s !== undefined))];
  return distinct.slice(0, categoryLimits[tier]);
}

/** The seeded categories' ids by slug. */
export async function categoryIdsBySlug(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Rows of contact_categories for a contact's slugs (unknown slugs skipped). */
export function categoryRows(
  ids: Map<string, string>,
  contactId: string,
  slugs: readonly string[],
): (typeof contactCategories.$inferInsert)[] {
  return slugs.flatMap((slug, position) => {
    const categoryId = ids.get(slug);
    return categoryId ? [{ contactId, categoryId, position }] : [];
  });
}
