import { paths } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { myDrivesQueryOptions } from '@/lib/api/drives';

/** On /account: a link to the volunteer's board, for a login that volunteers in a drive. */
export function MyDriveEntry() {
  const query = useQuery(myDrivesQueryOptions());
  const drives = query.data?.drives ?? [];
  if (drives.length === 0) return null;
  const open = drives.reduce(
    (n, d) => n + d.prospects.filter((p) => p.status !== 'paid').length,
    0,
  );
  return (
    <section
      aria-labelledby="account-drive"
      className="grid gap-2 rounded-xl border bg-card p-6 text-sm"
    >
      <h2 id="account-drive" className="text-lg font-semibold">
        Sponsorship drive
      </h2>
      <p>
        You volunteer in {drives.map((d) => d.name).join(', ')}: {open} prospect
        {open === 1 ? '' : 's'} still to see through.
      </p>
      <Link to={paths.myDrive.href()} className="font-medium underline underline-offset-4">
        My prospects
      </Link>
    </section>
  );
}
