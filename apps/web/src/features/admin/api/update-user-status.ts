import type { AdminUser, UpdateUserStatus } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { invalidateAfterChange } from './invalidate';

/** PATCH /admin/users/{id}/status (docs/product.md#api-calls Admin): activate, or suspend with a reason. */
export function updateUserStatus(id: string, body: UpdateUserStatus) {
  return api
    .patch<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}/status`, body, {
      errorMessage: 'Failed to update user status',
    })
    .then((r) => r.user);
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUserStatus & { id: string }) => updateUserStatus(id, body),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
