import { endpoints } from '@chamber/contract/endpoints';
import type { UpdateChamber } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { locationQueryOptions } from '@/lib/api/chamber';
import { adminKeys } from './admin-keys';

/** PUT /locations/{id} (admins; audited): the chamber's details, look and embeds. */
export function updateChamberSettings(locationId: string, body: UpdateChamber) {
  return api.call(endpoints.chamber.updateChamber, {
    params: { locationId },
    body,
    errorMessage: 'Failed to save the settings',
  });
}

/**
 * Saving puts the answer straight into the location query the whole app reads, so the header's
 * name, the accent colour and the contact details change at once, then refetches it and the
 * admin queries (the audit log gains an entry).
 */
export function useUpdateChamberSettings(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChamber) => updateChamberSettings(locationId, body),
    onSuccess: (saved) => {
      const location = locationQueryOptions(locationId);
      queryClient.setQueryData(location.queryKey, saved);
      queryClient.setQueryData(adminKeys.settings(locationId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: location.queryKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}
