import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { invalidateAfterChange } from './invalidate';

/** POST /admin/users/{id}/password-reset: mails the user a link to choose a new password. */
export function sendPasswordReset(id: string) {
  return api.call(endpoints.admin.sendPasswordReset, {
    params: { id },
    errorMessage: 'Failed to send the reset link',
  });
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  // The audit log gains an entry.
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
