import { endpoints } from '@chamber/contract/endpoints';
import type { CurrentPassword, TwoFactorConfirm } from '@chamber/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const twoFactorKeys = { status: ['account', 'two-factor'] as const };

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) =>
      api.call(endpoints.auth.getTwoFactor, {
        signal,
        errorMessage: 'Failed to load your two-factor sign-in',
      }),
  });

export const useTwoFactorStatus = () => useQuery(twoFactorQueryOptions());

function useRefreshing<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** POST /auth/two-factor/setup: a new secret to scan. */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: () =>
      api.call(endpoints.auth.setUpTwoFactor, { errorMessage: 'Could not start the setup' }),
  });

/** POST /auth/two-factor/confirm: the first code turns it on; answers the recovery codes. */
export const useConfirmTwoFactor = () =>
  useRefreshing((body: TwoFactorConfirm) =>
    api.call(endpoints.auth.confirmTwoFactor, {
      body,
      errorMessage: 'Could not turn on two-factor sign-in',
    }),
  );

export const useNewRecoveryCodes = () =>
  useRefreshing((body: CurrentPassword) =>
    api.call(endpoints.auth.newRecoveryCodes, {
      body,
      errorMessage: 'Could not make new recovery codes',
    }),
  );

export const useDisableTwoFactor = () =>
  useRefreshing((body: CurrentPassword) =>
    api.call(endpoints.auth.disableTwoFactor, {
      body,
      errorMessage: 'Could not turn off two-factor sign-in',
    }),
  );
