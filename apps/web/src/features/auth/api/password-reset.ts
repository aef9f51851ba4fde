import { endpoints } from '@chamber/contract/endpoints';
import type {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
} from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/forgot-password: the same answer whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordRequest) {
  return api.call(endpoints.auth.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** POST /auth/reset-password: the link's token and the new password. */
export function resetPassword(body: ResetPasswordRequest) {
  return api.call(endpoints.auth.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST /auth/confirm-email: the link mailed to a new sign-in address. */
export function confirmEmail(body: ConfirmEmailRequest) {
  return api.call(endpoints.auth.confirmEmail, { body });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
