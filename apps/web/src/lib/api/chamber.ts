import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => api.call(endpoints.site.getConfig, { signal }),
    staleTime: Infinity,
  });

export const locationQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: ['location', locationId],
    queryFn: ({ signal }) =>
      api.call(endpoints.chamber.getChamber, {
        params: { locationId },
        signal,
        errorMessage: 'Failed to fetch location info',
      }),
    staleTime: 5 * 60_000,
  });
