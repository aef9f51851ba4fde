import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';

/** Confirmation codes of the existing-contact sign-up (docs/product.md#constants: six digits). */
export const CONFIRMATION_CODE_LENGTH = 6;
export const CONFIRMATION_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed before a code is dead, even for the right one. */
export const CONFIRMATION_CODE_MAX_ATTEMPTS = 5;

export const confirmationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.');

/** The spec's docs/product.md#validation rules: at least 8 characters, and the two entries match. */
function passwordsMatch<T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  }
}

/** The password and its confirmation, as the complete-registration form asks for them. */
export const passwordPairSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().max(1024) })
  .superRefine(passwordsMatch);
export type PasswordPair = z.input<typeof passwordPairSchema>;

/** The directory contact an address belongs to, named once the address is proven. */
export const contactRefSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string().nullable(),
});
export type ContactRef = z.infer<typeof contactRefSchema>;

/** POST /auth/verify-contact (docs/product.md#api-calls). */
export const verifyContactRequestSchema = z.object({ email: emailSchema });
export type VerifyContactRequest = z.input<typeof verifyContactRequestSchema>;
export const verifyContactResponseSchema = z.object({
  exists: z
    .boolean()
    .describe('The address belongs to a roster contact that has no login yet (409 if it has one)'),
  contact: contactRefSchema
    .nullable()
    .describe('Always null here: the contact is named by verify-confirmation, after the code'),
});
export type VerifyContactResponse = z.infer<typeof verifyContactResponseSchema>;

/** POST /auth/send-confirmation (docs/product.md#api-calls): the same answer whether or not the address is on file. */
export const sendConfirmationRequestSchema = z.object({ email: emailSchema });
export type SendConfirmationRequest = z.input<typeof sendConfirmationRequestSchema>;
export const sendConfirmationResponseSchema = z.object({
  message: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SendConfirmationResponse = z.infer<typeof sendConfirmationResponseSchema>;

/** POST /auth/verify-confirmation (docs/product.md#api-calls). */
export const verifyConfirmationRequestSchema = z.object({
  email: emailSchema,
  code: confirmationCodeSchema,
});
export type VerifyConfirmationRequest = z.input<typeof verifyConfirmationRequestSchema>;
/** How long the claim token of a verified code lets the registration be completed. */
export const CLAIM_TOKEN_TTL_MINUTES = 15;

/** The claim token as sent back: 32 random bytes, base64url. */
export const claimTokenSchema = z
  .string()
  .trim()
  .max(128)
  .describe('The claimToken answered by verify-confirmation');

export const verifyConfirmationResponseSchema = z.object({
  verified: z.literal(true),
  contact: contactRefSchema,
  claimToken: z
    .string()
    .describe(
      'Single use, for this address and contact only, for 15 minutes: send it with register-existing. Keep it in memory, never in a URL.',
    ),
  claimExpiresInSeconds: z.number().int(),
});
export type VerifyConfirmationResponse = z.infer<typeof verifyConfirmationResponseSchema>;

/**
 * POST /auth/register-existing (docs/product.md#api-calls). Succeeds only with the claim token that
 * verify-confirmation gave for this address, within 15 minutes and once; `existingContactId`,
 * when sent, must be that address's contact. The spec's fields are unchanged; `claimToken` is
 * ours (without it the answer is 403).
 */
export const registerExistingRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(1024),
    existingContactId: z.string().trim().max(64).optional(),
    isExistingContact: z.boolean().optional(),
    claimToken: claimTokenSchema.optional(),
  })
  .superRefine(passwordsMatch);
export type RegisterExistingRequest = z.input<typeof registerExistingRequestSchema>;

/** The answer of both registrations. */
export const registrationResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'active']).describe('The new login’s status'),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

/**
 * POST /auth/register: a new member who is not on the roster. Creates a contact and a pending
 * login (can sign in and edit the profile; listed once staff activate it).
 */
export const registerRequestSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    businessName: z.string().trim().max(200, 'Business name is too long').optional(),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(1024),
    joining: z
      .boolean()
      .optional()
      .describe(
        'Signing up on /join: no welcome mail now; the join invoice or receipt mail says what the membership standing is',
      ),
  })
  .superRefine(passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequestSchema>;
