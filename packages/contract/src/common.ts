import { z } from 'zod';

export const roles = ['member', 'moderator', 'admin'] as const;
export const userStatuses = ['pending', 'active', 'suspended'] as const;
/** Stored tiers. `basic` is accepted on input as a synonym of `standard`. */
export const membershipTiers = ['standard', 'enhanced', 'elite'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;

export const roleSchema = z.enum(roles);
export const userStatusSchema = z.enum(userStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
export const membershipTierSchema = z.preprocess(
  (value) => (value === 'basic' ? 'standard' : value),
  z.enum(membershipTiers),
);

export type Role = z.infer<typeof roleSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
export type MembershipTier = (typeof membershipTiers)[number];
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Every non-OAuth error answer of the API. */
export const apiErrorSchema = z.object({
  error: z.string().describe('Stable machine-readable code'),
  message: z.string().describe('Human sentence, safe to show'),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Field problems of a validation failure'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Error answers of the OAuth-style auth endpoints (RFC 6749 §5.2). */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;
