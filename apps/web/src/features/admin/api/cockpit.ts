import type {
  AtRisk,
  AttendanceInsight,
  MembersInsight,
  Overview,
  PlansInsight,
  RetentionInsight,
  RevenueInsight,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';

/** GET /admin/overview: the cockpit's Today. */
export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) =>
      api.get<Overview>('/admin/overview', {
        signal,
        errorMessage: 'Failed to load today’s figures',
      }),
  });
}

interface Insights {
  members: MembersInsight;
  retention: RetentionInsight;
  revenue: RevenueInsight;
  attendance: AttendanceInsight;
  plans: PlansInsight;
}

/** GET /admin/insights/<name>: one of How the chamber is doing's charts. */
export function useInsight<K extends keyof Insights>(name: K, months?: number) {
  return useQuery({
    queryKey: adminKeys.insight(name, months),
    queryFn: ({ signal }) =>
      api.get<Insights[K]>(`/admin/insights/${name}${months ? `?months=${months}` : ''}`, {
        signal,
        errorMessage: 'Failed to load the chart',
      }),
  });
}

/** GET /admin/insights/at-risk: memberships due within 60 days with a low engagement score. */
export function useAtRisk() {
  return useQuery({
    queryKey: adminKeys.insight('at-risk'),
    queryFn: ({ signal }) =>
      api.get<AtRisk>('/admin/insights/at-risk', {
        signal,
        errorMessage: 'Failed to load the at-risk members',
      }),
  });
}
