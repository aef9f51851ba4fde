import type { AdminStats } from '@chamber/contract';
import {
  CircleCheckIcon,
  CircleSlashIcon,
  ClockIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { useStats } from '../api/get-stats';
import { isForbidden } from '../lib/errors';

/** Overview tab (spec §2): users by status, by role and by membership tier. */
export function StatsOverview() {
  const query = useStats();

  // Spec §8: a statistics failure is only logged; the tab offers a retry in place of numbers.
  useEffect(() => {
    if (query.error && !isForbidden(query.error)) console.error(query.error);
  }, [query.error]);

  if (query.isPending) return <StatsSkeleton />;
  if (query.isError) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <p className="font-semibold">Statistics are not available right now.</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return <StatsView stats={query.data} />;
}

export function StatsView({ stats: { users } }: { stats: AdminStats }) {
  const planName = usePlanName();
  const statuses: { label: string; value: number; icon: LucideIcon; tone: string }[] = [
    { label: 'Total users', value: users.total, icon: UsersIcon, tone: 'text-primary' },
    { label: 'Active', value: users.active, icon: CircleCheckIcon, tone: 'text-success' },
    { label: 'Pending', value: users.pending, icon: ClockIcon, tone: 'text-muted-foreground' },
    {
      label: 'Suspended',
      value: users.suspended,
      icon: CircleSlashIcon,
      tone: 'text-destructive',
    },
  ];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="stats-status" className="grid gap-3">
        <h2 id="stats-status" className="sr-only">
          Users by status
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {statuses.map(({ label, value, icon: Icon, tone }) => (
            <div
              key={label}
              className="grid gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
            >
              <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
                {label}
                <Icon className={`size-5 shrink-0 ${tone}`} aria-hidden="true" />
              </dt>
              <dd className="text-3xl font-bold tracking-tight tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <Breakdown
          title="Users by role"
          total={users.total}
          rows={[
            { label: 'Admin', value: users.byRole.admin },
            { label: 'Moderator', value: users.byRole.moderator },
            { label: 'Member', value: users.byRole.member },
          ]}
        />
        <Breakdown
          title="Users by membership tier"
          total={users.total}
          rows={[
            { label: planName('elite'), value: users.byMembershipTier.elite },
            { label: planName('enhanced'), value: users.byMembershipTier.enhanced },
            { label: planName('standard'), value: users.byMembershipTier.standard },
          ]}
        />
      </div>
    </div>
  );
}

function Breakdown({
  title,
  total,
  rows,
}: {
  title: string;
  total: number;
  rows: { label: string; value: number }[];
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {rows.map(({ label, value }) => (
            <div key={label} className="grid grid-cols-[1fr_auto] items-baseline gap-x-2 gap-y-1.5">
              <dt className="text-sm font-medium">{label}</dt>
              <dd className="text-sm font-semibold tabular-nums">{value}</dd>
              <dd
                aria-hidden="true"
                className="col-span-2 h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${total ? Math.round((value / total) * 100) : 0}%` }}
                />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function StatsSkeleton() {
  return (
    <div className="grid gap-6">
      <p role="status" className="sr-only">
        Loading statistics
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
}
