import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';

/** How long a password reset link works (once). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** How long the link that confirms a new sign-in address works (once). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The one answer to a reset request, whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT = 'If an account exists for that address, we have sent a link';
export const INVALID_RESET_TOKEN =
  'This reset link is no longer valid: it was used, it expired, or the password changed since. Please ask for a new one.';

/** docs/product.md#constants: the same password rules and messages as the existing-contact sign-up. */
function passwordsMatch<T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  }
}

const linkToken = z.string().trim().min(1, 'The link is incomplete.').max(512);

/** POST /auth/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /auth/reset-password */
export const resetPasswordRequestSchema = z
  .object({ token: linkToken, password: passwordSchema, confirmPassword: z.string().max(1024) })
  .superRefine(passwordsMatch);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export const resetPasswordResponseSchema = z.object({
  message: z.string(),
  /** The account's address, for the sign-in form. */
  email: z.string(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** POST /auth/password: the signed-in member's own change. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.').max(1024),
    password: passwordSchema,
    confirmPassword: z.string().max(1024),
  })
  .superRefine(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  /** Other sessions of the account that were signed out. */
  endedSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** POST /auth/email: ask to move the sign-in address; nothing changes until it is confirmed. */
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().min(1, 'Please enter your current password.').max(1024),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;
export const changeEmailResponseSchema = z.object({
  message: z.string(),
  pendingEmail: z.string(),
  expiresInSeconds: z.number().int(),
});
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** POST /auth/confirm-email: the link from the mail to the new address. */
export const confirmEmailRequestSchema = z.object({ token: linkToken });
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;
export const confirmEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;
