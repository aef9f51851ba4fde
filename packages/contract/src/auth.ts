import { z } from 'zod';
import { paymentStatusSchema, roleSchema, userStatusSchema } from './common.js';
import { mfaRequiredSchema } from './two-factor.js';
import { membershipTiers } from './vocabulary.js';

/** Passwords: 8 to 128 characters, no composition rules, never truncated. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address.' }));

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
export const codeVerifierSchema = z
  .string()
  .regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_verifier must be 43 to 128 unreserved characters');
/** BASE64URL(SHA256(verifier)) without padding is always 43 characters. */
export const codeChallengeSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9\-_]{43}$/,
    'codeChallenge must be a base64url SHA-256 digest (43 characters)',
  );

export const authorizeRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  codeChallenge: codeChallengeSchema,
  codeChallengeMethod: z.literal('S256', { message: "codeChallengeMethod must be 'S256'" }),
  redirectUri: z.string().min(1).max(2048),
  remember: z.boolean().optional().default(false),
});
export type AuthorizeRequest = z.input<typeof authorizeRequestSchema>;
/** The authorization code, or, for an account with two-factor sign-in, its second step. */
export const authorizeResponseSchema = z.union([z.object({ code: z.string() }), mfaRequiredSchema]);
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

export const tokenRequestSchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(512),
  code_verifier: codeVerifierSchema,
  redirect_uri: z.string().min(1).max(2048),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds until the token expires'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 8414 authorization server metadata: what an OAuth client library reads to configure itself. */
export const authorizationServerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  service_documentation: z.string(),
});
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;

export const validateResponseSchema = z.object({
  valid: z.boolean(),
  expiresAt: z.string().optional(),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const profileSchema = z.object({
  id: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  contactId: z.string().nullable(),
  businessName: z.string().nullable(),
  membershipTier: z.enum(membershipTiers),
  paymentStatus: paymentStatusSchema,
  createdAt: z.string(),
  canCreateEvents: z
    .boolean()
    .describe('Whether a new event (and its cover and files) would be accepted from this account'),
  createEventsRefusal: z
    .string()
    .nullable()
    .describe('Why not, when canCreateEvents is false: the message creating an event answers 403'),
});
export type Profile = z.infer<typeof profileSchema>;
