import type { AdminUser, UpdateUser } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterChange } from './invalidate';

/** PUT /admin/users/{id} (spec §7 Admin): saves the edit dialog. */
export function updateUser(id: string, body: UpdateUser) {
  return api
    .put<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}`, body, {
      errorMessage: 'Failed to update user',
    })
    .then((r) => r.user);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUser }) => updateUser(id, body),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
