import { endpoints } from '@chamber/contract/endpoints';
import type { UpdateMembershipPlan } from '@chamber/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const membershipPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['membership-plans'],
    queryFn: async ({ signal }) =>
      (
        await api.call(endpoints.memberships.listPlans, {
          signal,
          errorMessage: 'Failed to fetch membership plans',
        })
      ).plans,
    staleTime: 60_000,
  });

/** Whether staff confirm new members once they have paid (the join's texts say so). */
export const staffApprovalQueryOptions = () =>
  queryOptions({
    queryKey: ['membership-plans', 'staff-approval'],
    queryFn: async ({ signal }) =>
      (
        await api.call(endpoints.memberships.listPlans, {
          signal,
          errorMessage: 'Failed to fetch membership plans',
        })
      ).staffApproveNewMembers,
    staleTime: 60_000,
  });

export const updateMembershipPlan = (id: string, body: UpdateMembershipPlan) =>
  api.call(endpoints.memberships.updatePlan, {
    params: { id },
    body,
    errorMessage: 'Failed to save the plan',
  });
