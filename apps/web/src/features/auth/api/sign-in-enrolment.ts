import type { TwoFactorSetup } from '@chamber/contract';
import { api } from '@/lib/api/client';

/** POST /auth/mfa/enrolment: the secret a sign-in that requires two-factor asks to set up. */
export function startSignInEnrolment(challengeId: string) {
  return api.post<TwoFactorSetup>(
    '/auth/mfa/enrolment',
    { challengeId },
    { errorMessage: 'Could not start the two-factor setup. Please sign in again.' },
  );
}
