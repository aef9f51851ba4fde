import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';

/** POST /auth/mfa/enrolment: the secret a sign-in that requires two-factor asks to set up. */
export function startSignInEnrolment(challengeId: string) {
  return api.call(endpoints.auth.mfaEnrolment, {
    body: { challengeId },
    errorMessage: 'Could not start the two-factor setup. Please sign in again.',
  });
}
