import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /account: the signed-in member's hub. */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) =>
      api.call(endpoints.account.getAccount, {
        signal,
        errorMessage: 'Failed to load your account',
      }),
  });
