import { z } from 'zod';

/** A code from an authenticator app: six digits (spaces people type are dropped). */
export const totpCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** At sign-in: an app's six digits, or one of the account's recovery codes. */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app or a recovery code.')
  .max(64, 'That is not a code from your authenticator app or a recovery code.');

/** The answer of authorize when the password was right and a second factor is owed. */
export const mfaRequiredSchema = z.object({
  status: z.literal('mfa_required'),
  challengeId: z.string().describe('Sent back with the code; single use'),
  expiresIn: z.number().int().describe('Seconds until the challenge expires'),
  enrol: z
    .boolean()
    .describe(
      'true: the account must set up two-factor sign-in first (POST /auth/mfa/enrolment), then send its first code',
    ),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const mfaVerifyRequestSchema = z.object({
  challengeId: z.string().min(1).max(128),
  code: secondFactorCodeSchema,
});
export type MfaVerifyRequest = z.input<typeof mfaVerifyRequestSchema>;

export const mfaVerifyResponseSchema = z.object({
  code: z.string().describe('The PKCE authorization code, for POST /auth/token'),
  recoveryCodes: z
    .array(z.string())
    .optional()
    .describe('Only when this step finished an enrolment: shown once, never again'),
});
export type MfaVerifyResponse = z.infer<typeof mfaVerifyResponseSchema>;

export const mfaEnrolmentRequestSchema = z.object({ challengeId: z.string().min(1).max(128) });

/** A new secret to scan: the QR code is an SVG data URL of `otpauthUrl`. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('Base32, for typing into an app that cannot scan'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('data:image/svg+xml;base64,...'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The chamber requires it of this account (staff, with the setting on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema });
export type TwoFactorConfirm = z.input<typeof twoFactorConfirmSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor off, or replacing the recovery codes, asks for the password again. */
export const currentPasswordSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(1024),
});
export type CurrentPassword = z.input<typeof currentPasswordSchema>;

export const securitySettingsSchema = z.object({
  requireStaffTwoFactor: z
    .boolean()
    .describe('Admins and moderators must sign in with a second factor'),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const twoFactorResetSchema = z.object({ reset: z.boolean(), message: z.string() });
export type TwoFactorReset = z.infer<typeof twoFactorResetSchema>;
