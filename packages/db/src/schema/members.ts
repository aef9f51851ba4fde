// Owner: modules/members. The directory: contacts (member businesses, with or without a
// login), the people of each business and the invitations to join one, the geocoder's
// answers, and the categories and the ones each business picked.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessRoles, membershipTiers, paymentStatuses } from '@chamber/contract/vocabulary';
import { timestamps } from './columns.js';

export const membershipTierEnum = pgEnum('membership_tier', membershipTiers);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const businessRoleEnum = pgEnum('business_role', businessRoles);

/** A member business or person in the directory; may exist without a login. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    businessName: text('business_name'),
    companyName: text('company_name'),
    phone: text('phone'),
    website: text('website'),
    bio: text('bio'),
    tagline: text('tagline'),
    avatarUrl: text('avatar_url'),
    coverImageUrl: text('cover_image_url'),
    couponCodes: text('coupon_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * When the coupon codes last changed (set by a trigger on every path), so /deals lists the
     * newest codes first whatever else about the listing changed since.
     */
    couponCodesChangedAt: timestamp('coupon_codes_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Elite: up to 6 https profile links, in the member's order (hidden below elite). */
    socialLinks: text('social_links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Elite: up to 12 uploaded images with captions, in the member's order (hidden below elite). */
    gallery: jsonb('gallery').$type<{ url: string; caption: string }[]>().notNull().default([]),
    address1: text('address1'),
    city: text('city'),
    state: varchar('state', { length: 2 }),
    postalCode: text('postal_code'),
    memberSince: date('member_since'),
    membershipTier: membershipTierEnum('membership_tier').notNull().default('standard'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('pending'),
    /**
     * Whether the directory lists the contact: false once its membership has lapsed or ended
     * and the chamber's lapsed listing setting is 'hidden' (kept by the memberships module).
     */
    listed: boolean('listed').notNull().default(true),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Opening hours on the chamber's wall clock: per weekday (sunday … saturday) the intervals
     * open, HH:MM to HH:MM in order, and the closure days (holidays); null when not given.
     */
    openingHours: jsonb('opening_hours').$type<{
      days: Record<string, { opens: string; closes: string }[]>;
      closures: { date: string; note: string }[];
    }>(),
    /**
     * The business's pin (degrees), shown when the plan shows the address: from the geocoder,
     * or moved by hand (`pinSource`). Cleared when the address changes (a trigger).
     */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    pinSource: text('pin_source').$type<'geocoder' | 'member'>(),
    /**
     * When the address is next to be geocoded (the epoch: at once, as the address trigger
     * sets it; later after a miss); null when there is nothing to do.
     */
    geocodeDueAt: timestamp('geocode_due_at', { withTimezone: true }),
    /** Geocoder attempts since the address last changed: the retry's backoff grows with it. */
    geocodeAttempts: integer('geocode_attempts').notNull().default(0),
    /**
     * The sign-in of the business's primary person, kept by a trigger on business_people: the
     * login that decides the listing's role and status (a pending or suspended primary hides
     * it). Null while the primary person has no sign-in.
     */
    primaryUserId: uuid('primary_user_id'),
    /** Lower-cased names, business and specialties, for the directory's substring search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`contact_search_text(first_name, last_name, business_name, company_name, specialties)`,
      ),
    /** The business name, else the person's name, lower-cased: the directory's A-Z order. */
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(sql`contact_sort_name(first_name, last_name, business_name)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_email_key').on(sql`lower(${t.email})`),
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // One index per directory sort, each ending in the id so the order is total.
    index('contacts_sort_name_idx').on(t.sortName, t.id),
    index('contacts_tier_sort_idx').on(t.membershipTier.desc(), t.sortName, t.id),
    index('contacts_member_since_idx').on(t.memberSince.asc().nullsLast(), t.sortName, t.id),
    // The map's bounds: pins as points, searched by box.
    index('contacts_pin_idx')
      .using('gist', sql`point(${t.lng}, ${t.lat})`)
      .where(sql`${t.lat} is not null`),
    // The geocoder's queue: addresses due, oldest first.
    index('contacts_geocode_due_idx')
      .on(t.geocodeDueAt)
      .where(sql`${t.geocodeDueAt} is not null`),
  ],
);

/**
 * Answers of the geocoder, by the query sent (the address as one line): an address asked
 * again (a roster re-import, a listing back from lapse) is not sent again.
 */
export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/**
 * The directory's categories: a tree two levels deep that staff edit as a whole
 * (PUT /admin/categories). A top-level category has no parent; a subcategory's parent is a
 * top-level one (the service keeps the depth). The slug is the category's name in URLs
 * (/members/category/{slug}) and in the API.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** A sentence for the category's page and its description meta tag. */
    description: text('description').notNull().default(''),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    /** The order among its siblings. */
    position: smallint('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.position),
  ],
);

/** The categories a business picked, in its order; how many its tier allows is in the contract. */
export const contactCategories = pgTable(
  'contact_categories',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.categoryId] }),
    // The directory's category filter: the members of a category.
    index('contact_categories_category_idx').on(t.categoryId, t.contactId),
  ],
);

/**
 * The people of a member business (docs/decisions/0123-businesses-and-their-people.md). The
 * primary person is made with the business (a trigger on contacts) and mirrors its name,
 * email and phone; a sign-in linked to a business (users.contact_id, the business a login acts
 * for) becomes its primary person when there is none with a sign-in, else an employee.
 */
export const businessPeople = pgTable(
  'business_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The person's sign-in, if they have one (the auth module's users). */
    userId: uuid('user_id'),
    role: businessRoleEnum('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    title: text('title').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    /** Whether the listing shows the person (name and title; email where the viewer may). */
    shownOnListing: boolean('shown_on_listing').notNull().default(false),
    /**
     * Staff's choice of who receives the business's invoices, receipts and dues notices. While
     * nobody is chosen the rule decides: the billing person, else the primary one (and the
     * primary one too for dues notices).
     */
    receivesBillingMail: boolean('receives_billing_mail').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('business_people_primary_key')
      .on(t.contactId)
      .where(sql`${t.role} = 'primary'`),
    uniqueIndex('business_people_user_key').on(t.contactId, t.userId),
    index('business_people_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to join a business with a role, bound to the address they were sent to. Only
 * the SHA-256 of the link's token is kept; a link is single use and lives 7 days.
 */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: businessRoleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The login that sent it. */
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_invitations_token_key').on(t.tokenHash),
    index('business_invitations_contact_idx').on(t.contactId, t.createdAt),
  ],
);
