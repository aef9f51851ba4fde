import { z } from 'zod';
import { membershipTiers, paymentStatuses, roles, userStatuses } from './vocabulary.js';

export const roleSchema = z.enum(roles);
export const userStatusSchema = z.enum(userStatuses);
export const paymentStatusSchema = z.enum(paymentStatuses);
/** A tier on input: `basic` (the marketing pages' name) is read as `standard`. */
export const membershipTierSchema = z.preprocess(
  (value) => (value === 'basic' ? 'standard' : value),
  z.enum(membershipTiers),
);

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

/**
 * An optional text as a form or request brings it: '' (or only spaces) and null both mean
 * "none", sent and stored as null; undefined means "not sent", and is left alone.
 */
export function blankToNull(value: string): string | null;
export function blankToNull(value: string | null | undefined): string | null | undefined;
export function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.trim() === '' ? null : value;
}
