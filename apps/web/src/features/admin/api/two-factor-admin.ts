import type { SecuritySettings } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';
import { invalidateAfterChange } from './invalidate';

const securityKey = [...adminKeys.all, 'security-settings'] as const;

/** GET /admin/security-settings: whether staff must sign in with two-factor. */
export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: securityKey,
    queryFn: ({ signal }) =>
      api.call(endpoints.admin.securitySettings, {
        signal,
        errorMessage: 'Failed to fetch the sign-in settings',
      }),
  });

export const useSecuritySettings = () => useQuery(securitySettingsQueryOptions());

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      api.call(endpoints.admin.updateSecuritySettings, {
        body,
        errorMessage: 'Failed to save the sign-in settings',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(securityKey, saved);
      void invalidateAfterChange(queryClient);
    },
  });
}

/** DELETE /admin/users/{id}/two-factor: for a member who lost their phone and codes. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.admin.resetTwoFactor, {
        params: { id },
        errorMessage: 'Failed to reset two-factor sign-in',
      }),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}
