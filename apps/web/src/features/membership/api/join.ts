import { endpoints } from '@chamber/contract/endpoints';
import type { JoinMembershipRequest } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { myMembershipQueryOptions } from './my-membership';

/** POST /membership/join: the plan, the business details and how the joiner pays. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinMembershipRequest) =>
      api.call(endpoints.memberships.join, {
        body,
        errorMessage: 'Could not complete your membership',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myMembershipQueryOptions().queryKey }),
  });
}

/** The signed-in member's invoices, receipts and credit notes, newest first. */
export const myInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['my-invoices'],
    queryFn: ({ signal }) =>
      api.call(endpoints.billing.myInvoices, {
        signal,
        errorMessage: 'Failed to fetch your invoices',
      }),
  });
