// Owner: modules/chamber. The chamber's own record: its details, look and embedded forms
// (a location in the spec, hence the table's name).
import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

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
   * Forms of the chamber's lead-management service, embedded where set (docs/product.md#screens); where a
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
