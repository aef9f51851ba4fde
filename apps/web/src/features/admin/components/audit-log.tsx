import type { AuditEntry } from '@chamber/contract';
import { ArrowRightIcon, HistoryIcon } from 'lucide-react';
import { useState } from 'react';
import { useAudit } from '../api/get-audit';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { auditActionLabel, auditChanges } from '../lib/audit-format';
import { formatDateTime } from '../lib/labels';
import { Pager } from './pager';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';

/** Audit tab: every staff change, newest first: when, who, what changed, and why. */
export function AuditLog() {
  const [page, setPage] = useState(0);
  const query = useAudit(page);
  const data = query.data;

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Audit Log</h2>
      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading the audit log" count={4} className="h-24" />
      ) : data.entries.length === 0 ? (
        <TabEmpty icon={HistoryIcon} title="No changes recorded yet.">
          <p className="text-muted-foreground">
            Changes to user accounts and to the chamber’s settings will be listed here.
          </p>
        </TabEmpty>
      ) : (
        <>
          <TabList
            label="Audit log"
            items={data.entries}
            busy={query.isPlaceholderData}
            render={(entry) => <AuditItem entry={entry} />}
          />
          <Pager
            page={page}
            count={data.entries.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun={['entry', 'entries']}
            label="Audit log pages"
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const planName = usePlanName();
  const changes = auditChanges(entry, planName);
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold">
          {auditActionLabel(entry.action)}: {entry.target.label}
        </h3>
        <p className="text-muted-foreground">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> by{' '}
          <span className="break-all">{entry.actor.email}</span>
        </p>
      </header>
      {changes.length > 0 ? (
        <ul className="grid gap-1.5">
          {changes.map((change) => (
            <li key={change.field} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{change.label}:</span>{' '}
              <span className="rounded bg-muted px-1.5 py-0.5 break-all text-muted-foreground line-through decoration-muted-foreground/60">
                <ColourChip value={change.before} />
                {change.before}
              </span>{' '}
              <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">changed to</span>{' '}
              <span className="rounded bg-muted px-1.5 py-0.5 break-all font-medium">
                <ColourChip value={change.after} />
                {change.after}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">
          {entry.action === 'user.delete'
            ? 'The account and all of its data were removed.'
            : 'Saved with no changes.'}
        </p>
      )}
      {entry.reason ? (
        <p>
          <span className="font-medium">Reason:</span> {entry.reason}
        </p>
      ) : null}
    </article>
  );
}

/** A colour value ('#1f5f8b') gets a small sample in front of it. */
function ColourChip({ value }: { value: string }) {
  if (!/^#[0-9a-f]{6}$/i.test(value)) return null;
  return (
    <span
      aria-hidden="true"
      className="mr-1.5 inline-block size-3 rounded-sm border border-foreground/20 align-[-1px]"
      style={{ backgroundColor: value }}
    />
  );
}
