import type { AuditEntry, AuditList } from '@chamber/contract';
import { ArrowRightIcon, FilterIcon, HistoryIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DownloadButton } from '@/components/files/download-button';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { SearchField } from '@/components/forms/search-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import type { AuditFilters } from '../api/admin-keys';
import { auditFilterParams, useAudit } from '../api/get-audit';
import { auditActionLabel, auditChanges, auditEntityLabel } from '../lib/audit-format';
import { formatDateTime } from '../lib/labels';
import { Pager } from './pager';
import { SEARCH_DEBOUNCE_MS } from './user-management';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';

const noFilters: AuditFilters = { actor: '', entity: '', target: '', from: '', to: '', q: '' };
const ANY = 'any';

/**
 * Audit tab: every staff change, newest first: when, who (by name), what changed (only the
 * fields that did, before and after) and why; filtered by who, the kind of record, one record,
 * the days and a search, and downloaded as CSV with the same filters.
 */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const [targetLabel, setTargetLabel] = useState('');
  const q = useDebouncedValue(filters.q.trim(), SEARCH_DEBOUNCE_MS);
  // A reversed range would be refused: the list waits until the days are in order.
  const rangeOk = !filters.from || !filters.to || filters.from <= filters.to;
  const applied: AuditFilters = { ...filters, q, ...(rangeOk ? {} : { from: '', to: '' }) };

  const filterKey = JSON.stringify(applied);
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const query = useAudit(applied, page);
  const data = query.data;
  const change = (next: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...next }));
  const filtered = Object.values(filters).some(Boolean);
  const csvQuery = auditFilterParams(applied).toString();

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Audit Log</h2>
      <AuditToolbar filters={filters} facets={data?.facets} rangeOk={rangeOk} onChange={change} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {filters.target ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <FilterIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span>
              Only <span className="font-medium break-all">{targetLabel || filters.target}</span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                change({ target: '' });
                setTargetLabel('');
              }}
            >
              <XIcon aria-hidden="true" />
              Show every record
            </Button>
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setFilters(noFilters);
                setTargetLabel('');
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <DownloadButton
            path={`/admin/audit.csv${csvQuery ? `?${csvQuery}` : ''}`}
            filename="audit-log.csv"
            failureMessage="Failed to export the audit log"
          >
            Export audit log (CSV)
          </DownloadButton>
        </div>
      </div>
      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading the audit log" count={4} className="h-24" />
      ) : data.entries.length === 0 ? (
        filtered ? (
          <TabEmpty icon={HistoryIcon} title="No changes match these filters.">
            <p className="text-muted-foreground">Try fewer filters or other days.</p>
          </TabEmpty>
        ) : (
          <TabEmpty icon={HistoryIcon} title="No changes recorded yet.">
            <p className="text-muted-foreground">
              Changes to user accounts and to the chamber’s settings will be listed here.
            </p>
          </TabEmpty>
        )
      ) : (
        <>
          <TabList
            label="Audit log"
            items={data.entries}
            busy={query.isPlaceholderData}
            render={(entry) => (
              <AuditItem
                entry={entry}
                onRecord={
                  filters.target === entry.target.id
                    ? undefined
                    : () => {
                        change({ target: entry.target.id });
                        setTargetLabel(entry.target.label);
                      }
                }
              />
            )}
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

/** The filters as controls: a search, who, the kind of record, and the first and last day. */
function AuditToolbar({
  filters,
  facets,
  rangeOk,
  onChange,
}: {
  filters: AuditFilters;
  facets: AuditList['facets'] | undefined;
  rangeOk: boolean;
  onChange: (change: Partial<AuditFilters>) => void;
}) {
  const searchId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeError = useId();
  const actors = facets?.actors ?? [];
  const entities = facets?.entities ?? [];
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm lg:grid-cols-[minmax(12rem,1fr)_auto_auto_auto_auto] lg:items-end">
      <SearchField
        id={searchId}
        label="Search the audit log"
        value={filters.q}
        placeholder="Search names, records, reasons..."
        onValueChange={(q) => onChange({ q })}
      />
      <div className="grid grid-cols-2 gap-4 lg:contents">
        <LabelledSelect
          label="Who"
          value={filters.actor || ANY}
          options={[
            { value: ANY, label: 'Anyone' },
            ...actors.map((a) => ({ value: a.id, label: a.name })),
          ]}
          onValueChange={(actor) => onChange({ actor: actor === ANY ? '' : actor })}
          className="min-w-0 lg:w-44"
        />
        <LabelledSelect
          label="Record type"
          value={filters.entity || ANY}
          options={[
            { value: ANY, label: 'Any record' },
            ...entities.map((e) => ({ value: e, label: auditEntityLabel(e) })),
          ]}
          onValueChange={(entity) => onChange({ entity: entity === ANY ? '' : entity })}
          className="min-w-0 lg:w-44"
        />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:contents">
        <div className="grid gap-1.5">
          <Label htmlFor={fromId} className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id={fromId}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
            aria-invalid={!rangeOk || undefined}
            aria-describedby={rangeOk ? undefined : rangeError}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={toId} className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id={toId}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
            aria-invalid={!rangeOk || undefined}
            aria-describedby={rangeOk ? undefined : rangeError}
          />
        </div>
      </div>
      {rangeOk ? null : (
        <p id={rangeError} role="alert" className="text-sm text-destructive lg:col-span-full">
          The first day must not be after the last day.
        </p>
      )}
    </div>
  );
}

function AuditItem({
  entry,
  onRecord,
}: {
  entry: AuditEntry;
  onRecord?: (() => void) | undefined;
}) {
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
          <span className="font-medium" title={entry.actor.email}>
            {entry.actor.name}
          </span>
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
      {onRecord ? (
        <p>
          <Button variant="link" size="sm" className="h-auto p-0" onClick={onRecord}>
            <HistoryIcon aria-hidden="true" />
            History of this record
          </Button>
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
