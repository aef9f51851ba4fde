import { endpoints } from '@chamber/contract/endpoints';
import type { ChangeEmailRequest, ChangePasswordRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/password: the signed-in member's new password; the other sessions end. */
export function changePassword(body: ChangePasswordRequest) {
  return api.call(endpoints.auth.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /auth/email: a link to the new address; nothing changes until it is opened. */
export function changeEmail(body: ChangeEmailRequest) {
  return api.call(endpoints.auth.changeEmail, { body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
