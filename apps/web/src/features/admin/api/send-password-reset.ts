import type { MessageResponse } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { invalidateAfterChange } from './invalidate';

/** POST /admin/users/{id}/password-reset: mails the user a link to choose a new password. */
export function sendPasswordReset(id: string) {
  return api.post<MessageResponse>(
    `/admin/users/${encodeURIComponent(id)}/password-reset`,
    undefined,
    {
      errorMessage: 'Failed to send the reset link',
    },
  );
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  // The audit log gains an entry.
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
