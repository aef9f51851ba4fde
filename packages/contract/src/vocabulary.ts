/**
 * The values every layer shares: the API's enums, the web app's choices and the database's
 * enum types are all built from these lists. Plain arrays, no zod, so the database package
 * can read them without the API schemas (ARCHITECTURE.md, the contract).
 */

export const roles = ['member', 'moderator', 'admin'] as const;
export const userStatuses = ['pending', 'active', 'suspended'] as const;
/** Stored tiers. The lowest is `standard`; the marketing pages call it Basic, and `basic` is accepted on input. */
export const membershipTiers = ['standard', 'enhanced', 'elite'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
/**
 * A person's part in a member business: `primary` (exactly one: the person the contact's
 * name and email fields name), `billing` (receives invoices and receipts), `editor` (keeps the
 * listing), `employee` (member prices and rights, nothing to keep).
 */
export const businessRoles = ['primary', 'billing', 'editor', 'employee'] as const;

/** Where an event stands in the booking workflow (docs/product.md#entities appointmentStatus). Default new. */
export const appointmentStatuses = ['new', 'scheduled', 'confirmed', 'cancelled'] as const;
/** The event's own status, as iCalendar knows it (STATUS). Default confirmed. */
export const eventStatuses = ['confirmed', 'tentative', 'cancelled'] as const;

export const mediaKinds = [
  'avatar',
  'coverImage',
  'eventCover',
  'downloadFile',
  'galleryImage',
  'sponsorLogo',
] as const;
/** Who sees a member deal: everyone, or signed-in members only. */
export const dealAudiences = ['public', 'members'] as const;
export const submissionKinds = ['contact', 'business_of_month', 'customer_service'] as const;

export type Role = (typeof roles)[number];
/** Moderators and admins: the roles that act for the chamber (review, edit any member). */
export const isStaffRole = (role: Role): boolean => role === 'admin' || role === 'moderator';
export type UserStatus = (typeof userStatuses)[number];
export type MembershipTier = (typeof membershipTiers)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];
export type BusinessRole = (typeof businessRoles)[number];
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export type EventStatus = (typeof eventStatuses)[number];
export type MediaKind = (typeof mediaKinds)[number];
export type SubmissionKind = (typeof submissionKinds)[number];

// Membership dues (docs/decisions/0066-membership-dues-one-membership-per-contact.md).
/**
 * Where a membership stands. `pending`: joined, not yet paid (or held for staff approval);
 * `active`: paid through a date not yet past; `grace`: past it, within the grace period;
 * `lapsed`: past the grace period unpaid; `cancelled`: ended by the member or staff.
 */
export const membershipStatuses = ['pending', 'active', 'grace', 'lapsed', 'cancelled'] as const;
/** How a term is counted: a year from the day paid, or the calendar year (first year prorated). */
export const termRules = ['anniversary', 'calendar_year'] as const;
/** What a lapsed membership's listing becomes once the grace period is over. */
export const lapsedListings = ['hidden', 'basic'] as const;
/** What happened to a membership, kept as its history (nothing is overwritten). */
export const membershipEventKinds = [
  'joined',
  'approved',
  'term_paid',
  'upgraded',
  'downgrade_scheduled',
  'downgraded',
  'plan_changed',
  'auto_renew_on',
  'auto_renew_off',
  'charge_failed',
  'grace',
  'lapsed',
  'restored',
  'cancelled',
] as const;
export const invoiceStatuses = ['open', 'paid', 'void'] as const;
/** An invoice asks for money; a credit note (numbered in the same series) gives some back. */
export const invoiceKinds = ['invoice', 'credit_note'] as const;
/** What an invoice is for; paying it fulfils that purpose (a term, an upgrade, a ticket). */
export const invoicePurposes = [
  'membership_join',
  'membership_renewal',
  'membership_upgrade',
  'event_ticket',
  'other',
  /** A sponsorship: a package sold, or a drive's pledge turned into an invoice. */
  'sponsorship',
] as const;
export const paymentMethods = ['card', 'check', 'cash', 'bank_transfer', 'other'] as const;
/** A payment brings money in; a refund sends (part of) one back. */
export const paymentKinds = ['payment', 'refund'] as const;
/** Mails the dues job sends at most once per membership and paid-through date. */
export const duesNoticeKinds = [
  'renewal_reminder',
  'auto_charge_notice',
  'charge_failed',
  'grace',
  'lapsed',
  'auto_renew_on',
] as const;

export type MembershipStatus = (typeof membershipStatuses)[number];
export type TermRule = (typeof termRules)[number];
export type LapsedListing = (typeof lapsedListings)[number];
export type MembershipEventKind = (typeof membershipEventKinds)[number];
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export type InvoiceKind = (typeof invoiceKinds)[number];
export type InvoicePurpose = (typeof invoicePurposes)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export type PaymentKind = (typeof paymentKinds)[number];
export type DuesNoticeKind = (typeof duesNoticeKinds)[number];

// The job board (/job-postings).
export const employmentTypes = [
  'full_time',
  'part_time',
  'contract',
  'temporary',
  'internship',
  'volunteer',
] as const;
export type EmploymentType = (typeof employmentTypes)[number];
/** Where the work is done: at the business's address, partly there, or anywhere. */
export const jobWorkplaces = ['on_site', 'hybrid', 'remote'] as const;
export type JobWorkplace = (typeof jobWorkplaces)[number];

// The labels live with the lists, not with the job posts' schemas: pages that only list posts
// (the home page) then load no zod.
export const employmentTypeLabels: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
  volunteer: 'Volunteer',
};

export const jobWorkplaceLabels: Record<JobWorkplace, string> = {
  on_site: 'On site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};
export const payPeriods = ['hour', 'day', 'week', 'month', 'year'] as const;
export type PayPeriod = (typeof payPeriods)[number];

/**
 * draft (the poster's only), pending (waiting for staff), approved (on the board until its
 * closing date), rejected (with staff's reason), closed (by the poster or staff), expired
 * (its closing date passed; set by the job runner).
 */
export const jobPostStatuses = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'closed',
  'expired',
] as const;
export type JobPostStatus = (typeof jobPostStatuses)[number];

/**
 * What is counted for a listing, as daily totals (no cookies, nothing about the visitor):
 * views of its member page, clicks to its website and phone (page and directory card), views
 * of its deals, views of its job posts and clicks on their 'Apply'.
 */
export const listingCountKinds = [
  'listing_view',
  'website_click',
  'phone_click',
  'deal_view',
  'job_view',
  'apply_click',
] as const;
export type ListingCountKind = (typeof listingCountKinds)[number];

// Sponsorships (/sponsorships, /admin/sponsorships).
/** Where a sponsorship package's sponsor is shown; 'event' names an event and a level. */
export const sponsorshipSlotKinds = [
  'home',
  'calendar',
  'event',
  'newsletter',
  'directory',
  'jobs',
] as const;
/** An event's sponsor levels, highest first. */
export const sponsorLevels = ['presenting', 'gold', 'silver'] as const;
/**
 * A sale: held (bought online, unpaid, kept until its hold ends), confirmed (paid online, or
 * sold by invoice), lapsed (the online payment never came; the package is free again).
 */
export const sponsorshipStatuses = ['held', 'confirmed', 'lapsed'] as const;
/** How a sponsorship is paid: online through Checkout, or by invoice. */
export const sponsorshipPayments = ['online', 'invoice'] as const;
