import type { MembershipTier } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { planName, tiersFromPlans } from '@/config/membership-tiers';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';

/** The chamber's membership levels from its plans, lowest first; `tiers` is empty until loaded. */
export function useMembershipTiers() {
  const query = useQuery(membershipPlansQueryOptions());
  const tiers = useMemo(() => (query.data ? tiersFromPlans(query.data) : []), [query.data]);
  return { tiers, isPending: query.isPending, error: query.error };
}

/** The name people read for a membership level ('Basic' for the API's `standard`). */
export function usePlanName() {
  const { data } = useQuery(membershipPlansQueryOptions());
  return useCallback((level: MembershipTier | null | undefined) => planName(level, data), [data]);
}
