import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth';
import { api } from './client';

export const businessKeys = { mine: ['account', 'businesses'] as const };

/** GET /account/businesses: the businesses the sign-in is one of the people of. */
export const accountBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: businessKeys.mine,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.account.businesses, {
          signal,
          errorMessage: 'Failed to load your businesses',
        })
        .then((answer) => answer.businesses),
  });

/** The signed-in person's businesses; none asked for while nobody is signed in. */
export function useAccountBusinesses() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...accountBusinessesQueryOptions(), enabled: isAuthenticated });
}

/**
 * The profile again, after the business the sign-in acts for changed: its `contactId` and
 * business name follow, and every answer read for the other business is read again.
 */
export function useRefreshActingBusiness() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return async () => {
    const profile = await api.call(endpoints.auth.getProfile, {
      errorMessage: 'Failed to fetch profile',
    });
    setUser(profile);
    await queryClient.invalidateQueries({ predicate: readsForTheBusiness });
  };
}

/**
 * Every answer but an invitation's: what it says does not depend on the business one acts for,
 * and read again just after joining, it would say the link is spent while the page moves on.
 */
export const readsForTheBusiness = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] !== 'invitations';

/** PUT /account/business: act for another of one's businesses. */
export function useActFor() {
  const queryClient = useQueryClient();
  const refresh = useRefreshActingBusiness();
  return useMutation({
    mutationFn: (contactId: string) =>
      api.call(endpoints.account.actFor, {
        body: { contactId },
        errorMessage: 'Could not switch to that business',
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(businessKeys.mine, answer.businesses);
      await refresh();
    },
  });
}
