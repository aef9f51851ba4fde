import type {
  AttendanceInsight,
  MembersInsight,
  PlansInsight,
  RetentionInsight,
  RevenueInsight,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@chamber/contract/endpoints';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';

/** GET /admin/overview: the cockpit's Today. */
export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) =>
      api.call(endpoints.admin.overview, {
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

const chartError = 'Failed to load the chart';
const insightCalls: {
  [K in keyof Insights]: (months: number | undefined, signal: AbortSignal) => Promise<Insights[K]>;
} = {
  members: (months, signal) =>
    api.call(endpoints.admin.membersInsight, {
      query: { months },
      signal,
      errorMessage: chartError,
    }),
  retention: (_months, signal) =>
    api.call(endpoints.admin.retentionInsight, { signal, errorMessage: chartError }),
  revenue: (months, signal) =>
    api.call(endpoints.admin.revenueInsight, {
      query: { months },
      signal,
      errorMessage: chartError,
    }),
  attendance: (months, signal) =>
    api.call(endpoints.admin.attendanceInsight, {
      query: { months },
      signal,
      errorMessage: chartError,
    }),
  plans: (_months, signal) =>
    api.call(endpoints.admin.plansInsight, { signal, errorMessage: chartError }),
};

/** GET /admin/insights/<name>: one of How the chamber is doing's charts. */
export function useInsight<K extends keyof Insights>(name: K, months?: number) {
  return useQuery({
    queryKey: adminKeys.insight(name, months),
    queryFn: ({ signal }) => insightCalls[name](months || undefined, signal),
  });
}

/** GET /admin/insights/at-risk: memberships due within 60 days with a low engagement score. */
export function useAtRisk() {
  return useQuery({
    queryKey: adminKeys.insight('at-risk'),
    queryFn: ({ signal }) =>
      api.call(endpoints.admin.atRisk, {
        signal,
        errorMessage: 'Failed to load the at-risk members',
      }),
  });
}
