import { formatMoney } from '@chamber/contract';
import { DownloadIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMediaQuery } from '@/lib/use-media-query';
import { useInsight } from '../api/cockpit';
import { saveCsv } from '../lib/csv';

/** The charts' colours: the theme's own, so light and dark both read. */
const colors = {
  primary: 'var(--primary)',
  success: 'var(--success)',
  destructive: 'var(--destructive)',
  muted: 'var(--muted-foreground)',
  grid: 'var(--border)',
  text: 'var(--muted-foreground)',
};
const axis = { stroke: colors.grid, tick: { fill: colors.text, fontSize: 12 } };
const tooltip = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
  },
  labelStyle: { color: 'var(--popover-foreground)' },
};
/**
 * A chart's series animate once as they appear, and not at all for those who ask for reduced
 * motion (WCAG 2.3.3).
 */
function useSeriesMotion() {
  return { isAnimationActive: !useMediaQuery('(prefers-reduced-motion: reduce)', true) };
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Admin → How the chamber is doing: charts, each with its table and CSV. */
export function Insights() {
  return (
    <section aria-labelledby="insights-heading" className="grid gap-4">
      <h2 id="insights-heading" className="text-xl font-semibold">
        How the chamber is doing
      </h2>
      <Retention />
      <div className="grid gap-4 xl:grid-cols-2">
        <MembersChart />
        <RevenueChart />
        <AttendanceChart />
        <PlansChart />
      </div>
    </section>
  );
}

function Retention() {
  const query = useInsight('retention');
  if (!query.data) return <Skeleton className="h-24 rounded-xl" />;
  const r = query.data;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {[
        {
          label: '12-month retention',
          value: r.twelveMonth,
          note: `of the ${r.twelveMonth.base} members on ${r.since}`,
        },
        {
          label: 'First-year retention',
          value: r.firstYear,
          note: `of the ${r.firstYear.base} who joined in the year before ${r.since}`,
        },
      ].map(({ label, value, note }) => (
        <div key={label} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className="text-3xl font-bold tabular-nums">{percent(value.rate)}</dd>
          <dd className="text-sm text-muted-foreground">
            {value.retained} still members today, {note}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ChartCard({
  title,
  summary,
  csvName,
  header,
  rows,
  loading,
  children,
}: {
  title: string;
  summary: string;
  csvName: string;
  header: string[];
  rows: (string | number)[][];
  loading: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={loading}
          onClick={() => saveCsv(csvName, [header, ...rows])}
        >
          <DownloadIcon aria-hidden="true" />
          CSV<span className="sr-only"> of {title}</span>
        </Button>
      </div>
      {loading ? (
        <Skeleton className="h-64 rounded-lg" />
      ) : (
        <>
          <div role="img" aria-label={summary} className="h-64 w-full min-w-0">
            {children}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Table of {title.toLowerCase()}</summary>
            <div
              className="mt-2 max-h-72 overflow-auto"
              tabIndex={0}
              role="region"
              aria-label={`${title} table`}
            >
              <table className="w-full text-left tabular-nums">
                <thead>
                  <tr className="border-b">
                    {header.map((h) => (
                      <th key={h} scope="col" className="px-2 py-1 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i} className="border-b last:border-0">
                      {row.map((cell, j) =>
                        j === 0 ? (
                          <th key={j} scope="row" className="px-2 py-1 font-normal">
                            {cell}
                          </th>
                        ) : (
                          <td key={j} className="px-2 py-1">
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

function MembersChart() {
  const motion = useSeriesMotion();
  const { data } = useInsight('members', 24);
  const months = data?.months ?? [];
  const last = months.at(-1);
  return (
    <ChartCard
      title="Members over 24 months"
      summary={
        last
          ? `Members per month for 24 months; ${last.members} members in ${last.month}.`
          : 'Members per month'
      }
      csvName="members-by-month.csv"
      header={['Month', 'Joins', 'Renewals', 'Lapses', 'Members']}
      rows={months.map((m) => [m.month, m.joins, m.renewals, m.lapses, m.members])}
      loading={!data}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={months} accessibilityLayer={false}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="month" {...axis} />
          <YAxis yAxisId="flow" allowDecimals={false} {...axis} />
          <YAxis yAxisId="total" orientation="right" allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} />
          <Legend />
          <Bar {...motion} yAxisId="flow" dataKey="joins" name="Joins" fill={colors.success} />
          <Bar
            {...motion}
            yAxisId="flow"
            dataKey="renewals"
            name="Renewals"
            fill={colors.primary}
          />
          <Bar
            {...motion}
            yAxisId="flow"
            dataKey="lapses"
            name="Lapses"
            fill={colors.destructive}
          />
          <Line
            {...motion}
            yAxisId="total"
            dataKey="members"
            name="Members"
            stroke={colors.muted}
            dot={false}
            strokeWidth={2}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function RevenueChart() {
  const motion = useSeriesMotion();
  const { data } = useInsight('revenue', 12);
  const months = data?.months ?? [];
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'USD');
  const total = months.reduce((sum, m) => sum + m.totalCents, 0);
  return (
    <ChartCard
      title="Revenue by month"
      summary={`Money received per month for 12 months, by dues, tickets and other; ${money(total)} in all.`}
      csvName="revenue-by-month.csv"
      header={['Month', 'Dues', 'Tickets', 'Other', 'Total']}
      rows={months.map((m) => [
        m.month,
        money(m.duesCents),
        money(m.ticketsCents),
        money(m.otherCents),
        money(m.totalCents),
      ])}
      loading={!data}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={months.map((m) => ({
            month: m.month,
            dues: m.duesCents / 100,
            tickets: m.ticketsCents / 100,
            other: m.otherCents / 100,
          }))}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="month" {...axis} />
          <YAxis {...axis} />
          <Tooltip {...tooltip} formatter={(value) => money(Math.round(Number(value) * 100))} />
          <Legend />
          <Bar {...motion} dataKey="dues" name="Dues" stackId="money" fill={colors.primary} />
          <Bar {...motion} dataKey="tickets" name="Tickets" stackId="money" fill={colors.success} />
          <Bar {...motion} dataKey="other" name="Other" stackId="money" fill={colors.muted} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function AttendanceChart() {
  const motion = useSeriesMotion();
  const { data } = useInsight('attendance', 12);
  const events = (data?.events ?? []).slice(-12);
  return (
    <ChartCard
      title="Event attendance"
      summary={`People registered and checked in at the last ${events.length} events.`}
      csvName="event-attendance.csv"
      header={['Event', 'Date', 'Registered', 'Checked in']}
      rows={(data?.events ?? []).map((e) => [
        e.title,
        shortDate.format(new Date(e.startsAt)),
        e.registered,
        e.checkedIn,
      ])}
      loading={!data}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={events.map((e) => ({ ...e, label: shortDate.format(new Date(e.startsAt)) }))}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip
            {...tooltip}
            labelFormatter={(_, items) => String(items[0]?.payload?.title ?? '')}
          />
          <Legend />
          <Bar {...motion} dataKey="registered" name="Registered" fill={colors.primary} />
          <Bar {...motion} dataKey="checkedIn" name="Checked in" fill={colors.success} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function PlansChart() {
  const motion = useSeriesMotion();
  const { data } = useInsight('plans');
  const plans = data?.plans ?? [];
  return (
    <ChartCard
      title="Members by plan"
      summary={plans.map((p) => `${p.name}: ${p.members}`).join(', ') || 'Members by plan'}
      csvName="members-by-plan.csv"
      header={['Plan', 'Members']}
      rows={plans.map((p) => [p.name, p.members])}
      loading={!data}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={plans} layout="vertical" accessibilityLayer={false}>
          <CartesianGrid stroke={colors.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...axis} />
          <YAxis type="category" dataKey="name" width={90} {...axis} />
          <Tooltip {...tooltip} />
          <Bar {...motion} dataKey="members" name="Members" fill={colors.primary} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
