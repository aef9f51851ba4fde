import { z } from 'zod';
import { emailSchema } from './auth.js';
import { listingPersonSchema } from './business-people.js';
import { categoryLimits, categoryRefSchema } from './categories.js';
import { roleSchema, userStatusSchema } from './common.js';
import { galleryImageSchema, galleryInputSchema } from './gallery.js';
import { boundsParamSchema, locationSchema, nearParamSchema } from './map.js';
import { openingHoursViewSchema } from './opening-hours.js';
import { socialLinkSchema, socialLinksInputSchema } from './social-links.js';
import { MEMBERS_PAGE_SIZE } from './list-sizes.js';
import { membershipTiers } from './vocabulary.js';

export const memberSorts = ['name', 'memberSince', 'tier'] as const;
export type MemberSort = (typeof memberSorts)[number];

/** What a member's tags unlock (the design's tag rule): elite or admin all, enhanced the first. */
export const memberFeaturesSchema = z.object({
  enhanced: z.boolean().describe('Bio, website, address and map'),
  elite: z
    .boolean()
    .describe(
      'Coupon codes, the cover image, social links and the image gallery, and all that enhanced unlocks',
    ),
});
export type MemberFeatures = z.infer<typeof memberFeaturesSchema>;

/**
 * The design's tag rule, from a member's derived tags (the tier above standard, `admin` for an
 * admin's contact): elite or admin unlocks everything (coupons and deals among it), enhanced
 * the enhanced fields.
 */
/** How many categories a listing of these tags may pick (`categoryLimits` by its level). */
export function categoryLimit(tags: readonly string[]): number {
  const { elite, enhanced } = tierFeatures(tags);
  return categoryLimits[elite ? 'elite' : enhanced ? 'enhanced' : 'standard'];
}

export function tierFeatures(tags: readonly string[]): MemberFeatures {
  const elite = tags.includes('elite') || tags.includes('admin');
  return { elite, enhanced: elite || tags.includes('enhanced') };
}

/**
 * A directory entry (docs/product.md#entities Member/contact). Fields a member's tags do not unlock come back
 * empty (null, or [] for coupon codes), whoever is looking: bio, website and the address
 * (address1, city, state, postalCode) need the enhanced, elite or admin tag; coupon codes and
 * the cover image, social links and gallery need elite or admin. `email` is null for
 * anonymous viewers.
 */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  businessName: z.string().nullable(),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  bio: z.string().nullable(),
  tagline: z.string().nullable(),
  avatar: z.string().nullable(),
  coverImage: z.string().nullable(),
  couponCodes: z.array(z.string()),
  socialLinks: z
    .array(socialLinkSchema)
    .describe('Elite: up to 6 profile links, in the member’s order; [] below elite'),
  gallery: z
    .array(galleryImageSchema)
    .describe('Elite: up to 12 captioned images, in the member’s order; [] below elite'),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  memberSince: z.string().nullable().describe('YYYY-MM-DD'),
  createdAt: z.string(),
  membershipTier: z.enum(membershipTiers),
  status: userStatusSchema.describe('The linked login’s status; active for contacts without one'),
  role: roleSchema.describe('The linked login’s role; member for contacts without one'),
  specialties: z.array(z.string()),
  categories: z
    .array(categoryRefSchema)
    .describe('The directory categories the business picked, in its order (GET /categories)'),
  location: locationSchema
    .nullable()
    .describe(
      'Where the business’s pin stands: only for listings whose plan shows the address, and once the address is geocoded or the pin placed by hand; null otherwise',
    ),
  openingHours: openingHoursViewSchema
    .nullable()
    .describe(
      'On the chamber’s wall clock (its time zone); null when the business gave none. Whether it is open now is read from these with openingStateAt',
    ),
  tags: z.array(z.string()).describe('Derived: the tier (enhanced, elite) and admin for admins'),
  features: memberFeaturesSchema.describe(
    'Derived from the tags: what the page shows and its editor offers, so clients need no copy of the rule',
  ),
  categoryLimit: z
    .number()
    .int()
    .describe(
      'Derived from the tags as `features` is: how many categories the listing may pick (categoryLimits: 1, 3 with enhanced, 5 with elite or admin)',
    ),
});
export type Member = z.infer<typeof memberSchema>;

/** One member (GET /members/{id} and the saves), with what the viewer may do with the page. */
export const memberDetailSchema = memberSchema.extend({
  canEdit: z
    .boolean()
    .describe(
      'Whether this viewer may save the page: its own member, active moderators and admins',
    ),
  people: z
    .array(listingPersonSchema)
    .describe(
      "The business's people who chose to be shown on the listing, the primary person first; their email only where the viewer may see members' emails",
    ),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const listMembersQuerySchema = z.object({
  source: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional().describe('Honoured for admins only'),
  sort: z.enum(memberSorts).default('name'),
  refresh: booleanish.optional(),
  openNow: booleanish
    .optional()
    .describe('Only businesses open at this moment, on the chamber’s clock (see openingStateAt)'),
  category: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe(
      'A category slug (GET /categories): the businesses in it; a top-level category includes its subcategories. An unknown slug is a 404',
    ),
  bounds: boundsParamSchema
    .optional()
    .describe(
      '`west,south,east,north` in degrees: only listings with a pin in this box (the map’s view)',
    ),
  near: nearParamSchema
    .optional()
    .describe(
      '`lat,lng` in degrees: sorts by distance from this point (nearest first, listings without a pin last, by name); `sort` is then ignored',
    ),
});
export type ListMembersQuery = z.input<typeof listMembersQuerySchema>;

export const memberListSchema = z.object({
  members: z.array(memberSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
  roles: z
    .array(roleSchema)
    .nullable()
    .describe(
      'For admins: the roles with at least one listed member, whatever the search, so the role filter offers only roles that can match (a staff login is listed only when linked to a directory listing); null for everyone else',
    ),
});
export type MemberList = z.infer<typeof memberListSchema>;

const text = (max: number) => z.string().trim().max(max);

/**
 * The longest bio a listing keeps (the spec gives none): some 300 words, a page of a phone's
 * screen to read, behind 'Read more' past its first lines.
 */
export const BIO_MAX = 2000;
/** The longest tagline, one line under the business's name. */
export const TAGLINE_MAX = 200;
/** `label` is at most `max` characters: the field and its limit, as the form and the API say. */
const limitedText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .optional();
const optionalText = (max: number) => text(max).nullable().optional();

/** A coupon list, or the JSON string of one as the spec's member page sends `coupon_codes`. */
export const couponCodesSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(text(40))
    .max(20, 'At most 20 coupon codes')
    .transform((codes) => [...new Set(codes.filter((c) => c !== ''))]),
);

/** The fields a member-page save may send (see updateMemberSchema). */
const memberFieldsSchema = z.object({
  firstName: text(100).min(1, 'First name is required').optional(),
  lastName: text(100).min(1, 'Last name is required').optional(),
  businessName: optionalText(200),
  companyName: optionalText(200),
  phone: optionalText(40),
  website: z
    .union([
      z.literal(''),
      // http(s) only: the site is shown as a link, and javascript: or data: URLs would run.
      z.url({ protocol: /^https?$/, message: 'Website must be a full URL (https://...)' }).max(500),
    ])
    .nullable()
    .optional(),
  bio: limitedText(BIO_MAX, 'Bio'),
  tagline: limitedText(TAGLINE_MAX, 'Tagline'),
  email: z.string().trim().max(254).optional().describe('Read-only here; must match if sent'),
  coverImage: optionalText(500),
  couponCodes: couponCodesSchema.optional(),
  coupon_codes: couponCodesSchema.optional(),
  socialLinks: socialLinksInputSchema.optional(),
  gallery: galleryInputSchema.optional(),
  address1: optionalText(200),
  city: optionalText(100),
  state: z
    .string()
    .trim()
    .max(2, 'State must be at most 2 characters (e.g. UT)')
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional(),
  postalCode: optionalText(20),
  specialties: z.array(text(60)).max(20).optional(),
});

/**
 * A member page save (PUT /members/{id}). Absent fields stay as they are; null or '' clears.
 * Gated fields (bio, website, address, coupon codes, cover image, social links, gallery) may
 * only change when the member's tags unlock them (403 tier_required otherwise); sending the
 * stored value or an empty one for a locked field is accepted and changes nothing. `coverImage` must be '' or a URL of
 * an image uploaded to the portal (`/api/media/...`). `email` cannot change here (400).
 * Coupon codes come as `couponCodes` (a list) or, as the spec's member page sends them,
 * `coupon_codes` (a list or its JSON string); past this schema there is only `couponCodes`.
 */
export const updateMemberSchema = memberFieldsSchema.transform(({ coupon_codes, ...fields }) => ({
  ...fields,
  couponCodes: fields.couponCodes ?? coupon_codes,
}));
export type UpdateMember = z.input<typeof updateMemberSchema>;

/** '' clears; otherwise a URL the portal's media upload returned (`/api/media/...`). */
export const updateAvatarSchema = z.object({ avatarUrl: z.string().trim().max(500) });
/** As the avatar; the member must have the elite or admin tag. */
export const updateCoverImageSchema = z.object({ coverImageUrl: z.string().trim().max(500) });

/**
 * Own-profile save (PUT /auth/profile), answered with the updated `Profile`. Names, phone and
 * email are the login's and are copied to its linked contact; the other fields are the
 * contact's, gated as on the member page, and ignored for a login without a contact.
 * A taken email answers 409 conflict.
 */
export const updateOwnProfileSchema = memberFieldsSchema
  .omit({ email: true, coupon_codes: true })
  .extend({
    firstName: text(100).min(1, 'First name is required'),
    lastName: text(100).min(1, 'Last name is required'),
    /**
     * The sign-in address, which this save never changes: it may be sent as it is (any
     * case); another one is refused, since only POST /auth/email (with the password, then
     * the link mailed to the new address) changes it.
     */
    email: emailSchema.optional(),
  });
export type UpdateOwnProfile = z.input<typeof updateOwnProfileSchema>;

/**
 * Staff find any business on file, member or not (GET /admin/members): by its name, its
 * primary person's name or its email. A business without a membership is a prospect.
 */
export const staffBusinessQuerySchema = z.object({
  search: z.string().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type StaffBusinessQuery = z.input<typeof staffBusinessQuerySchema>;

export const staffBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  /** Whether it has (or had) a membership; one that never had is a prospect. */
  member: z.boolean(),
});
export type StaffBusiness = z.infer<typeof staffBusinessSchema>;

export const staffBusinessListSchema = z.object({ businesses: z.array(staffBusinessSchema) });
export type StaffBusinessList = z.infer<typeof staffBusinessListSchema>;

/** A new business staff put on file without a membership (a prospect), not listed. */
export const createProspectBusinessSchema = z.object({
  name: z.string().trim().min(1).max(200),
  contactName: z.string().trim().min(1).max(200),
  email: z.string().trim().email().max(320),
  phone: z
    .string()
    .trim()
    .max(50)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
});
export type CreateProspectBusiness = z.input<typeof createProspectBusinessSchema>;
