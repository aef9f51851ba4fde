import { formatMoney, membershipStatuses } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { duesReportQueryOptions } from '../api/memberships';
import { statusLabels } from '../lib/dues';
import { TabError, TabLoading } from './tab-states';

/** 'Mar 2026' for '2026-03'. */
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Dues received in a year by plan and month (refunds taken off), and memberships by status. */
export function DuesReportView() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const query = useQuery(duesReportQueryOptions(year));
  const years = Array.from({ length: 5 }, (_, i) => String(thisYear - i));
  const report = query.data;

  return (
    <div className="grid min-w-0 gap-4">
      <LabelledSelect
        label="Year"
        value={String(year)}
        options={years.map((y) => ({ value: y, label: y }))}
        onValueChange={(value) => setYear(Number(value))}
        className="w-32"
      />
      {report ? (
        <>
          <section aria-labelledby="dues-status-heading" className="grid gap-3">
            <h3 id="dues-status-heading" className="text-base font-semibold">
              Memberships today
            </h3>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {membershipStatuses.map((status) => (
                <div key={status} className="grid gap-1 rounded-xl border bg-card p-3">
                  <dt className="text-xs text-muted-foreground">{statusLabels[status]}</dt>
                  <dd className="text-xl font-semibold">{report.byStatus[status] ?? 0}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="dues-plan-heading" className="grid gap-3">
            <h3 id="dues-plan-heading" className="text-base font-semibold">
              Dues received in {report.year}: {formatMoney(report.totalCents, report.currency)}
            </h3>
            {report.totals.length > 0 ? (
              <ul aria-label="Totals by plan" className="flex flex-wrap gap-3">
                {report.totals.map((t) => (
                  <li key={t.planName} className="rounded-xl border bg-card px-3 py-2 text-sm">
                    <span className="text-muted-foreground">{t.planName}: </span>
                    <span className="font-semibold">
                      {formatMoney(t.amountCents, report.currency)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className="grid min-w-0 gap-3">
            <h3 id="dues-month-heading" className="text-base font-semibold">
              By plan and month
            </h3>
            {report.rows.length === 0 ? (
              <p role="status" className="text-sm text-muted-foreground">
                No dues received in {report.year}.
              </p>
            ) : (
              // A wide table scrolls inside its own box at 360 px, never the page.
              <div
                tabIndex={0}
                role="region"
                aria-labelledby="dues-month-heading"
                className="max-w-full overflow-x-auto rounded-xl border bg-card"
              >
                <table className="w-full text-left text-sm whitespace-nowrap">
                  <thead className="border-b bg-muted/50 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-3 sm:px-4">
                        Month
                      </th>
                      <th scope="col" className="px-3 py-3 sm:px-4">
                        Plan
                      </th>
                      <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                        Payments
                      </th>
                      <th scope="col" className="px-3 py-3 sm:px-4 text-right">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {report.rows.map((row) => (
                      <tr key={`${row.month}-${row.planName}`}>
                        <td className="px-3 py-2 sm:px-4 whitespace-nowrap">
                          {monthName(row.month)}
                        </td>
                        <td className="px-3 py-2 sm:px-4">{row.planName}</td>
                        <td className="px-3 py-2 sm:px-4 text-right">{row.payments}</td>
                        <td className="px-3 py-2 sm:px-4 text-right whitespace-nowrap">
                          {formatMoney(row.amountCents, report.currency)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : query.error ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <TabLoading label="Loading the dues report" count={2} className="h-24" />
      )}
    </div>
  );
}
