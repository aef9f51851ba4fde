import { formatMoney, paths, type Overview } from '@chamber/contract';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useOverview } from '../api/cockpit';
import { isForbidden } from '../lib/errors';

const tab = (name: string, extra: Record<string, string> = {}) =>
  `/admin?${new URLSearchParams({ tab: name, ...extra }).toString()}`;

const eventTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Admin → Today: what needs doing, counted in memberships. Each figure links to the list
 * behind it.
 */
export function Today() {
  const query = useOverview();
  useEffect(() => {
    if (query.error && !isForbidden(query.error)) console.error(query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          Loading today’s figures
        </p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <p className="font-semibold">Today’s figures are not available right now.</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return <TodayView overview={query.data} />;
}

export function TodayView({ overview: o }: { overview: Overview }) {
  const money = (cents: number) => formatMoney(cents, o.currency);
  return (
    <section aria-labelledby="today-heading" className="grid gap-4">
      <h2 id="today-heading" className="text-xl font-semibold">
        Today
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {o.renewalsDue.map((r) => (
          <Figure
            key={r.withinDays}
            to={tab('memberships', { list: `due${r.withinDays}` })}
            label={`Renewals due in ${r.withinDays} days`}
            value={r.count}
            detail={money(r.amountCents)}
          />
        ))}
        <Figure
          to={tab('memberships', { list: 'grace' })}
          label="Members in grace"
          value={o.members.grace}
          detail={`of ${o.members.current} current memberships`}
          tone={o.members.grace ? 'warn' : undefined}
        />
        <Figure
          to={tab('memberships', { list: 'all' })}
          label="Open invoices"
          value={o.openInvoices.count}
          detail={`${money(o.openInvoices.totalCents)}, ${o.openInvoices.overdue} overdue`}
          tone={o.openInvoices.overdue ? 'warn' : undefined}
        />
        <Figure
          to={tab('memberships', { list: 'paid' })}
          label="Payments this month"
          value={o.paymentsThisMonth.count}
          detail={`${money(o.paymentsThisMonth.amountCents)} received${
            o.paymentsThisMonth.refundedCents
              ? `, ${money(o.paymentsThisMonth.refundedCents)} refunded`
              : ''
          }`}
        />
        <Figure
          to={tab('jobs')}
          label="Job posts waiting"
          value={o.approvals.jobPosts}
          detail="for staff’s approval"
          tone={o.approvals.jobPosts ? 'warn' : undefined}
        />
        <Figure
          to={tab('memberships', { list: 'pending' })}
          label="New members waiting"
          value={o.approvals.newMembers}
          detail="paid, for staff’s approval"
          tone={o.approvals.newMembers ? 'warn' : undefined}
        />
        <Figure
          to={tab('mail')}
          label="Mail that failed"
          value={o.failedMail}
          detail="given up on until retried"
          tone={o.failedMail ? 'bad' : undefined}
        />
      </ul>
      <p className="text-sm">
        <Link
          to={tab('at-risk')}
          className="font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          At-risk members: memberships due within 60 days with a low engagement score
        </Link>
      </p>
      <section aria-labelledby="today-events" className="grid gap-2 rounded-xl border bg-card p-4">
        <h3 id="today-events" className="font-semibold">
          Upcoming events
        </h3>
        {o.upcomingEvents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No events in the next 60 days.</p>
        ) : (
          <ul className="grid gap-2">
            {o.upcomingEvents.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-2 last:border-0 last:pb-0"
              >
                <Link
                  to={paths.event.href(e.id)}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {e.title}
                </Link>
                <span className="text-sm text-muted-foreground tabular-nums">
                  {eventTime.format(new Date(e.startsAt))} · {e.seatsTaken}
                  {e.capacity === null ? '' : ` of ${e.capacity}`} seats
                  {e.waiting ? ` · ${e.waiting} waiting` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function Figure({
  to,
  label,
  value,
  detail,
  tone,
}: {
  to: string;
  label: string;
  value: ReactNode;
  detail: string;
  tone?: 'warn' | 'bad' | undefined;
}) {
  const toneClass =
    tone === 'bad' ? 'text-destructive' : tone === 'warn' ? 'text-primary' : 'text-foreground';
  return (
    <li>
      <Link
        to={to}
        className="grid h-full gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className={`text-3xl font-bold tracking-tight tabular-nums ${toneClass}`}>
          {value}
        </span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </Link>
    </li>
  );
}
