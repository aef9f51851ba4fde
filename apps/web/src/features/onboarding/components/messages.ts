import { ApiError } from '@/lib/api/client';

/** The texts of docs/product.md#errors for the existing-contact sign-up. */
export const onboardingText = {
  accountExists: 'An account with this email already exists. Please sign in instead.',
  invalidEmail: 'Please enter a valid email address.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again in a few moments.',
  verifyFailed: 'Unable to verify your email at this time. Please try again.',
  invalidCode: 'Invalid confirmation code. Please try again.',
  codeNetwork: 'Unable to verify confirmation code. Please try again.',
  resent: 'Confirmation email sent! Please check your inbox.',
  resendFailed: 'Unable to send confirmation email. Please try again.',
  sendFailedHelp:
    'Your address is on file, but your code was not sent, so we cannot confirm the address yet. Try again in a few moments; if it keeps failing,',
  registrationFailed: 'Registration failed. Please try again.',
  registered: 'Registration successful! You can now sign in with your credentials.',
} as const;

/** How long the resend notice stays (docs/product.md#constants: 3 s) and the wait before /login (2 s). */
export const RESEND_NOTICE_MS = 3000;
export const REDIRECT_AFTER_REGISTRATION_MS = 2000;

/**
 * The server's own sentence, when the answer carried one. Our API always sends `error` with
 * its message; an answer without it (a proxy's error page, no answer at all) has none.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  return error.code.startsWith('http_') ? undefined : error.message;
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** docs/product.md#errors Verify contact. A throttled client (429) is told how long to wait. */
export function verifyContactError(error: unknown): string {
  const status = statusOf(error);
  if (status === 409) return serverMessage(error) ?? onboardingText.accountExists;
  if (status === 400) return onboardingText.invalidEmail;
  if (status === 429) return serverMessage(error) ?? onboardingText.verifyFailed;
  if (status >= 500) return serverMessage(error) ?? onboardingText.serviceUnavailable;
  return onboardingText.verifyFailed;
}

/** docs/product.md#errors Confirmation code. */
export function confirmationCodeError(error: unknown): string {
  if (statusOf(error) === 0) return onboardingText.codeNetwork;
  return serverMessage(error) ?? onboardingText.invalidCode;
}

/** docs/product.md#errors Resend; a throttled resend says how long to wait. */
export function resendError(error: unknown): string {
  if (statusOf(error) === 429) return serverMessage(error) ?? onboardingText.resendFailed;
  return onboardingText.resendFailed;
}

/**
 * The verify step's code could not be sent. docs/product.md#errors's Verify-contact rule holds (a 5xx shows
 * the server's own message) and a throttled send says how long to wait; otherwise the resend
 * text says what failed.
 */
export function sendCodeError(error: unknown): string {
  const status = statusOf(error);
  if (status === 429 || status >= 500) return serverMessage(error) ?? onboardingText.resendFailed;
  return onboardingText.resendFailed;
}

/** docs/product.md#errors Registration. */
export function registrationError(error: unknown): string {
  return serverMessage(error) ?? onboardingText.registrationFailed;
}
