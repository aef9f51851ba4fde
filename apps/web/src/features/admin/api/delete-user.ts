import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';
import { invalidateAfterChange } from './invalidate';

/** DELETE /admin/users/{id} (docs/product.md#api-calls Admin): the login and all of the person's data. */
export function deleteUser(id: string) {
  return api.call(endpoints.admin.deleteUser, {
    params: { id },
    errorMessage: 'Failed to delete user',
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(id),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
