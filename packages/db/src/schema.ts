import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
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
import {
  appointmentStatuses,
  dealAudiences,
  duesNoticeKinds,
  employmentTypes,
  invoiceKinds,
  invoicePurposes,
  invoiceStatuses,
  jobPostStatuses,
  jobWorkplaces,
  lapsedListings,
  listingCountKinds,
  mediaKinds,
  membershipEventKinds,
  membershipStatuses,
  membershipTiers,
  paymentKinds,
  paymentMethods,
  paymentStatuses,
  payPeriods,
  roles,
  submissionKinds,
  termRules,
  userStatuses,
} from '@chamber/contract/vocabulary';

// Each enum's values are the contract's list: a value added there reaches the API, the web
// app and (through a generated migration) the database together.
export const roleEnum = pgEnum('role', roles);
export const userStatusEnum = pgEnum('user_status', userStatuses);
export const membershipTierEnum = pgEnum('membership_tier', membershipTiers);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const appointmentStatusEnum = pgEnum('appointment_status', appointmentStatuses);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The chamber itself: its details, look and embedded forms. The spec calls it a location
 * (GET /locations/{locationId}), hence the table's name; the code calls it the chamber.
 */
export const chambers = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull().default(''),
  state: varchar('state', { length: 2 }).notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  website: text('website').notNull().default(''),
  socialUrl: text('social_url').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  accentColor: text('accent_color').notNull().default('#1d4ed8'),
  timezone: text('timezone').notNull().default('America/Denver'),
  /**
   * Forms of the chamber's lead-management service, embedded where set (spec §2); where a
   * URL is empty the portal shows its own form instead.
   */
  basicSignupUrl: text('basic_signup_url').notNull().default(''),
  enhancedSignupUrl: text('enhanced_signup_url').notNull().default(''),
  eliteSignupUrl: text('elite_signup_url').notNull().default(''),
  businessOfMonthSurveyUrl: text('business_of_month_survey_url').notNull().default(''),
  customerServiceSurveyUrl: text('customer_service_survey_url').notNull().default(''),
  contactFormUrl: text('contact_form_url').notNull().default(''),
  /** The provider's form-embed script, loaded beside the iframes. */
  formEmbedScriptUrl: text('form_embed_script_url').notNull().default(''),
  /** The chamber's own learning site (its LMS); /courses links to it where set. */
  coursesUrl: text('courses_url').notNull().default(''),
  /** How long a waiting party has to take the seats an event offers them, in hours. */
  seatOfferHours: integer('seat_offer_hours').notNull().default(24),
  ...timestamps,
});

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

/** A login. Linked to at most one contact. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: roleEnum('role').notNull().default('member'),
    status: userStatusEnum('status').notNull().default('pending'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_contact_id_key').on(t.contactId),
  ],
);

/** Single-use PKCE authorization codes; only a hash of the code is stored. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_codes_code_hash_key').on(t.codeHash), index().on(t.expiresAt)],
);

/** Opaque bearer tokens; only a hash of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authCodeId: uuid('auth_code_id').references(() => authCodes.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser that signed in, for the list of sessions in /profile (at most 512 chars). */
    userAgent: text('user_agent'),
    /** When the token was last used, to within a few minutes (modules/auth/sessions.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index().on(t.userId),
    index().on(t.authCodeId),
  ],
);

/** Fixed-window counters for throttling, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.expiresAt)],
);

export const calendars = pgTable('calendars', {
  id: text('id').primaryKey(),
  locationId: text('location_id')
    .notNull()
    .references(() => chambers.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default('RACC Events'),
  description: text('description').notNull().default(''),
  timezone: text('timezone').notNull().default('America/Denver'),
  ...timestamps,
});

/**
 * A single event, or a recurring series (rrule set, start/end of the first occurrence in
 * wall-clock time of `timezone`), or an override of one occurrence of a series
 * (seriesId + originalStart set).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarId: text('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    timezone: text('timezone').notNull().default('America/Denver'),
    status: text('status').notNull().default('confirmed'),
    appointmentStatus: appointmentStatusEnum('appointment_status').notNull().default('new'),
    internalNote: text('internal_note').notNull().default(''),
    calendarNotes: text('calendar_notes').notNull().default(''),
    pageUrl: text('page_url').notNull().default(''),
    coverImageUrl: text('cover_image_url').notNull().default(''),
    downloadFileUrl: text('download_file_url').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    rrule: text('rrule'),
    exdates: timestamp('exdates', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    seriesId: uuid('series_id'),
    originalStart: timestamp('original_start', { withTimezone: true }),
    /**
     * For a series: the end of its last occurrence, or null while it repeats without end.
     * Lets a window skip series that ended before it without expanding them.
     */
    recurrenceEnd: timestamp('recurrence_end', { withTimezone: true }),
    /**
     * iCalendar SEQUENCE (RFC 5545 3.8.7.4): raised by every change, so calendar apps apply a
     * new version of the event instead of keeping the one they have.
     */
    sequence: integer('sequence').notNull().default(0),
    /** Registrants are reminded this many hours before it starts; null: no reminder. */
    reminderHours: integer('reminder_hours').default(24),
    /**
     * Seats (people, not parties) the event or occurrence takes; null for no limit. An
     * override of an occurrence has its own, copied from the series when it was made.
     */
    capacity: integer('capacity'),
    /**
     * Tickets, in cents of the chamber's currency: the price for members (signed in with an
     * active membership) and for everyone else. Both null: free. One null: that price is
     * the other's.
     */
    memberPriceCents: integer('member_price_cents'),
    priceCents: integer('price_cents'),
    /** How tickets are paid: `online` (Checkout, seats held 30 minutes) or `door`. */
    ticketPayment: text('ticket_payment').notNull().default('online'),
    /** Cancelling at least `refundCutoffHours` before the start refunds a paid ticket. */
    refundOnCancel: boolean('refund_on_cancel').notNull().default(false),
    refundCutoffHours: integer('refund_cutoff_hours').notNull().default(48),
    ...timestamps,
  },
  (t) => [
    index().on(t.calendarId, t.startTime),
    index().on(t.seriesId),
    index().on(t.contactId),
    // At most one override per occurrence of a series.
    uniqueIndex('events_series_occurrence_key')
      .on(t.seriesId, t.originalStart)
      .where(sql`${t.seriesId} is not null`),
    // The series a window has to expand: started before its end, not ended before its start.
    index('events_series_window_idx')
      .on(t.calendarId, t.startTime, t.recurrenceEnd)
      .where(sql`${t.rrule} is not null`),
  ],
);

/**
 * An event id that a series edit retired (an occurrence split off into a new series, or moved
 * to a new time) and the id of the occurrence that replaced it, so links already out, in
 * mails and bookmarks, still open it. Chains are kept one step long: a successor that is
 * retired in turn is replaced in every row that names it.
 */
export const eventRedirects = pgTable(
  'event_redirects',
  {
    retiredId: text('retired_id').primaryKey(),
    successorId: text('successor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.successorId)],
);

/**
 * The earlier manage links of a registration, which keep working beside its newest one: a
 * second mail (a repeat of the address, a reminder, a payment) never breaks the link of the
 * first. A trigger on `event_registrations` keeps the hash a new link replaces; asking for a
 * new link through the manage page removes them. They go with their registration.
 */
export const registrationLinks = pgTable(
  'registration_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.registrationId)],
);

export const mediaKindEnum = pgEnum('media_kind', mediaKinds);

/** An uploaded file. `key` is content-addressed (sha256 + extension) and names the stored object. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: mediaKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.key), index().on(t.contactId)],
);

/**
 * Emailed confirmation codes (the existing-contact sign-up). One live code per purpose and
 * address: a resend replaces it. Only a hash of the code is stored.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes entered; the code is dead after the limit, even for the right one. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * SHA-256 of the claim token handed to whoever entered the right code; registration needs
     * it, so proving the address and finishing the claim must be the same client.
     */
    claimTokenHash: text('claim_token_hash'),
    /** The contact the verified code proved, which the claim token is bound to. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_codes_purpose_email_key').on(t.purpose, t.email),
    index().on(t.expiresAt),
  ],
);

/**
 * A registration for an event. `eventId` is the event, or the series of a recurring one with
 * `occurrenceKey` naming the occurrence (its id suffix); '' for a single event. One
 * registration per address and occurrence: registering again updates it.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    guests: integer('guests').notNull().default(1),
    notes: text('notes'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * SHA-256 of the registrant's newest manage link (change or cancel), which only the
     * mailbox gets. Every mail that carries a link carries a fresh one; the links of earlier
     * mails keep working (`registration_links`) until the registrant asks for a new one.
     */
    manageTokenHash: text('manage_token_hash'),
    /**
     * confirmed, held (seats kept until paid: for tickets), offered (seats kept for a waiting
     * party until `holdUntil`), waitlisted, or lapsed (an offer not taken in time). Only
     * confirmed, and held or offered before `holdUntil`, take seats.
     */
    seatStatus: text('seat_status').notNull().default('confirmed'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the party was let in at the door; null until then. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** Added at the door by staff (no mail, no manage link; the email may be ''). */
    walkIn: boolean('walk_in').notNull().default(false),
    /**
     * The invoice of a paid ticket (party × price; one invoice may cover several dates of a
     * series registered in one step). Null: free. Paid, refunded or open is the invoice's.
     */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /**
     * Order of arrival, from a sequence: the waiting list's order. Timestamps can tie (and
     * come from the injectable clock); registrations for one occurrence are numbered under
     * its seat lock, so this is the order they were taken in.
     */
    queuedAt: bigserial('queued_at', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    // Walk-ins without an address do not collide with each other.
    uniqueIndex('event_registrations_attendee_key')
      .on(t.eventId, t.occurrenceKey, sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    index('event_registrations_seat_status_idx')
      .on(t.seatStatus, t.holdUntil)
      .where(sql`${t.seatStatus} in ('offered', 'held', 'waitlisted')`),
    uniqueIndex('event_registrations_manage_token_key')
      .on(t.manageTokenHash)
      .where(sql`${t.manageTokenHash} is not null`),
    index('event_registrations_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    // A registration's one statement asks whether a waiting party fits the seats left, or an
    // offer or hold ran out, for its occurrence: a probe of this index, however long the list.
    index('event_registrations_waiting_idx')
      .on(t.eventId, t.occurrenceKey, t.seatStatus, t.guests)
      .where(sql`${t.seatStatus} in ('offered', 'held', 'waitlisted')`),
    // An occurrence's registrations, whatever their state or address: its counts, the
    // registrations card, the check-in list and the export. The indexes above are partial, so
    // without this one each of those read the whole table (a sequential scan that grew with
    // every event the chamber ever held).
    index('event_registrations_occurrence_idx').on(t.eventId, t.occurrenceKey),
  ],
);

/**
 * Seats taken per occurrence (a single event's occurrenceKey is ''): the people of its
 * confirmed, offered and held registrations, kept by a trigger on every change of a
 * registration (migration 0025), so it is true whichever path changed the row. Its row is
 * also the occurrence's seat lock: a registration takes a seat in one statement that locks
 * it, and anything else that counts seats and then takes or frees them locks it first.
 * Derived, so backups leave it out and a restore rebuilds it.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull(),
    taken: integer('taken').notNull().default(0),
    /** Parties holding seats (confirmed, offered, held), and parties waiting: the answer's counts. */
    parties: integer('parties').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceKey] })],
);

/**
 * The reminders sent: one per registration and start time, so of two portal processes running
 * the reminder job at once only one sends it, and an occurrence moved to a new time is
 * reminded of again.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.startsAt] })],
);

/** Every change staff make through the admin API: who, what, to whom, before and after, why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the actor after their account is deleted. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** A readable name of the target at the time (its email or title). */
    targetLabel: text('target_label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id)],
);

export const submissionKindEnum = pgEnum('submission_kind', submissionKinds);

/** A message from the native contact form or a nomination from the nominations page. */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: submissionKindEnum('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The nominee (business or person) for nominations. */
    nominee: text('nominee'),
    /** The nominee's business, for customer-service nominations. */
    nomineeBusiness: text('nominee_business'),
    message: text('message').notNull(),
    /** Whether the mail to the chamber's office went out. */
    mailed: boolean('mailed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submissions_created_at_idx').on(t.createdAt.desc(), t.id)],
);

/**
 * One counter raised at the commit of every transaction that changes the directory or the
 * calendar (contacts, users, calendars, events, registrations), by the triggers of migration
 * 0008. A process that keeps a computed answer keeps the counter it was computed at, and
 * reuses the answer only while the counter is unchanged, so no process serves stale data.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('data_version_single_row', sql`${t.id} = 1`)],
);

/**
 * The first answer to a write sent with an `Idempotency-Key`, replayed to a retry with the
 * same key for 24 hours. `scope` is the caller (a user, or a client address) and the route;
 * `fingerprint` the SHA-256 of the request (path, query and validated body). `status` is null
 * while the first request is still being answered; `locked_until` ends that claim if its
 * process died.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index().on(t.expiresAt)],
);

/**
 * Password reset links. Only the SHA-256 of the token is kept; `passwordFingerprint` is the
 * SHA-256 of the account's password hash when the link was made, so any later change of the
 * password (another reset, a change in /profile, the command line) voids the link.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordFingerprint: text('password_fingerprint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index().on(t.userId),
    index().on(t.expiresAt),
  ],
);

/**
 * An account's TOTP (RFC 6238) second factor. The secret has to be read to check a code, so it
 * is stored as the authenticator app holds it. `enabledAt` is null while an enrolment waits
 * for its first code; `lastTimeStep` is the time step of the last code accepted, so a code is
 * never accepted twice.
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /**
   * Wrong codes (app or recovery) at sign-in since the last right one, across challenges and
   * throttle windows; at the limit `lockedAt` is set and the second step is refused until a
   * password reset or an admin's reset of two-factor sign-in.
   */
  failedCodes: integer('failed_codes').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});

/**
 * Browsers that signed in to an account: the SHA-256 of the device cookie a successful sign-in
 * set. A known browser has its own budget of wrong passwords for that account, so strangers
 * filling the account's budget do not lock its owner out (decision at the end of decisions.md).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    deviceHash: text('device_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.userId] }), index().on(t.expiresAt)],
);

/** Single-use recovery codes of a second factor; only a SHA-256 of each code is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_code_hash_key').on(t.codeHash), index().on(t.userId)],
);

/**
 * The second step of a sign-in: the password was right, and a code (or an enrolment, for staff
 * who must have a second factor) is still owed. Carries what the authorization code will need;
 * only a SHA-256 of the challenge id is stored.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'code': the account has a second factor; 'enrol': it must set one up first. */
    kind: text('kind').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    remember: boolean('remember').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_challenge_hash_key').on(t.challengeHash),
    index().on(t.expiresAt),
  ],
);

/**
 * A requested change of an account's sign-in address, waiting for the link mailed to the new
 * address (SHA-256 of its token). One per account: a new request replaces it. `oldEmail` is
 * the address at the time of the request; a link is void once the account's address differs.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    uniqueIndex('email_changes_user_id_key').on(t.userId),
    index().on(t.expiresAt),
  ],
);

/**
 * Keys the portal signs its own tokens with (the check-in code of a registration), made at
 * first use. A leaked key lets someone forge codes; deleting the row retires every code.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chamber's sign-in rules, one row, changed by admins in the Settings tab. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Admins and moderators must sign in with a second factor (and enrol at sign-in). */
    requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('security_settings_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Membership dues: plans, memberships and their history, invoices, payments, Stripe's events.
// Money is integer cents in the chamber's one currency (membership_settings.currency).

export const membershipStatusEnum = pgEnum('membership_status', membershipStatuses);
export const termRuleEnum = pgEnum('term_rule', termRules);
export const lapsedListingEnum = pgEnum('lapsed_listing', lapsedListings);
export const membershipEventKindEnum = pgEnum('membership_event_kind', membershipEventKinds);
export const invoiceStatusEnum = pgEnum('invoice_status', invoiceStatuses);
export const invoiceKindEnum = pgEnum('invoice_kind', invoiceKinds);
export const invoicePurposeEnum = pgEnum('invoice_purpose', invoicePurposes);
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);
export const paymentKindEnum = pgEnum('payment_kind', paymentKinds);
export const duesNoticeKindEnum = pgEnum('dues_notice_kind', duesNoticeKinds);

/**
 * A membership plan as sold: the feature level stays in code (`level`: what the listing
 * unlocks), the name, yearly price, description and benefits are the chamber's to edit.
 * One plan per level.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: membershipTierEnum('level').notNull(),
    name: text('name').notNull(),
    /** The URL segment of the plan's page, e.g. `enhanced` for /enhanced-membership. */
    slug: text('slug').notNull(),
    /** One sentence for the price card and the plan's page. */
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** The benefits this plan adds over the plan below it (the comparison table's rows). */
    benefits: text('benefits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The few lines its price card shows. */
    highlights: text('highlights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Marked 'Most popular' on the price cards. */
    featured: boolean('featured').notNull().default(false),
    /** Offered for joining and renewing; a plan taken off sale keeps its members. */
    available: boolean('available').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('membership_plans_level_key').on(t.level),
    uniqueIndex('membership_plans_slug_key').on(t.slug),
    check('membership_plans_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** The chamber's dues rules, one row, changed by admins. */
export const membershipSettings = pgTable(
  'membership_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** ISO 4217, upper case; every amount in the portal is in it. */
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    termRule: termRuleEnum('term_rule').notNull().default('anniversary'),
    graceDays: smallint('grace_days').notNull().default(30),
    /** Days before the paid-through date on which a renewal reminder goes out. */
    reminderDays: smallint('reminder_days')
      .array()
      .notNull()
      .default(sql`'{30,14,1}'::smallint[]`),
    /** Days before an automatic charge that the member is told its amount and card. */
    autoChargeNoticeDays: smallint('auto_charge_notice_days').notNull().default(7),
    /** Days an invoice gives to pay it. */
    invoiceDueDays: smallint('invoice_due_days').notNull().default(30),
    /** New members wait for staff before they are active and listed, even when paid. */
    staffApproveNewMembers: boolean('staff_approve_new_members').notNull().default(false),
    lapsedListing: lapsedListingEnum('lapsed_listing').notNull().default('hidden'),
    /** How to pay offline, printed on every open invoice: whom checks are payable to, */
    payee: text('payee').notNull().default(''),
    /** where they are mailed, */
    mailingAddress: text('mailing_address').notNull().default(''),
    /** the bank account for a transfer, */
    bankDetails: text('bank_details').notNull().default(''),
    /** and anything else (office hours for cash, say). */
    paymentInstructions: text('payment_instructions').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('membership_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A member business's membership: one per contact, its current plan and standing. What
 * happened to it over time is in membership_terms and membership_events, never overwritten.
 * contacts.membership_tier and contacts.payment_status are kept from it, in the same
 * transaction, by the memberships module only.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    status: membershipStatusEnum('status').notNull().default('pending'),
    /** The first day of the first paid term. */
    startedOn: date('started_on'),
    /** The last day covered by payments; null until the first payment. */
    paidThrough: date('paid_through'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** A downgrade asked for, applied at the next renewal. */
    nextPlanId: uuid('next_plan_id').references(() => membershipPlans.id),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The card an automatic renewal charges, as Stripe reports it (brand and last four). */
    cardBrand: text('card_brand'),
    cardLast4: varchar('card_last4', { length: 4 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_contact_id_key').on(t.contactId),
    uniqueIndex('memberships_stripe_subscription_id_key').on(t.stripeSubscriptionId),
    index('memberships_status_paid_through_idx').on(t.status, t.paidThrough),
    index('memberships_paid_through_idx').on(t.paidThrough),
    // Staff's 'due this month' list: a month of current memberships in paid-through order, so
    // a page is read off the index instead of sorting the month's thousands of rows.
    index('memberships_current_paid_through_idx')
      .on(t.paidThrough, t.id)
      .where(sql`${t.status} in ('active', 'grace')`),
  ],
);

/** Each paid term of a membership (a join, a renewal, an upgrade's remainder). */
export const membershipTerms = pgTable(
  'membership_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    /** The invoice that paid for it (null for terms staff granted without one). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.membershipId, t.startsOn), uniqueIndex().on(t.invoiceId)],
);

/** A membership's history: every change of status, plan or renewal setting. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: membershipEventKindEnum('kind').notNull(),
    /** What the change was about (plan ids, dates, amounts, reasons). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** Who did it; null for the member's own payment, the job runner or Stripe. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.membershipId, t.at)],
);

/**
 * Invoices and credit notes. The number (`2026-0001`) comes from invoice_counters in the
 * transaction that issues the invoice, so numbers have no gaps. Lines, amounts, the
 * addressee and the number never change once issued (a trigger refuses it); only the status,
 * the paid and void stamps and the Stripe references move. Corrections: void and reissue
 * (`replacesInvoiceId`); refunds: a credit note (`creditsInvoiceId`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: invoiceKindEnum('kind').notNull().default('invoice'),
    status: invoiceStatusEnum('status').notNull().default('open'),
    purpose: invoicePurposeEnum('purpose').notNull(),
    /** What paying it fulfils, read by the purpose's owner (plan id, term dates, event...). */
    purposeDetail: jsonb('purpose_detail').$type<Record<string, unknown>>().notNull().default({}),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    membershipId: uuid('membership_id').references(() => memberships.id, {
      onDelete: 'set null',
    }),
    /** The addressee as printed: name, business, address lines, email. */
    billTo: jsonb('bill_to').$type<Record<string, string>>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    replacesInvoiceId: uuid('replaces_invoice_id'),
    creditsInvoiceId: uuid('credits_invoice_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    /**
     * When the invoice's mail, and the receipt's once paid, went out: each is mailed once,
     * however many clicks, retries or events ask for it (BillingDocuments).
     */
    invoiceMailedAt: timestamp('invoice_mailed_at', { withTimezone: true }),
    receiptMailedAt: timestamp('receipt_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('invoices_stripe_checkout_session_id_key').on(t.stripeCheckoutSessionId),
    uniqueIndex('invoices_stripe_invoice_id_key').on(t.stripeInvoiceId),
    index().on(t.contactId, t.issuedOn),
    index().on(t.membershipId),
    index().on(t.status, t.dueOn),
    check('invoices_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
);

/** The last number used in each year's series; raised in the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [uniqueIndex().on(t.invoiceId, t.position)],
);

/**
 * Money that moved: a payment (online through Stripe, or recorded by staff with its method
 * and reference) or a refund of one. Never updated; a refund is its own row.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: paymentKindEnum('kind').notNull().default('payment'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** For a refund: the payment it gives back. */
    refundOfPaymentId: uuid('refund_of_payment_id'),
    /** For a refund: the credit note that records it. */
    creditNoteId: uuid('credit_note_id').references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    method: paymentMethodEnum('method').notNull(),
    /** Check number, bank reference, or Stripe's payment intent / refund id. */
    reference: text('reference').notNull().default(''),
    receivedOn: date('received_on').notNull(),
    /** Staff who recorded it; null for online payments. */
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id'),
    /**
     * For staff's attention: a refund made at Stripe that gives back more than was left of
     * the payment (recorded all the same, since the money is gone).
     */
    flag: text('flag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.invoiceId),
    index().on(t.receivedOn),
    uniqueIndex('payments_stripe_refund_id_key').on(t.stripeRefundId),
    // A payment intent pays once: a replayed or duplicated webhook cannot record it twice.
    uniqueIndex('payments_stripe_payment_intent_id_key')
      .on(t.stripePaymentIntentId)
      .where(sql`kind = 'payment'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A refund to the card that staff asked for and Stripe has not answered yet: its amount is
 * held back from what is left of the payment (taken under the invoice's lock), so a refund
 * recorded meanwhile cannot give the same money back twice. The row goes when the refund is
 * recorded, or when Stripe refused it; one whose answer never came back is looked up at Stripe
 * by the pending-refunds job (created_at is the portal's clock) and recorded or freed.
 */
export const pendingRefunds = pgTable(
  'pending_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.paymentId),
    check('pending_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every Stripe event handled, by its id: a replay finds its row and does nothing. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** Stripe's `created`, to tell an event that arrives late from a newer one. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** What was done: 'applied', or why nothing was (unknown type, stale, no match). */
    outcome: text('outcome').notNull(),
    /** The Stripe object the event is about (sub_..., cs_...), to tell a stale update. */
    objectId: text('object_id'),
  },
  (t) => [index('stripe_events_object_id_created_at_idx').on(t.objectId, t.createdAt)],
);

/**
 * Each dues mail sent, once per membership, kind and paid-through date (and, for reminders,
 * days before): the unique key makes a second process, or a rerun after a crash, skip it.
 */
export const duesNotices = pgTable(
  'dues_notices',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    kind: duesNoticeKindEnum('kind').notNull(),
    paidThrough: date('paid_through').notNull(),
    /** For renewal reminders, the days before; 0 otherwise. */
    daysBefore: smallint('days_before').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /**
     * When the mail went out. The row is written with the change that calls for the mail, so
     * the row is the queued send; a row still without this is mailed by the next dues run.
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.kind, t.paidThrough, t.daysBefore] }),
    index('dues_notices_unmailed_idx')
      .on(t.sentAt)
      .where(sql`${t.mailedAt} is null`),
  ],
);

export const dealAudienceEnum = pgEnum('deal_audience', dealAudiences);

/**
 * A member deal (/deals): an offer a member whose tier includes coupons publishes from their
 * listing. Kept when the tier is lost (hidden until it returns); gone with the contact.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    offer: text('offer').notNull(),
    code: text('code'),
    /** The offer's last day in the chamber's time zone; null: until withdrawn. */
    validUntil: date('valid_until'),
    terms: text('terms'),
    audience: dealAudienceEnum('audience').notNull().default('public'),
    ...timestamps,
  },
  (t) => [
    index('deals_contact_id_idx').on(t.contactId),
    index('deals_created_at_idx').on(t.createdAt),
  ],
);

// The job board: members' job posts, moderated by staff (modules/jobs).
export const employmentTypeEnum = pgEnum('employment_type', employmentTypes);
export const jobWorkplaceEnum = pgEnum('job_workplace', jobWorkplaces);
export const payPeriodEnum = pgEnum('pay_period', payPeriods);
export const jobPostStatusEnum = pgEnum('job_post_status', jobPostStatuses);

/** A job a member business offers; public while approved and its closing date not past. */
export const jobPosts = pgTable(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The login that wrote it, mailed when staff decide. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    employmentType: employmentTypeEnum('employment_type').notNull(),
    workplace: jobWorkplaceEnum('workplace').notNull(),
    payMinCents: integer('pay_min_cents'),
    payMaxCents: integer('pay_max_cents'),
    payPeriod: payPeriodEnum('pay_period'),
    /** The 'Apply' link: mailto: or https:// only (the contract's applyHref). */
    applyUrl: text('apply_url').notNull(),
    /** The last day it is open, in the chamber's time zone. */
    closesOn: date('closes_on').notNull(),
    status: jobPostStatusEnum('status').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When it went on the board (approved, or published directly). */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The board: open posts, newest first.
    index('job_posts_status_posted_idx').on(t.status, t.postedAt.desc(), t.id),
    index('job_posts_contact_idx').on(t.contactId),
    check(
      'job_posts_pay_range',
      sql`${t.payMinCents} is null or ${t.payMaxCents} is null or ${t.payMinCents} <= ${t.payMaxCents}`,
    ),
  ],
);

/** The job board's one settings row. */
export const jobBoardSettings = pgTable(
  'job_board_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Enhanced and elite members' submitted posts go on the board without staff's approval. */
    membersPublishDirectly: boolean('members_publish_directly').notNull().default(false),
    ...timestamps,
  },
  (t) => [check('job_board_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Every mail the portal sends waits here until it is out: a row written in the transaction of
 * the change that calls for the mail, holding what is needed to compose it (ids and strings:
 * composing reads the data again), taken by one portal process at a time
 * (`FOR UPDATE SKIP LOCKED`, then a lease), sent, and marked. A process that dies with a row
 * taken leaves it to the next one once its lease runs out (`lib/mail/outbox.ts`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which composer writes it: 'registration', 'seat-offer', ... */
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    /**
     * pending: waits for its time; sending: taken by `lockedBy` until `lockedUntil`; sent;
     * skipped: nothing left to say (its registration went meanwhile); failed: given up
     * after the last attempt or refused for good, until staff retry it.
     */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The Message-ID every attempt sends, so a receiver can tell a repeat of it. */
    messageId: text('message_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * To whom and about what, as its last composing said (null until composed once): what
     * staff see of a mail that failed. Kept only while the row is (a month after sending).
     */
    recipient: text('recipient'),
    subject: text('subject'),
  },
  (t) => [
    check(
      'mail_outbox_state_check',
      sql`${t.state} in ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('mail_outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
  ],
);

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
 * The chamber's rules for ribbon cuttings and milestone celebrations: one row, the contract's
 * `CelebrationSettings` as JSON (the celebrations module seeds its defaults).
 */
export const celebrationSettings = pgTable(
  'celebration_settings',
  {
    id: smallint('id').primaryKey().default(1),
    rules: jsonb('rules').notNull().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [check('celebration_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A ribbon cutting or milestone celebration a member business booked. While pending, proposed
 * or confirmed it holds its slot: the unique index lets one booking have a start time, so two
 * businesses racing for one slot get one booking.
 */
export const celebrations = pgTable(
  'celebrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The login that booked it, mailed each outcome. */
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    description: text('description').notNull(),
    expectedGuests: integer('expected_guests'),
    galleryConsent: boolean('gallery_consent').notNull().default(false),
    staffNote: text('staff_note'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id'),
    /** When each reminder (14 and 2 days before) was queued; null until then. */
    remindedEarlyAt: timestamp('reminded_early_at', { withTimezone: true }),
    remindedLateAt: timestamp('reminded_late_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('celebrations_slot_key')
      .on(t.slotStart)
      .where(sql`${t.status} in ('pending', 'proposed', 'confirmed')`),
    index('celebrations_contact_idx').on(t.contactId, t.slotStart),
    index('celebrations_status_idx').on(t.status, t.slotStart),
    check(
      'celebrations_status_check',
      sql`${t.status} in ('pending', 'proposed', 'confirmed', 'declined', 'cancelled')`,
    ),
    check(
      'celebrations_kind_check',
      sql`${t.kind} in ('ribbon_cutting', 'grand_opening', 'anniversary', 'groundbreaking')`,
    ),
  ],
);

/** Members staff made ambassadors: mailed when a celebration is confirmed, to come along. */
export const celebrationAmbassadors = pgTable('celebration_ambassadors', {
  contactId: uuid('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const listingCountKindEnum = pgEnum('listing_count_kind', listingCountKinds);

/**
 * How often a listing was seen and followed, as one total per listing, day (the chamber's
 * calendar day) and kind. Nothing about the visitor is kept: no address, no cookie, no agent.
 * Counted in memory and added here in batches (`lib/listing-counter.ts`).
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: listingCountKindEnum('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.day, t.kind] }),
    check('listing_counts_positive', sql`${t.count} > 0`),
  ],
);
