import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';

/** GET /locations/{id}: the chamber's record with the embed URLs, as the Settings tab edits it. */
export function getChamberSettings(locationId: string, signal?: AbortSignal) {
  return api.call(endpoints.chamber.getChamber, {
    params: { locationId },
    signal,
    errorMessage: 'Failed to fetch the chamber settings',
  });
}

/**
 * Its own cache entry, always fetched fresh when the tab opens: the app-wide location query
 * may be minutes old, and an editor should start from what is saved now.
 */
export const chamberSettingsQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: adminKeys.settings(locationId),
    queryFn: ({ signal }) => getChamberSettings(locationId, signal),
  });

export function useChamberSettings(locationId: string | undefined) {
  return useQuery({
    ...chamberSettingsQueryOptions(locationId ?? ''),
    enabled: Boolean(locationId),
  });
}
