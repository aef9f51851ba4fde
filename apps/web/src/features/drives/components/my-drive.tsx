import { formatDateKey } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { myDrivesQueryOptions } from '@/lib/api/drives';
import { money } from './money';
import { GoalBar } from './progress';
import { ProspectBoard } from './prospect-board';

const day = (key: string) =>
  formatDateKey(key, { month: 'short', day: 'numeric', year: 'numeric' });

/** /account/sponsorship-drive: the volunteer's own prospects in each drive they work. */
export function MyDriveView() {
  const query = useQuery(myDrivesQueryOptions());
  if (query.error) return <p role="alert">{query.error.message}</p>;
  if (!query.data) return <p role="status">Loading your prospects…</p>;
  if (query.data.drives.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        You are not a volunteer of a sponsorship drive. The chamber&apos;s staff add volunteers.
      </p>
    );
  }
  return (
    <div className="grid gap-10">
      {query.data.drives.map((d) => (
        <section key={d.id} aria-labelledby={`drive-${d.id}`} className="grid gap-4">
          <div className="grid gap-2">
            <h2 id={`drive-${d.id}`} className="text-lg font-semibold">
              {d.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              {day(d.startsOn)} – {day(d.endsOn)} · the drive&apos;s goal{' '}
              {money(d.goalCents, d.currency)}
            </p>
            <GoalBar
              label="My pledges against the drive's goal"
              pledgedCents={d.pledgedCents}
              paidCents={d.paidCents}
              goalCents={d.goalCents}
            />
            <p className="text-sm">
              My prospects: {money(d.pledgedCents, d.currency)} pledged ·{' '}
              {money(d.invoicedCents, d.currency)} invoiced · {money(d.paidCents, d.currency)} paid
            </p>
          </div>
          <ProspectBoard prospects={d.prospects} currency={d.currency} driveId={null} />
        </section>
      ))}
    </div>
  );
}
