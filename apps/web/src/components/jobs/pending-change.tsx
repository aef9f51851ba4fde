import type { JobPost } from '@chamber/contract';
import { changeRows } from '@/lib/jobs/job-text';

/**
 * A live post's waiting change, field by field: what the board shows now and what the change
 * would show. Nothing when no change waits.
 */
export function PendingChange({ job, caption }: { job: JobPost; caption: string }) {
  const rows = changeRows(job);
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-0 table-fixed text-left text-sm">
        <caption className="px-3 pt-2 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="w-24 px-3 py-2 font-medium sm:w-32">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Now
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Changed to
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b align-top last:border-0">
              <th scope="row" className="px-3 py-2 font-medium">
                {row.label}
              </th>
              <td className="px-3 py-2 whitespace-pre-line text-muted-foreground">{row.before}</td>
              <td className="px-3 py-2 whitespace-pre-line">{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
