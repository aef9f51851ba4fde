import { z } from 'zod';
import { mapSettingsSchema } from './map.js';
import { submissionKinds } from './vocabulary.js';

/** Public start-up configuration: one build serves any chamber. */
export const appConfigSchema = z.object({
  locationId: z.string(),
  calendarId: z.string(),
  chamberName: z.string(),
  publicUrl: z.string(),
  map: mapSettingsSchema.describe('The directory map’s tiles and the chamber’s region'),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The chamber's record (docs/product.md#api-calls GET /locations/{locationId}). */
export const chamberDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  socialUrl: z.string(),
  logoUrl: z.string(),
  accentColor: z.string(),
  timezone: z.string(),
  coursesUrl: z
    .string()
    .describe("The chamber's external learning site, which /courses links to; '' for none"),
});
export type ChamberDetails = z.infer<typeof chamberDetailsSchema>;

const embedUrl = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https$/, message: 'Must be an https:// address' }).max(1000),
  ])
  .describe("An https address of the lead-management service's form, or '' for the portal's own");

/** The external forms the public pages embed; '' shows the portal's native form. */
export const embedSettingsSchema = z.object({
  basicSignupUrl: embedUrl,
  enhancedSignupUrl: embedUrl,
  eliteSignupUrl: embedUrl,
  businessOfMonthSurveyUrl: embedUrl,
  customerServiceSurveyUrl: embedUrl,
  contactFormUrl: embedUrl,
  formEmbedScriptUrl: embedUrl.describe('The provider’s form-embed script, if it has one'),
});

/** The chamber's record with its embeds, as GET /locations/{id} answers it. */
export const chamberSchema = chamberDetailsSchema.extend(embedSettingsSchema.shape);
export type Chamber = z.infer<typeof chamberSchema>;

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Accent colour must be a hex colour such as #1f5f8b');
const webAddress = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, message: 'Must be a full web address (https://...)' }).max(500),
]);

const coursesUrlMessage =
  'The courses site must be an https:// address, such as https://learn.example.org';

/**
 * The chamber's external learning site (its LMS): a link people follow out of the portal, so
 * only https, trimmed, and '' for none. Written out as `https://host`, since browsers would
 * also read `https:/host` as an address and staff should see the one people will follow.
 */
export const coursesUrlSchema = z
  .string()
  .trim()
  .max(1000, 'The courses site address must be at most 1000 characters')
  .pipe(
    z.union([
      z.literal(''),
      z
        .url({ protocol: /^https$/, message: coursesUrlMessage })
        .regex(/^https:\/\/[^/\\]/i, coursesUrlMessage),
    ]),
  )
  .optional()
  .describe(
    "An https address of the chamber's learning site, or '' for none; left out, it stays as it is (clients written before it existed send the other fields alone)",
  );

/** PUT /locations/{id} (admins): the chamber's details and embeds. */
export const updateChamberSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    shortName: z.string().trim().max(40),
    address1: z.string().trim().max(200),
    city: z.string().trim().max(100),
    state: z.string().trim().max(2, 'State must be at most 2 characters (e.g. UT)'),
    postalCode: z.string().trim().max(20),
    phone: z.string().trim().max(40),
    email: z.union([z.literal(''), z.email({ message: 'Please enter a valid email address.' })]),
    website: webAddress,
    socialUrl: webAddress,
    logoUrl: z.string().trim().max(500).describe("'' or an image uploaded to the portal"),
    accentColor: hexColour,
    coursesUrl: coursesUrlSchema,
  })
  .extend(embedSettingsSchema.shape);
export type UpdateChamber = z.input<typeof updateChamberSchema>;

/**
 * The native forms' fields. `website` is a honeypot: hidden from people, filled by bots.
 * `startedAt` is when the form was shown (ms since epoch): a form sent within seconds of
 * appearing is a bot's.
 */
const spamGuards = {
  website: z.string().max(500).optional().describe('Leave empty (honeypot)'),
  startedAt: z.number().int().positive().describe('Date.now() when the form was shown'),
};
/** A required text: the same sentence whether it is missing or blank. */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const person = {
  name: required('Your name is required', 120),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  phone: z.string().trim().max(40).optional(),
};

export const contactMessageSchema = z.object({
  ...person,
  message: required('A message is required', 5000),
  ...spamGuards,
});
export type ContactMessage = z.input<typeof contactMessageSchema>;

export const nominationSchema = z.object({
  ...person,
  category: z.enum(['business_of_month', 'customer_service']),
  nominee: required('Who are you nominating?', 200),
  nomineeBusiness: z.string().trim().max(200).optional(),
  message: required('Tell us why they deserve it', 5000),
  ...spamGuards,
});
export type Nomination = z.input<typeof nominationSchema>;

export const submissionAcceptedSchema = z.object({ message: z.string() });

export const submissionSchema = z.object({
  id: z.string(),
  kind: z.enum(submissionKinds),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  nominee: z.string().nullable(),
  nomineeBusiness: z.string().nullable(),
  message: z.string(),
  mailed: z.boolean(),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const listSubmissionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  kind: z.enum(submissionKinds).optional(),
});

export const submissionListSchema = z.object({
  submissions: z.array(submissionSchema),
  pagination: z.object({ total: z.number().int(), hasMore: z.boolean() }),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;
