import type { AdminUser, UpdateUser } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { createAuthApi } from '@/lib/api/auth';
import { useAuth } from '@/lib/auth/use-auth';
import { invalidateAfterChange } from './invalidate';

/** PUT /admin/users/{id} (docs/product.md#api-calls Admin): saves the edit dialog. */
export function updateUser(id: string, body: UpdateUser) {
  return api
    .put<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(id)}`, body, {
      errorMessage: 'Failed to update user',
    })
    .then((r) => r.user);
}

/**
 * Saves the edit dialog. An admin who edits their own account gets their profile again, so
 * the header shows the new name at once.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { user: me, setUser } = useAuth();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUser }) => updateUser(id, body),
    onSuccess: async (updated) => {
      if (me && updated.id === me.id) {
        const profile = await createAuthApi(api)
          .fetchProfile()
          .catch(() => null);
        if (profile) setUser(profile);
      }
      await invalidateAfterChange(queryClient);
    },
  });
}
