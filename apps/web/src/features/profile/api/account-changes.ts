import type {
  ChangeEmailRequest,
  ChangeEmailResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
} from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/password: the signed-in member's new password; the other sessions end. */
export function changePassword(body: ChangePasswordRequest) {
  return api.post<ChangePasswordResponse>('/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /auth/email: a link to the new address; nothing changes until it is opened. */
export function changeEmail(body: ChangeEmailRequest) {
  return api.post<ChangeEmailResponse>('/auth/email', body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
